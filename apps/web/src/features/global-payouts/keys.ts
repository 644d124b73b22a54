/**
 * Query keys of global payouts. The sender's keys live under the transfers feature's root
 * ('transfers', then the customer acted for), so whatever invalidates every transfer screen after
 * money moved (the shared confirmation does) refreshes the batches and the summary too. The
 * recipient's are nobody's in particular: keyed by the link's secret.
 */
type Owner = number | undefined;
const owner = (customerId: Owner) => customerId ?? 'own';

export const globalPayKeys = {
  of: (customerId: Owner) => ['transfers', owner(customerId), 'global-pay'] as const,
  accounts: (customerId: Owner) => [...globalPayKeys.of(customerId), 'accounts'] as const,
  batch: (customerId: Owner, batchId: number) =>
    [...globalPayKeys.of(customerId), 'batch', batchId] as const,
  batchStatus: (customerId: Owner, batchId: number) =>
    [...globalPayKeys.of(customerId), 'batch-status', batchId] as const,
  countryMethods: (customerId: Owner, countryCode: string) =>
    [...globalPayKeys.of(customerId), 'country-methods', countryCode] as const,
  summary: (customerId: Owner, page: number) =>
    [...globalPayKeys.of(customerId), 'summary', page] as const,

  claim: (secret: string) => ['global-pay-claim', secret] as const,
  claimCountries: (secret: string) => [...globalPayKeys.claim(secret), 'countries'] as const,
  claimMethods: (secret: string, countryCode: string) =>
    [...globalPayKeys.claim(secret), 'methods', countryCode] as const,
  claimMeta: (secret: string, request: object) =>
    [...globalPayKeys.claim(secret), 'meta', request] as const,
  claimParams: (secret: string, method: string) =>
    [...globalPayKeys.claim(secret), 'params', method] as const,
  withdrawals: (secret: string) => [...globalPayKeys.claim(secret), 'withdrawals'] as const,
};
