import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer, type TestApiServer } from '@/test/api-server';
import { paymentAccount, signedIn } from '@/test/fixtures';
import { serveRealtime, type TestRealtimeServer } from '@/test/realtime-server';
import { renderApp } from '@/test/render-app';
import { homeRoutes } from '@/test/signed-in-home';

let api: TestApiServer | undefined;
let realtime: TestRealtimeServer | undefined;
afterEach(async () => {
  await realtime?.close();
  realtime = undefined;
  await api?.close();
  api = undefined;
});

/** /home with one EUR account whose balance the test moves, and a real /realtime endpoint. */
async function renderLiveHome() {
  let balance = '1250.5';
  api = await startApiServer(homeRoutes(() => [paymentAccount({ balance })]));
  realtime = serveRealtime(api.server);
  const view = await renderApp({ path: '/home', apiBaseUrl: api.url, ...signedIn });
  const server = api;
  return {
    ...view,
    realtime,
    setBalance: (next: string) => {
      balance = next;
    },
    accountCalls: () =>
      server.requests.filter((request) => request.path === '/api/main/?getAccounts').length,
  };
}

const balanceRow = () => screen.getByTestId('account-row');

describe('home: live balances', () => {
  it('shows the new balance when the realtime channel says the account changed, one call for a burst of events', async () => {
    const { realtime, setBalance, accountCalls } = await renderLiveHome();
    await waitFor(() => expect(balanceRow()).toHaveTextContent('€1,250.50'));
    await waitFor(() => expect(realtime.open()).toHaveLength(1));
    expect(accountCalls()).toBe(1);

    // A transfer settles: the server moves the balance and says so, three times in a row.
    setBalance('1190.25');
    for (let i = 0; i < 3; i += 1)
      await realtime.push({ type: 'AccountChanged', payload: { accountId: 100 } });
    await waitFor(() => expect(balanceRow()).toHaveTextContent('€1,190.25'));
    expect(accountCalls()).toBe(2);
  });

  it('catches up when the channel comes back after a drop (events sent meanwhile are lost)', async () => {
    const { realtime, setBalance, accountCalls } = await renderLiveHome();
    await waitFor(() => expect(balanceRow()).toHaveTextContent('€1,250.50'));
    await waitFor(() => expect(realtime.open()).toHaveLength(1));
    setBalance('10');
    realtime.open()[0]!.terminate();
    // The tab reconnects by itself, with a new ticket, and refetches the list.
    await waitFor(() => expect(realtime.connections).toHaveLength(2));
    await waitFor(() => expect(balanceRow()).toHaveTextContent('€10.00'));
    expect(accountCalls()).toBe(2);
  });
});
