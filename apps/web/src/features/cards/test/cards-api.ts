import type { Account, ExternalCard } from '@ledgerline/contract';
import { startApiServer, type Routes, type TestApiServer } from '@/test/api-server';
import { fullAccessInfo } from '@/test/signed-in-home';
import {
  demoCustomer,
  ok,
  paymentAccount as sharedPaymentAccount,
  signedIn,
} from '@/test/fixtures';

/** Component-test helpers of the cards feature: accounts as the server answers them, and a real HTTP API. */

export { ok, signedIn };

export function paymentAccount(overrides: Partial<Account> = {}): Account {
  return sharedPaymentAccount(overrides) as Account;
}

export function cardAccount(overrides: Partial<Account> = {}): Account {
  return paymentAccount({
    accountId: 201,
    type: 2006,
    accountStatusId: 2,
    balance: '42.1',
    cardIsVirtual: true,
    cardExpiryMonth: 4,
    cardExpiryYear: 2028,
    maskedCardNumber: '•••• 4242',
    cardAliasName: null,
    name: 'Virtual Visa Debit',
    cardBrand: 'visa',
    settlementAccountId: 100,
    ...overrides,
  });
}

export function externalCard(overrides: Partial<ExternalCard> = {}): ExternalCard {
  return {
    cardId: 5,
    maskedCardNumber: '•••• 1111',
    cardBrand: 'visa',
    issuer: 'Barclays',
    expiryMonth: 9,
    expiryYear: 2031,
    holderName: 'Anna Berg',
    status: 'pendingVerification',
    attemptsLeft: 3,
    verificationCurrency: 'GBP',
    createdAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

/** The customer's accounts, changeable by the test; the server answers what the list holds at the time. */
export interface CardsServer extends TestApiServer {
  accounts: Account[];
  calls: (method: string) => Record<string, unknown>[];
}

/** A real HTTP API with the customer, the account list and the given card routes. */
export async function serveCards(accounts: Account[], routes: Routes = {}): Promise<CardsServer> {
  const state = { accounts };
  const api = await startApiServer({
    'POST /api/main/?getCustomerInfo': () => ok({ customer: demoCustomer() }),
    'POST /api/main/?getAccounts': () => ok({ accounts: state.accounts }),
    'POST /api/main/?getCustomerAccessInfo': () => ok(fullAccessInfo()),
    ...routes,
  });
  return {
    ...api,
    get accounts() {
      return state.accounts;
    },
    set accounts(next: Account[]) {
      state.accounts = next;
    },
    calls: (method: string) =>
      api.requests
        .filter((request) => request.path === `/api/main/?${method}`)
        .map((request) => request.body as Record<string, unknown>),
  };
}
