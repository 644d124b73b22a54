import type { ApiError } from '@ledgerline/contract';

/**
 * Recognises the contract's ApiError without importing its module, so code on the first page
 * does not pull the contract (and zod) into the first download. ApiError sets its `name`.
 */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof Error && error.name === 'ApiError' && 'kind' in error;
}

/** A 503: the server (its database) is briefly away and asks to be tried again (issue 20). */
export function isServiceUnavailable(error: unknown): error is ApiError {
  return isApiError(error) && error.kind === 'server-unavailable' && error.status === 503;
}
