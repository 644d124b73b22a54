/**
 * Query keys of the statements feature, keyed by the customer the session acts for, so a business
 * user acting for another company never sees the last one's statements, exports or batches.
 */
type Owner = number | undefined;
const owner = (customerId: Owner) => customerId ?? 'own';

export interface BatchFilter {
  search?: string | undefined;
  types: string[];
  from?: string | undefined;
  to?: string | undefined;
  pageNumber: number;
}

export const statementKeys = {
  all: ['statements'] as const,
  of: (customerId: Owner) => [...statementKeys.all, owner(customerId)] as const,
  statements: (customerId: Owner, accountId: number, year: number | 'all') =>
    [...statementKeys.of(customerId), 'statements', accountId, year] as const,
  exportsAll: (customerId: Owner) => [...statementKeys.of(customerId), 'exports'] as const,
  exports: (customerId: Owner, accountId: number, pageNumber: number) =>
    [...statementKeys.exportsAll(customerId), accountId, pageNumber] as const,
  batches: (customerId: Owner, filter: BatchFilter) =>
    [...statementKeys.of(customerId), 'batches', filter] as const,
  batchFile: (customerId: Owner, batchId: number) =>
    [...statementKeys.of(customerId), 'batch-file', batchId] as const,
};
