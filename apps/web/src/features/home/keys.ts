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
};
