/** Query keys of the company users feature, keyed by the company the session acts for. */
type Owner = number | undefined;

export const companyUsersKeys = {
  all: ['company-users'] as const,
  list: (customerId: Owner) => [...companyUsersKeys.all, customerId ?? 'own'] as const,
};
