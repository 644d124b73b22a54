/** Query keys of the KYC feature, keyed by the customer the session acts for. */
export const kycKeys = {
  all: ['kyc'] as const,
  info: (customerId: number | undefined) => [...kycKeys.all, 'info', customerId ?? 'own'] as const,
  personalInfo: (customerId: number | undefined) =>
    [...kycKeys.all, 'personal-info', customerId ?? 'own'] as const,
  categories: (language: string, countryCode: string) =>
    [...kycKeys.all, 'categories', language, countryCode] as const,
  countries: (language: string) => [...kycKeys.all, 'countries', language] as const,
};
