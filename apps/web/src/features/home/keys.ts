/**
 * Query keys of the home screen, keyed by the customer the session acts for, so acting for another
 * company never shows the last one's accounts.
 */
export const homeKeys = {
  all: ['home'] as const,
  accounts: (customerId: number | undefined) => [...homeKeys.all, 'accounts', customerId ?? 'own'] as const,
  paymentInstructions: (customerId: number | undefined, accountId?: number) =>
    [...homeKeys.all, 'payment-instructions', customerId ?? 'own', accountId ?? 'all'] as const,
  exchangeRates: () => [...homeKeys.all, 'exchange-rates'] as const,
  currencies: (language: string) => [...homeKeys.all, 'currencies', language] as const,
};
