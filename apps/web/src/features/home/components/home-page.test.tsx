import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer, type Routes, type TestApiServer } from '@/test/api-server';
import { demoCustomer, ok, paymentAccount, signedIn, verificationInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

function accessInfo(balanceInfo = 2) {
  return {
    customer: { id: 70, username: 'anna@pebble.example', name: 'Anna Berg' },
    accessList: { balanceInfo, transfers: balanceInfo, companyDocuments: 2 },
    accessRights: balanceInfo,
    permissions: { viewBalances: balanceInfo > 0, initiateTransfers: balanceInfo > 0 },
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

  it('offers the quick actions the access allows and links them where they act', async () => {
    await renderHome();
    const actions = await screen.findByRole('group', { name: 'Quick actions' });
    await waitFor(() =>
      expect(within(actions).getByRole('button', { name: 'Add money' })).toBeInTheDocument(),
    );
    expect(within(actions).getByRole('button', { name: 'Add currency' })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Create wallet' })).toBeInTheDocument();
    expect(within(actions).getByRole('link', { name: 'Apply for a card' })).toHaveAttribute(
      'href',
      '/cards?apply=1',
    );
    expect(within(actions).getByRole('link', { name: 'Link a card' })).toHaveAttribute(
      'href',
      '/add-card',
    );
  });

  it('shows a representative without balance access no balances and asks for no accounts', async () => {
    const { api } = await renderHome({
      'POST /api/main/?getCustomerAccessInfo': () => ok(accessInfo(0)),
    });
    expect(await screen.findByText('No access to accounts')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Quick actions' })).not.toBeInTheDocument();
    expect(screen.queryByText('€1,234.50')).not.toBeInTheDocument();
    expect(api.requests.some((request) => request.path === '/api/main/?getAccounts')).toBe(false);
  });

  it('shows an empty state when the customer has no accounts yet', async () => {
    await renderHome({ 'POST /api/main/?getAccounts': () => ok({ accounts: [] }) });
    expect(await screen.findByText('You have no accounts yet')).toBeInTheDocument();
  });

  it('shows a failed account load with a retry that works', async () => {
    let calls = 0;
    const { user } = await renderHome({
      'POST /api/main/?getAccounts': () => {
        calls += 1;
        return calls === 1
          ? { status: 403, body: { responseCode: '13', responseDescription: 'Access denied' } }
          : ok({ accounts: ACCOUNTS });
      },
    });
    const alert = await screen.findByRole('alert', { name: "We couldn't load your accounts" });
    expect(alert).toHaveTextContent('Access denied');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('account-row')).toHaveLength(5));
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
    await user.click(await screen.findByRole('button', { name: 'Add currency' }));
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
    await user.click(await screen.findByRole('button', { name: 'Add currency' }));
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
