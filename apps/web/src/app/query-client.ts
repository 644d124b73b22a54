import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';

const MAX_RETRIES = 2;

/** Retries only what may pass on a second try: network trouble and 5xx, not a refusal. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!isApiError(error)) return false;
  if (error.kind === 'network' || error.kind === 'server-unavailable') return true;
  return error.kind === 'http' && error.status !== undefined && error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      // Money-moving calls carry idempotency keys, but nothing is retried behind the customer's back.
      mutations: { retry: false },
    },
  });
}
