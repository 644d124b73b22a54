import { transferKeys } from '../keys';

/**
 * Query keys of the mass transfer screens, inside the transfers feature's keys of the customer
 * acted for: a finished confirmation (which invalidates `transferKeys.all`) refreshes the batch,
 * its rows and the balances together.
 */
type Owner = number | undefined;

export const massKeys = {
  all: (customerId: Owner) => [...transferKeys.of(customerId), 'mass'] as const,
  samples: (customerId: Owner) => [...massKeys.all(customerId), 'samples'] as const,
  batch: (customerId: Owner, batchId: number) =>
    [...massKeys.all(customerId), 'batch', batchId] as const,
  rows: (customerId: Owner, batchId: number, request: object) =>
    [...massKeys.batch(customerId, batchId), 'rows', request] as const,
  dryRun: (customerId: Owner, batchId: number) =>
    [...massKeys.batch(customerId, batchId), 'dry-run'] as const,
  status: (customerId: Owner, batchId: number) =>
    [...massKeys.batch(customerId, batchId), 'status'] as const,
};
