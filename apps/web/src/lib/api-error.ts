import type { ApiError } from '@ledgerline/contract';

/**
 * Recognises the contract's ApiError without importing its module, so code on the first page
 * does not pull the contract (and zod) into the first download. ApiError sets its `name`.
 */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof Error && error.name === 'ApiError' && 'kind' in error;
}
