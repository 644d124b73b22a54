import { sessionKeys } from '@/app/session';

/**
 * Query keys of the home screen, keyed by the customer the session acts for, so acting for another
 * company never shows the last one's accounts.
 */
export const homeKeys = {
  all: ['home'] as const,
  /** The session's one account list (app/session), which other screens share. */
  accounts: (customerId: number | undefined) => sessionKeys.accounts(customerId),
  paymentInstructions: (customerId: number | undefined, accountId?: number) =>
    [...homeKeys.all, 'payment-instructions', customerId ?? 'own', accountId ?? 'all'] as const,
  exchangeRates: () => [...homeKeys.all, 'exchange-rates'] as const,
  currencies: (language: string) => [...homeKeys.all, 'currencies', language] as const,
  /** Figures that move with the balances (total, spending, recent transactions): refetched together. */
  overview: (customerId: number | undefined) =>
    [...homeKeys.all, 'overview', customerId ?? 'own'] as const,
  totalBalance: (customerId: number | undefined) =>
    [...homeKeys.overview(customerId), 'total'] as const,
  spending: (customerId: number | undefined) =>
    [...homeKeys.overview(customerId), 'spending'] as const,
  recentTransactions: (customerId: number | undefined, accountId: number, language: string) =>
    [...homeKeys.overview(customerId), 'recent', accountId, language] as const,
  transactionTypes: (language: string) => [...homeKeys.all, 'transaction-types', language] as const,
};
