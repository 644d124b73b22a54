import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paymentAccount, signedIn } from '@/test/fixtures';
import { startRealtimeApi } from '@/test/realtime-server';
import { renderApp } from '@/test/render-app';
import { homeRoutes } from '@/test/signed-in-home';

/** /home with one EUR account whose balance the test moves, and a real /realtime endpoint. */
async function renderLiveHome() {
  let balance = '1250.5';
  const { api, realtime } = await startRealtimeApi(homeRoutes(() => [paymentAccount({ balance })]));
  const view = await renderApp({ path: '/home', apiBaseUrl: api.url, ...signedIn });
  return {
    ...view,
    realtime,
    setBalance: (next: string) => {
      balance = next;
    },
    accountCalls: () =>
      api.requests.filter((request) => request.path === '/api/main/?getAccounts').length,
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
