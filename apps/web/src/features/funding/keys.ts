/** Query keys of the funding screens, keyed by the customer the session acts for. */
export const fundingKeys = {
  all: ['funding'] as const,
  list: (customerId: number | undefined, page: number) =>
    [...fundingKeys.all, 'list', customerId ?? 'own', page] as const,
  lists: (customerId: number | undefined) =>
    [...fundingKeys.all, 'list', customerId ?? 'own'] as const,
};
