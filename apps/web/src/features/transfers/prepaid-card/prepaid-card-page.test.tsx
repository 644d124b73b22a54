import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Routes } from '@/test/api-server';
import { paymentAccount, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import {
  ALL_FLAGS,
  EUR,
  accessInfo,
  ok,
  refused,
  serveTransfers,
  submitResult,
  type TransfersServer,
} from '../test/transfers-api';

let server: TransfersServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const CARD_ID = 300;
const card = (balance = '20') =>
  paymentAccount({
    accountId: CARD_ID,
    type: 2007,
    subType: 'PREPAID',
    balance,
    cardIsVirtual: true,
    maskedCardNumber: '•••• 1838',
    cardBrand: 'mastercard',
    cardExpiryMonth: 11,
    cardExpiryYear: 2029,
  });
const limits = {
  accountId: CARD_ID,
  currency: 'EUR',
  balance: '20',
  maxBalance: '10000',
  roomLeft: '9980',
  minLoad: '5',
  maxLoad: '2500',
  daily: { limit: '5000', used: '0', remaining: '5000' },
  monthly: { limit: '10000', used: '0', remaining: '10000' },
  canUnload: true,
};
const quote = {
  direction: 'load',
  amount: '40',
  currency: 'EUR',
  accountAmount: '40',
  accountCurrency: 'EUR',
  rate: '1',
  fee: '0.5',
  feeCurrency: 'EUR',
  total: '40.5',
  cardBalanceAfter: '60',
};

async function open(routes: Routes = {}) {
  let balance = '20';
  server = await serveTransfers({
    'POST /api/main/?getCustomerAccessInfo': () =>
      ok(accessInfo({ flags: { ...ALL_FLAGS, 'otherPerson.loadPrepaidCard': true } })),
    'POST /api/main/?getAccounts': () => ok({ accounts: [EUR(), card(balance)] }),
    'POST /api/main/?getPrepaidCardLimits': () => ok(limits),
    'POST /api/main/?quotePrepaidCard': () => ok(quote),
    'POST /api/main/?loadPrepaidCard': () => {
      balance = '60';
      return ok(submitResult({ fee: '0.5' }));
    },
    ...routes,
  });
  return renderApp({ path: `/card/${CARD_ID}/load`, apiBaseUrl: server.url, ...signedIn });
}

// The whole app renders with a real API client and server, then the review: slower than 15 s on a busy machine.
describe('/card/{id}/load', { timeout: 40_000 }, () => {
  it('reviews the load with its fee and the balance after, loads it once, and shows the new balance', async () => {
    const { user } = await open();
    await screen.findByRole('heading', { level: 1, name: 'Load card •••• 1838' });
    await waitFor(() =>
      expect(screen.getByTestId('fact-todayLeft')).toHaveTextContent('€5,000.00'),
    );
    await user.selectOptions(screen.getByLabelText('From account'), '100');
    await user.type(screen.getByLabelText('Amount'), '40');
    await user.click(screen.getByRole('button', { name: 'Review transfer' }));

    const review = await screen.findByRole('dialog', { name: 'Check and confirm' });
    // The figures come from the quote of the reviewed amount.
    await waitFor(() =>
      expect(within(review).getByTestId('review-fee')).toHaveTextContent('€0.50'),
    );
    expect(within(review).getByTestId('review-balanceAfter')).toHaveTextContent('€60.00');
    expect(within(review).getByTestId('review-total')).toHaveTextContent('€40.50');
    expect(server!.calls('loadPrepaidCard')).toEqual([]);
    await user.click(within(review).getByRole('button', { name: 'Load €40.00' }));

    await screen.findByRole('dialog', { name: 'Transfer completed' });
    const [sent] = server!.calls('loadPrepaidCard');
    expect(sent).toMatchObject({ accountId: CARD_ID, paymentAccountId: 100, amount: '40' });
    expect(server!.calls('loadPrepaidCard')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTestId('fact-cardBalance')).toHaveTextContent('€60.00'));
    // The signed-in frame keeps one more (empty) live region for the batch notice.
    const loaded = screen
      .getAllByRole('status')
      .filter((region) => region.textContent?.includes('€40.00 was loaded'));
    expect(loaded).toHaveLength(1);
  });

  it('puts a refused amount on its field and sends nothing', async () => {
    const { user } = await open({
      'POST /api/main/?quotePrepaidCard': () =>
        refused('The card may hold at most 10000 EUR', { amount: 'validation.cardMaxBalance' }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Load card •••• 1838' });
    await user.selectOptions(screen.getByLabelText('From account'), '100');
    await user.type(screen.getByLabelText('Amount'), '40');
    await user.click(screen.getByRole('button', { name: 'Review transfer' }));
    expect(
      await screen.findByText('The card cannot hold that much: load less.'),
    ).toBeInTheDocument();
    // On the field, the review closed: never first in the review, then moved.
    expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription(
      /The card cannot hold that much: load less\./,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server!.calls('loadPrepaidCard')).toEqual([]);
  });

  it('says so instead of a form without the “load prepaid card” flag', async () => {
    await open({
      'POST /api/main/?getCustomerAccessInfo': () => ok(accessInfo({ flags: ALL_FLAGS })),
    });
    expect(
      await screen.findByRole('heading', { name: 'This card cannot be used for this' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Amount')).not.toBeInTheDocument();
  });
});
