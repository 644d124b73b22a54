import { QueryClient } from '@tanstack/react-query';
import { isApiError, isServiceUnavailable } from '@/lib/api-error';

const MAX_RETRIES = 2;
/** A 503 says the server is briefly away (its database restarts): reads keep trying a little longer. */
const MAX_RETRIES_WHILE_UNAVAILABLE = 6;
const MAX_RETRY_DELAY_MS = 30_000;

/**
 * Retries only what may pass on a second try: network trouble and 5xx, not a refusal. Every
 * query is a read, so trying it again moves nothing; money-moving calls are mutations, which the
 * query layer never retries (the API client sends them again after a 503 with their key).
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isServiceUnavailable(error)) return failureCount < MAX_RETRIES_WHILE_UNAVAILABLE;
  if (failureCount >= MAX_RETRIES) return false;
  if (!isApiError(error)) return false;
  if (error.kind === 'network' || error.kind === 'server-unavailable') return true;
  return error.kind === 'http' && error.status !== undefined && error.status >= 500;
}

/**
 * Backs off 1, 2, 4, 8… s after the first, second, third… failure (failureCount counts from 0 here,
 * as TanStack's default does), at most 30 s, and never sooner than a 503's Retry-After.
 */
export function queryRetryDelay(failureCount: number, error: unknown): number {
  const backoff = 1000 * 2 ** failureCount;
  const asked = isServiceUnavailable(error) ? (error.retryAfterSeconds ?? 0) * 1000 : 0;
  return Math.min(MAX_RETRY_DELAY_MS, Math.max(backoff, asked));
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      // Money-moving calls carry idempotency keys, but nothing is retried behind the customer's back.
      mutations: { retry: false },
    },
  });
}
