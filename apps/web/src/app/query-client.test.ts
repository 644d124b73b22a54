import { describe, expect, it } from 'vitest';
import { ApiError } from '@ledgerline/contract';
import { createQueryClient, queryRetryDelay, shouldRetryQuery } from './query-client';

const unavailable = (retryAfterSeconds?: number) =>
  new ApiError('server-unavailable', 'The service is briefly unavailable.', {
    status: 503,
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  });

/** How many times a read failing the same way every time is tried again. */
function retriesOf(error: unknown): number {
  let failures = 0;
  while (shouldRetryQuery(failures, error)) failures += 1;
  return failures;
}

describe('retry rules of reads (queries)', () => {
  it('keeps trying a read through a short outage (503), longer than through other trouble', () => {
    expect(retriesOf(unavailable(5))).toBe(6);
    expect(
      retriesOf(new ApiError('server-unavailable', 'Server is not available', { status: 500 })),
    ).toBe(2);
    expect(retriesOf(new ApiError('http', 'server error', { status: 502 }))).toBe(2);
    expect(retriesOf(new ApiError('network', 'Network error.'))).toBe(2);
  });

  it('never retries a refusal, a timeout or something that is not an API error', () => {
    expect(retriesOf(new ApiError('http', 'Invalid parameters', { status: 400 }))).toBe(0);
    expect(retriesOf(new ApiError('response', 'Invalid parameters', { status: 200 }))).toBe(0);
    expect(retriesOf(new ApiError('timeout', 'Network error.'))).toBe(0);
    expect(retriesOf(new Error('boom'))).toBe(0);
  });

  it('backs off 1, 2, 4, 8 s up to 30 s, and never sooner than the Retry-After of a 503', () => {
    const other = new ApiError('network', 'Network error.');
    expect([0, 1, 2, 3, 4, 5, 6].map((failures) => queryRetryDelay(failures, other))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    expect(queryRetryDelay(0, unavailable(5))).toBe(5000);
    expect(queryRetryDelay(3, unavailable(5))).toBe(8000);
    expect(queryRetryDelay(0, unavailable())).toBe(1000);
    expect(queryRetryDelay(0, unavailable(3600))).toBe(30_000);
  });

  it('never retries a mutation: money-moving calls are sent again only by the API client, with their key', () => {
    expect(createQueryClient().getDefaultOptions().mutations?.retry).toBe(false);
  });
});
