/**
 * Query keys of the transfers feature, keyed by the customer the session acts for (a business user
 * acting for another company never sees the last one's accounts, limits or requests). Everything
 * lives under `transferKeys.all`, so a finished transfer refreshes all of it with one invalidation.
 */
type Owner = number | undefined;
const owner = (customerId: Owner) => customerId ?? 'own';

export const transferKeys = {
  all: ['transfers'] as const,
  of: (customerId: Owner) => [...transferKeys.all, owner(customerId)] as const,
  accounts: (customerId: Owner) => [...transferKeys.of(customerId), 'accounts'] as const,
  fee: (customerId: Owner, request: object) =>
    [...transferKeys.of(customerId), 'fee', request] as const,
  maxAmount: (customerId: Owner, request: object) =>
    [...transferKeys.of(customerId), 'max-amount', request] as const,
  limits: (customerId: Owner, request: object) =>
    [...transferKeys.of(customerId), 'limits', request] as const,
  rates: () => [...transferKeys.all, 'exchange-rates'] as const,
  recurring: (customerId: Owner) => [...transferKeys.of(customerId), 'recurring'] as const,
  /** A payee's answer is cached per e-mail (spec 2 §5). */
  payee: (customerId: Owner, email: string) =>
    [...transferKeys.of(customerId), 'payee', email] as const,
  beneficiaries: (customerId: Owner) => [...transferKeys.of(customerId), 'beneficiaries'] as const,
  recent: (customerId: Owner, request: object) =>
    [...transferKeys.of(customerId), 'recent', request] as const,
  approvals: (customerId: Owner, request?: object) =>
    [...transferKeys.of(customerId), 'approvals', ...(request ? [request] : [])] as const,
  approvalCounts: (customerId: Owner) =>
    [...transferKeys.of(customerId), 'approval-counts'] as const,
};
