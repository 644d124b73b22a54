import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createGate, startApiServer, type Routes, type TestApiServer } from '@/test/api-server';
import { demoCustomer, ok, paymentAccount, signedIn, verificationInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

function accessInfo(balanceInfo = 2, transferFlags: Record<string, boolean> = {}) {
  return {
    customer: { id: 70, username: 'anna@pebble.example', name: 'Anna Berg' },
    accessList: { balanceInfo, transfers: balanceInfo, companyDocuments: 2 },
    accessRights: balanceInfo,
    permissions: {
      viewBalances: balanceInfo > 0,
      initiateTransfers: balanceInfo > 0,
      ...transferFlags,
    },
    isNeedKyc: false,
    businessRepresentativePositionIds: [],
    taxResidencySelfCertificationDocumentStatus: 'validated',
    accessibleCustomers: [],
  };
}

const verification = verificationInfo;

const account = (overrides: Record<string, unknown>) =>
  paymentAccount({ accountId: 1, balance: '0', createdAt: '2026-01-02T10:00:00Z', ...overrides });

// The server's order on purpose: the closed account first, so the screen's sort shows.
const ACCOUNTS = [
  account({ accountId: 9, currencyCode: 'CAD', accountStatusId: 4, balance: '0' }),
  account({ accountId: 11, currencyCode: 'EUR', balance: '1234.5', pendingAmount: '12.3' }),
  account({ accountId: 12, currencyCode: 'USD', balance: '0.12345678', name: 'Travel money' }),
  account({ accountId: 13, type: 4001, subType: 'PREPAID', currencyCode: 'GBP', balance: '-5' }),
  account({ accountId: 14, type: 4002, currencyCode: 'RON', balance: '1000000' }),
  account({
    accountId: 20,
    type: 2010,
    subType: 'PREPAID',
    currencyCode: 'EUR',
    balance: '45',
    cardIsVirtual: true,
    maskedCardNumber: '•••• 4242',
    cardBrand: 'visa',
  }),
];

const INSTRUCTION = {
  id: 501,
  accountId: 11,
  currencyCode: 'EUR',
  beneficiaryName: 'Anna Berg',
  bankName: 'Pebble Wallet UAB',
  bankAddress: 'Gedimino pr. 1, Vilnius',
  bankAccountNumber: 'LT12 1000 0111 0100 1000',
  iban: 'LT121000011101001000',
  swift: 'PBBLLT21',
  sortCode: null,
  routingNumber: null,
  transitNumber: null,
  reference: 'ACC-11',
  viewed: false,
};

const TOTAL = {
  currencyCode: 'EUR',
  total: '2345.67',
  isConverted: true,
  rateDate: '2026-03-02',
  excludedCurrencies: [],
};

const SPENDING = {
  currencyCode: 'EUR',
  months: [
    { yearMonth: '2025-10', amount: '0.00' },
    { yearMonth: '2025-11', amount: '120.50' },
    { yearMonth: '2025-12', amount: '980.00' },
    { yearMonth: '2026-01', amount: '45.10' },
    { yearMonth: '2026-02', amount: '0.00' },
    { yearMonth: '2026-03', amount: '310.99' },
  ],
  isConverted: false,
  excludedCurrencies: [],
};

const historyItem = (overrides: Record<string, unknown>) => ({
  transactionId: '00000000-0000-4000-8000-000000000001',
  date: '2026-03-01T09:30:00Z',
  operationType: 'p2p',
  operationTypeId: 1,
  amount: '25.5',
  currency: 'EUR',
  fee: '0',
  direction: 'out',
  status: 'completed',
  counterparty: 'Marta Silva',
  description: null,
  ...overrides,
});

const RECENT = [
  historyItem({}),
  historyItem({
    transactionId: '00000000-0000-4000-8000-000000000002',
    direction: 'in',
    amount: '100',
    counterparty: null,
    operationType: 'card_purchase',
    status: 'processing',
  }),
];

function routes(overrides: Routes = {}): Routes {
  return {
    'POST /api/main/?getCustomerInfo': () => ok({ customer: demoCustomer() }),
    'POST /api/main/?getCustomerAccessInfo': () => ok(accessInfo()),
    'POST /api/main/?getVerificationInfo': () => ok(verification()),
    'POST /api/main/?getAccounts': () => ok({ accounts: ACCOUNTS }),
    'POST /api/main/?getPaymentInstructions': () => ok({ instructions: [INSTRUCTION] }),
    'POST /api/main/?getDefaultExchangeRates': () =>
      ok({
        base: 'EUR',
        date: '2026-03-02',
        rates: [
          { currencyCode: 'USD', rate: '1.0856' },
          { currencyCode: 'JPY', rate: '162.3' },
        ],
      }),
    'POST /api/main/?getAnnouncements': () => ok({ announcements: [] }),
    'POST /api/main/?getTotalBalance': () => ok(TOTAL),
    'POST /api/main/?getSpendingByMonth': () => ok(SPENDING),
    'POST /api/main/?getTransactionHistory': () =>
      ok({ items: RECENT, nextCursor: null, pageNumber: 1, pageSize: 5 }),
    'POST /api/main/?getTransactionTypes': () => ({
      body: {
        responseCode: 'SUCCESS',
        responseDescription: 'OK',
        transactions: [
          { id: 1, code: 'p2p', name: 'Payment to a person' },
          { id: 2, code: 'card_purchase', name: 'Card purchase' },
        ],
      },
    }),
    ...overrides,
  };
}

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function renderHome(overrides: Routes = {}, language: 'en' | 'ro' = 'en') {
  server = await startApiServer(routes(overrides));
  const view = await renderApp({ path: '/home', apiBaseUrl: server.url, language, ...signedIn });
  return { ...view, api: server };
}

const rowTexts = () => screen.getAllByTestId('account-row').map((row) => row.textContent ?? '');

describe('home: accounts', () => {
  it('shows each account with its symbol, the currency’s decimals and pending amount, sorted and grouped', async () => {
    await renderHome();
    await screen.findByRole('heading', { name: 'Your accounts' });
    await waitFor(() => expect(screen.getAllByTestId('account-row')).toHaveLength(5));
    const rows = rowTexts();
    // Payment accounts by accountStatusId: the closed CAD account (4) after the active ones (2).
    expect(rows[0]).toContain('EUR account');
    expect(rows[0]).toContain('€1,234.50');
    expect(rows[0]).toContain('Pending: €12.30');
    expect(rows[0]).toContain('Default for history');
    expect(rows[1]).toContain('Travel money');
    expect(rows[1]).toContain('$0.12');
    expect(rows[1]).not.toContain('0.123');
    expect(rows[1]).not.toContain('Pending');
    expect(rows[2]).toContain('Closed');
    expect(rows[2]).toContain('CAD');
    expect(rows[3]).toContain('-£5.00');
    expect(rows[4]).toContain('1,000,000.00 lei');
    expect(screen.getByRole('heading', { name: 'Wallets' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Receiving accounts' })).toBeInTheDocument();
    // The card sits in the cards summary, which leads to the cards screens.
    const cards = screen.getByRole('region', { name: 'Cards' });
    expect(cards).toHaveTextContent('Visa •••• 4242');
    expect(cards).toHaveTextContent('€45.00');
    expect(within(cards).getByRole('link', { name: 'Manage cards' })).toHaveAttribute(
      'href',
      '/cards',
    );
  });

  it('groups digits and decimals the Romanian way in Romanian', async () => {
    await renderHome({}, 'ro');
    await waitFor(() => expect(screen.getAllByTestId('account-row')).toHaveLength(5));
    const rows = rowTexts();
    expect(rows[0]).toContain('€1.234,50');
    expect(rows[4]).toContain('1.000.000,00 lei');
  });

  it('puts send, add money and exchange first, each leading to its screen, and the rest in a menu', async () => {
    const { user } = await renderHome({
      'POST /api/main/?getCustomerAccessInfo': () =>
        ok(
          accessInfo(2, {
            'otherPerson.p2p': true,
            'ownAccount.betweenAccounts': true,
            'otherPerson.wire': true,
          }),
        ),
    });
    const actions = await screen.findByRole('list', { name: 'Quick actions' });
    await waitFor(() =>
      expect(within(actions).getByRole('link', { name: 'Send' })).toHaveAttribute(
        'href',
        '/transfer/p2p',
      ),
    );
    expect(within(actions).getByRole('link', { name: 'Exchange' })).toHaveAttribute(
      'href',
      '/transfer/account',
    );
    // Add money opens the payment details of the account money is paid into.
    await user.click(within(actions).getByRole('button', { name: 'Add money' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    expect(await within(dialog).findByText('LT12 1000 0111 0100 1000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(actions).getByRole('button', { name: 'More actions' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Add currency',
      'Create wallet',
      'To another bank',
      'Cards',
      'Apply for a card',
      'Link a card',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Apply for a card' })).toHaveAttribute(
      'href',
      '/cards?apply=1',
    );
    expect(within(menu).getByRole('menuitem', { name: 'To another bank' })).toHaveAttribute(
      'href',
      '/transfer/external',
    );
  });

  it('shows a representative without balance access no balances and asks for no accounts', async () => {
    const { api } = await renderHome({
      'POST /api/main/?getCustomerAccessInfo': () => ok(accessInfo(0)),
    });
    expect(await screen.findByText('No access to accounts')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Quick actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Total balance' })).not.toBeInTheDocument();
    expect(screen.queryByText('€1,234.50')).not.toBeInTheDocument();
    expect(api.requests.some((request) => request.path === '/api/main/?getAccounts')).toBe(false);
  });

  it('shows an empty state when the customer has no accounts yet', async () => {
    await renderHome({ 'POST /api/main/?getAccounts': () => ok({ accounts: [] }) });
    expect(await screen.findByText('You have no accounts yet')).toBeInTheDocument();
  });

  it('shows a failed account load with a retry that works', async () => {
    // Refused until the customer asks again: the route's loader asks first, and the screen asks
    // once more when it mounts if that first answer was a refusal.
    let retried = false;
    const { user } = await renderHome({
      'POST /api/main/?getAccounts': () =>
        retried
          ? ok({ accounts: ACCOUNTS })
          : { status: 403, body: { responseCode: '13', responseDescription: 'Access denied' } },
    });
    const alert = await screen.findByRole('alert', { name: "We couldn't load your accounts" });
    expect(alert).toHaveTextContent('Access denied');
    retried = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('account-row')).toHaveLength(5));
  });

  it('asks for the customer and its verification facts while the access info is on its way', async () => {
    // Before, they waited for the layout's loader (the access info) and then for the first render.
    const access = createGate();
    const { api } = await renderHome({
      'POST /api/main/?getCustomerAccessInfo': () => ({
        ...ok(accessInfo()),
        hold: access.promise,
      }),
    });
    const asked = (method: string) =>
      api.requests.some((request) => request.path === `/api/main/?${method}`);
    await waitFor(() => {
      expect(asked('getCustomerAccessInfo')).toBe(true);
      expect(asked('getCustomerInfo')).toBe(true);
      expect(asked('getVerificationInfo')).toBe(true);
    });
    // The accounts follow the access info, which says whether this user sees balances.
    expect(asked('getAccounts')).toBe(false);
    access.open();
    await waitFor(() => expect(screen.getAllByTestId('account-row')).toHaveLength(5));
  });

  it('asks for the payment details and the total beside the accounts, not after the overview', async () => {
    // Before, the total was asked for only once the overview showed, after the accounts and their
    // payment details had arrived: one more round trip before home's first figure.
    const accounts = createGate();
    const { api } = await renderHome({
      'POST /api/main/?getAccounts': () => ({
        ...ok({ accounts: ACCOUNTS }),
        hold: accounts.promise,
      }),
    });
    const asked = (method: string) =>
      api.requests.some((request) => request.path === `/api/main/?${method}`);
    await waitFor(() => {
      expect(asked('getAccounts')).toBe(true);
      expect(asked('getPaymentInstructions')).toBe(true);
      expect(asked('getTotalBalance')).toBe(true);
    });
    accounts.open();
    expect(await screen.findByTestId('total-balance')).toBeInTheDocument();
    const count = (method: string) =>
      api.requests.filter((request) => request.path === `/api/main/?${method}`).length;
    expect(count('getPaymentInstructions')).toBe(1);
    expect(count('getTotalBalance')).toBe(1);
  });

  it('shows payment details with a "new" mark, and marks them viewed when opened', async () => {
    let viewed = false;
    const { user, api } = await renderHome({
      'POST /api/main/?getPaymentInstructions': () =>
        ok({ instructions: [{ ...INSTRUCTION, viewed }] }),
      'POST /api/main/?markPaymentInstructionViewed': () => {
        viewed = true;
        return ok({ instruction: { ...INSTRUCTION, viewed: true } });
      },
    });
    const button = await screen.findByRole('button', {
      name: 'Payment details for EUR account (new)',
    });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    // Read in groups of four.
    expect(await within(dialog).findByText('LT12 1000 0111 0100 1000')).toBeInTheDocument();
    expect(within(dialog).getByText('PBBLLT21')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy IBAN' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        api.requests.find((request) => request.path === '/api/main/?markPaymentInstructionViewed')
          ?.body,
      ).toMatchObject({
        instructionId: 501,
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(
      await screen.findByRole('button', { name: 'Payment details for EUR account' }),
    ).toBeInTheDocument();
  });

  it('adds a currency the customer does not hold yet, and the new account appears at once', async () => {
    const opened = account({ accountId: 30, currencyCode: 'CHF', balance: '0' });
    let accounts = ACCOUNTS;
    const { user, api } = await renderHome({
      'POST /api/main/?getAccounts': () => ok({ accounts }),
      'POST /api/main/?getCurrencies': () => ({
        body: {
          responseCode: 'SUCCESS',
          responseDescription: 'OK',
          currencies: [
            { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 },
            { code: 'USD', name: 'US Dollar', symbol: '$', decimals: 2 },
            { code: 'CHF', name: 'Swiss Franc', symbol: 'CHF', decimals: 2 },
          ],
        },
      }),
      'POST /api/main/?addCurrency': () => {
        accounts = [...ACCOUNTS, opened];
        return ok({ account: opened });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add currency' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a currency' });
    const select = await within(dialog).findByRole('combobox', { name: 'Currency' });
    // EUR and USD payment accounts exist already; the closed CAD one is not offered by the server here.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['CHF']);
    await user.click(within(dialog).getByRole('button', { name: 'Add currency' }));
    expect(await screen.findByText('CHF account is open and ready to use.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        rowTexts().some((row) => row.includes('CHF account') && row.includes('0.00 CHF')),
      ).toBe(true),
    );
    expect(
      api.requests.find((request) => request.path === '/api/main/?addCurrency')?.body,
    ).toMatchObject({ currencyCode: 'CHF' });
  });

  it('shows a refused currency in the error popup and opens nothing', async () => {
    const { user } = await renderHome({
      'POST /api/main/?getCurrencies': () => ({
        body: {
          responseCode: 'SUCCESS',
          responseDescription: 'OK',
          currencies: [{ code: 'CHF', name: 'Swiss Franc', symbol: 'CHF', decimals: 2 }],
        },
      }),
      'POST /api/main/?addCurrency': () => ({
        status: 400,
        body: { responseCode: 'TA1', responseDescription: 'This currency is not offered' },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add currency' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a currency' });
    await user.click(await within(dialog).findByRole('button', { name: 'Add currency' }));
    expect(
      await screen.findByRole('dialog', { name: 'This currency is not offered' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/is open and ready to use/)).not.toBeInTheDocument();
  });

  it("shows the default exchange rates with 4 to 6 decimals, the customer's currencies first", async () => {
    const { user } = await renderHome();
    const rates = await screen.findByRole('table', { name: 'Reference rates for 1 EUR' });
    expect(within(rates).getByRole('row', { name: /USD/ })).toHaveTextContent('1.0856');
    // JPY is none of the customer's currencies: one click away.
    expect(within(rates).queryByRole('row', { name: /JPY/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all rates (2)' }));
    expect(within(rates).getByRole('row', { name: /JPY/ })).toHaveTextContent('162.3000');
  });
});

describe('home: overview', () => {
  it('shows the total in the main currency, marked approximate when converted, with the rates’ day', async () => {
    await renderHome();
    const total = await screen.findByRole('region', { name: 'Total balance' });
    await waitFor(() =>
      expect(within(total).getByTestId('total-balance')).toHaveTextContent('approx. €2,345.67'),
    );
    expect(total).toHaveTextContent(
      'other currencies converted at the reference rates of 2 Mar 2026',
    );
  });

  it('shows an exact total without "approx." when nothing was converted, and names money left out', async () => {
    await renderHome({
      'POST /api/main/?getTotalBalance': () =>
        ok({
          ...TOTAL,
          total: '10.5',
          isConverted: false,
          rateDate: null,
          excludedCurrencies: ['KWD'],
        }),
    });
    const total = await screen.findByRole('region', { name: 'Total balance' });
    await waitFor(() =>
      expect(within(total).getByTestId('total-balance')).toHaveTextContent(/^€10\.50$/),
    );
    expect(total).toHaveTextContent('Not included, no exchange rate: KWD.');
  });

  it('lists the last movements of the main account, each leading to its details, and links to the history', async () => {
    const { api } = await renderHome();
    const recent = await screen.findByRole('region', { name: 'Recent transactions' });
    await waitFor(() =>
      expect(within(recent).getAllByTestId('recent-transaction')).toHaveLength(2),
    );
    const [paid, received] = within(recent).getAllByTestId('recent-transaction');
    expect(paid).toHaveTextContent('Marta Silva');
    expect(paid).toHaveTextContent('Money out −€25.50');
    // Nothing names the second one but its type; it has not settled yet.
    expect(received).toHaveTextContent('Card purchase');
    expect(received).toHaveTextContent('Processing');
    expect(received).toHaveTextContent('Money in +€100.00');
    expect(within(paid!).getByRole('link', { name: 'Marta Silva' })).toHaveAttribute(
      'href',
      '/history?accountId=11&transaction=00000000-0000-4000-8000-000000000001',
    );
    expect(within(recent).getByRole('link', { name: 'See all transactions' })).toHaveAttribute(
      'href',
      '/history?accountId=11',
    );
    expect(
      api.requests.find((request) => request.path === '/api/main/?getTransactionHistory')?.body,
    ).toMatchObject({ accountId: 11, pageSize: 5, withTotals: false });
  });

  it('says so when the account has no movements yet', async () => {
    await renderHome({
      'POST /api/main/?getTransactionHistory': () =>
        ok({ items: [], nextCursor: null, pageNumber: 1, pageSize: 5 }),
    });
    const recent = await screen.findByRole('region', { name: 'Recent transactions' });
    expect(await within(recent).findByText('No transactions yet')).toBeInTheDocument();
    expect(within(recent).queryAllByTestId('recent-transaction')).toHaveLength(0);
  });

  it('shows six months of spending with a table of the figures for screen readers', async () => {
    await renderHome();
    const spending = await screen.findByRole('region', { name: 'Spending' });
    const table = await within(spending).findByRole('table', {
      name: 'Money spent per month, in EUR',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'October 2025€0.00',
      'November 2025€120.50',
      'December 2025€980.00',
      'January 2026€45.10',
      'February 2026€0.00',
      'March 2026€310.99',
    ]);
    expect(within(spending).getByTestId('spending-this-month')).toHaveTextContent('€310.99');
  });

  it('shows a new customer an empty spending state instead of empty bars', async () => {
    await renderHome({
      'POST /api/main/?getSpendingByMonth': () =>
        ok({ ...SPENDING, months: SPENDING.months.map((month) => ({ ...month, amount: '0.00' })) }),
    });
    const spending = await screen.findByRole('region', { name: 'Spending' });
    expect(await within(spending).findByText('No spending yet')).toBeInTheDocument();
  });

  it('names a card’s status with the same words as the cards screens', async () => {
    await renderHome({
      'POST /api/main/?getAccounts': () =>
        ok({
          accounts: [
            ...ACCOUNTS.slice(0, 2),
            { ...ACCOUNTS[5], accountId: 21, accountStatusId: 21, cardIsVirtual: false },
          ],
        }),
    });
    const cards = await screen.findByRole('region', { name: 'Cards' });
    expect(within(cards).getByText('Shipped')).toBeInTheDocument();
    expect(within(cards).queryByText('On its way')).not.toBeInTheDocument();
  });

  it('says there are no cards yet, and how to order one when the customer may', async () => {
    await renderHome({
      'POST /api/main/?getAccounts': () => ok({ accounts: ACCOUNTS.slice(0, 2) }),
    });
    const cards = await screen.findByRole('region', { name: 'Cards' });
    expect(within(cards).getByTestId('cards-empty')).toHaveTextContent(
      'You have no cards yet. Order one in a few steps.',
    );
    expect(within(cards).getByRole('link', { name: 'Apply for a card' })).toHaveAttribute(
      'href',
      '/cards?apply=1',
    );
  });
});

describe('home: account-status banner', () => {
  it('shows nothing for a checked customer', async () => {
    await renderHome();
    await screen.findByRole('heading', { name: 'Your accounts' });
    await waitFor(() => expect(screen.getAllByTestId('account-row')).toHaveLength(5));
    expect(document.querySelector('[data-state]')).toBeNull();
  });

  it('names the limit reasons of a limited customer and links to the limited-account page', async () => {
    await renderHome({
      'POST /api/main/?getVerificationInfo': () =>
        ok(verification({ limited: true, limitReasons: ['expiredDocuments', 'unpaidInvoice'] })),
    });
    const banner = await screen.findByRole('region', { name: 'Your account is limited' });
    expect(banner).toHaveTextContent('Expired documents');
    expect(banner).toHaveTextContent('Unpaid invoice');
    expect(within(banner).getByRole('link', { name: 'See why and what to do' })).toHaveAttribute(
      'href',
      '/limited-account',
    );
  });

  it('counts and names the required actions of a verified customer', async () => {
    await renderHome({
      'POST /api/main/?getVerificationInfo': () =>
        ok(
          verification({
            taxForms: { status: 'none' },
            phones: [
              { id: 1, confirmed: false },
              { id: 2, confirmed: false },
            ],
          }),
        ),
    });
    const banner = await screen.findByRole('region', { name: /Your profile needs attention/ });
    expect(within(banner).getByTestId('required-action-count')).toHaveTextContent(
      'Actions needed: 2',
    );
    expect(banner).toHaveTextContent('Fill in your tax forms');
    expect(banner).toHaveTextContent('Confirm your phone number');
    expect(within(banner).getByRole('link', { name: 'Open your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('sends an unverified customer without documents to the unverified-account page', async () => {
    await renderHome({
      'POST /api/main/?getVerificationInfo': () =>
        ok(verification({ verified: false, documents: [] })),
    });
    const banner = await screen.findByRole('region', { name: 'Your account is not verified yet' });
    expect(within(banner).getByRole('link', { name: 'Finish verification' })).toHaveAttribute(
      'href',
      '/unverified-account',
    );
  });

  it('tells a customer whose documents wait for review that there is nothing to do', async () => {
    await renderHome({
      'POST /api/main/?getVerificationInfo': () =>
        ok(
          verification({
            verified: false,
            documents: [
              { id: 1, statusId: 41, documentTypeId: 4, categoryId: 1, expiresDate: null },
            ],
          }),
        ),
    });
    const banner = await screen.findByRole('region', { name: 'We are reviewing your documents' });
    expect(within(banner).getByRole('link', { name: 'Finish verification' })).toHaveAttribute(
      'href',
      '/unverified-account',
    );
  });
});
