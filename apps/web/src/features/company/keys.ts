/** Query keys of the company feature, keyed by the customer the session acts for. */
export const companyKeys = {
  all: ['company'] as const,
  info: (customerId: number | undefined) =>
    [...companyKeys.all, 'info', customerId ?? 'own'] as const,
  paymentEmails: (customerId: number | undefined) =>
    [...companyKeys.all, 'payment-emails', customerId ?? 'own'] as const,
  countries: (language: string) => [...companyKeys.all, 'countries', language] as const,
};
