import type { Routes } from './api-server';
import { demoCustomer, ok, paymentAccount, verificationInfo } from './fixtures';

/** getCustomerAccessInfo of a customer with full access to balances and transfers. */
export function fullAccessInfo() {
  return {
    customer: { id: 70, username: 'anna@pebble.example', name: 'Anna Berg' },
    accessList: { balanceInfo: 2, transfers: 2, companyDocuments: 2 },
    accessRights: 2,
    permissions: { viewBalances: true, initiateTransfers: true },
    isNeedKyc: false,
    businessRepresentativePositionIds: [],
    taxResidencySelfCertificationDocumentStatus: 'validated',
    accessibleCustomers: [],
  };
}

/**
 * The calls /home makes, answered quietly, with the account list read from `accounts()` at each
 * call so a test can move balances between calls.
 */
export function homeRoutes(
  accounts: () => unknown[] = () => [paymentAccount()],
  overrides: Routes = {},
): Routes {
  return {
    'POST /api/main/?getCustomerInfo': () => ok({ customer: demoCustomer() }),
    'POST /api/main/?getCustomerAccessInfo': () => ok(fullAccessInfo()),
    'POST /api/main/?getVerificationInfo': () => ok(verificationInfo()),
    'POST /api/main/?getAccounts': () => ok({ accounts: accounts() }),
    'POST /api/main/?getPaymentInstructions': () => ok({ instructions: [] }),
    'POST /api/main/?getDefaultExchangeRates': () =>
      ok({ base: 'EUR', date: '2026-03-02', rates: [] }),
    'POST /api/main/?getAnnouncements': () => ok({ announcements: [] }),
    // Home's overview: a total, six quiet months and no movements yet.
    'POST /api/main/?getTotalBalance': () =>
      ok({
        currencyCode: 'EUR',
        total: '0.00',
        isConverted: false,
        rateDate: null,
        excludedCurrencies: [],
      }),
    'POST /api/main/?getSpendingByMonth': () =>
      ok({
        currencyCode: 'EUR',
        months: ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'].map(
          (yearMonth) => ({ yearMonth, amount: '0.00' }),
        ),
        isConverted: false,
        excludedCurrencies: [],
      }),
    'POST /api/main/?getTransactionHistory': () =>
      ok({ items: [], nextCursor: null, pageNumber: 1, pageSize: 5 }),
    'POST /api/main/?getTransactionTypes': () => ({
      body: { responseCode: 'SUCCESS', responseDescription: 'OK', transactions: [] },
    }),
    'POST /api/auth/realtime-ticket': () => ({
      body: { ticket: 'ticket-1', expiresInSeconds: 30 },
    }),
    'POST /api/auth/logout': () => ({ body: { responseCode: '00', responseDescription: 'OK' } }),
    ...overrides,
  };
}
