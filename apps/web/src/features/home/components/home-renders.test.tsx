import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as Money from '@ledgerline/domain/money';
import { formatMoney } from '@ledgerline/domain/money';
import { createGate } from '@/test/api-server';
import { paymentAccount, signedIn } from '@/test/fixtures';
import { startRealtimeApi } from '@/test/realtime-server';
import { renderApp } from '@/test/render-app';
import { homeRoutes } from '@/test/signed-in-home';

// The amounts the screen draws, counted: drawing an account's balance again means its row
// rendered again (decision 127).
vi.mock('@ledgerline/domain/money', async (importOriginal) => {
  const money = await importOriginal<typeof Money>();
  return { ...money, formatMoney: vi.fn(money.formatMoney) };
});

const balanceRow = () => screen.getByTestId('account-row');

describe('home: what it renders again', () => {
  it('does not draw the accounts again when the realtime channel opens', async () => {
    let balance = '1250.5';
    // The channel opens only when the test says, after the accounts are on the screen.
    const ticket = createGate();
    const { api, realtime: channel } = await startRealtimeApi(
      homeRoutes(() => [paymentAccount({ balance })], {
        'POST /api/auth/realtime-ticket': async () => {
          await ticket.promise;
          return { body: { ticket: 'ticket-1', expiresInSeconds: 30 } };
        },
      }),
    );
    await renderApp({ path: '/home', apiBaseUrl: api.url, ...signedIn });
    await waitFor(() => expect(balanceRow()).toHaveTextContent('€1,250.50'));
    const oldBalanceDrawn = () =>
      vi.mocked(formatMoney).mock.calls.filter(([amount]) => Number(amount) === 1250.5).length;
    const drawnBefore = oldBalanceDrawn();

    ticket.open();
    await waitFor(() => expect(channel.open()).toHaveLength(1));
    // An event sent after the opening reaches the tab after it: once its new balance shows, the
    // tab has handled the opening too, and nothing but the new balance was drawn meanwhile.
    balance = '1190.25';
    await channel.push({ type: 'AccountChanged', payload: { accountId: 100 } });
    await waitFor(() => expect(balanceRow()).toHaveTextContent('€1,190.25'));
    expect(oldBalanceDrawn()).toBe(drawnBefore);
  });
});
