/**
 * Query keys of the profile feature, keyed by the customer the session acts for (a business user
 * acting for a company never sees the last customer's contact data).
 */
export const profileKeys = {
  all: ['profile'] as const,
  details: (customerId: number | undefined) =>
    [...profileKeys.all, 'details', customerId ?? 'own'] as const,
  notificationSettings: (customerId: number | undefined) =>
    [...profileKeys.all, 'notification-settings', customerId ?? 'own'] as const,
  /** One entry per country and number (digits only): the existence check is cached per value (spec 2 §5). */
  phoneCheck: (countryCode: string, digits: string) =>
    [...profileKeys.all, 'phone-check', countryCode, digits] as const,
  replacementCheck: (customerId: number | undefined, oldAddressId: number, countryCode: string) =>
    [
      ...profileKeys.all,
      'replacement-check',
      customerId ?? 'own',
      oldAddressId,
      countryCode,
    ] as const,
  phoneCodes: () => [...profileKeys.all, 'phone-codes'] as const,
  countries: (language: string) => [...profileKeys.all, 'countries', language] as const,
  states: (language: string, countryCode: string) =>
    [...profileKeys.all, 'states', language, countryCode] as const,
};
