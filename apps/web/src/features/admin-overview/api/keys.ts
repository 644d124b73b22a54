/** Query keys of the administrator's overview; the administrator works as themself here, never for a customer. */
export const adminKeys = {
  all: ['admin-overview'] as const,
  search: (query: string, page: number) => [...adminKeys.all, 'search', query, page] as const,
  customer: (customerId: number) => [...adminKeys.all, 'customer', customerId] as const,
};
