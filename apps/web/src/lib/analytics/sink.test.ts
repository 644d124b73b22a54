import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsEvent } from '@ledgerline/contract/analytics';
import { createAnalyticsSink } from './sink';

const event = (index: number): AnalyticsEvent => ({
  name: 'loginFailed',
  at: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
  properties: { reason: 'wrongCredentials', index },
});

interface Sent {
  url: string;
  body: { brand: string; events: AnalyticsEvent[] };
  signal: AbortSignal | undefined;
}

function recordingFetch(answer: () => Promise<Response> = async () => new Response('{}')) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    sent.push({
      url: String(url),
      body: JSON.parse(String(init?.body)) as Sent['body'],
      signal: init?.signal ?? undefined,
    });
    return answer();
  }) as unknown as typeof globalThis.fetch;
  return { fetch, sent };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('analytics batches (spec 1 §9)', () => {
  it('sends at once when 50 events wait, as one batch of 50', () => {
    vi.useFakeTimers();
    const { fetch, sent } = recordingFetch();
    const sink = createAnalyticsSink(
      { baseUrl: 'https://api.example', brand: 'pebble' },
      { fetch },
    );
    for (let index = 0; index < 49; index += 1) sink.track(event(index));
    expect(sent).toHaveLength(0);
    sink.track(event(49));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('https://api.example/api/analytics/events');
    expect(sent[0]?.body.brand).toBe('pebble');
    expect(sent[0]?.body.events).toHaveLength(50);
    expect(sink.pending()).toBe(0);
  });

  it('sends fewer than 50 after 5 seconds', () => {
    vi.useFakeTimers();
    const { fetch, sent } = recordingFetch();
    const sink = createAnalyticsSink({ baseUrl: '', brand: 'thistle' }, { fetch });
    sink.track(event(1));
    vi.advanceTimersByTime(2_000);
    sink.track(event(2));
    vi.advanceTimersByTime(2_999);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sent.map((request) => request.body.events.length)).toEqual([2]);
  });

  it('never puts more than 50 events in one request', async () => {
    vi.useFakeTimers();
    const { fetch, sent } = recordingFetch();
    const sink = createAnalyticsSink({ baseUrl: '', brand: 'pebble' }, { fetch });
    for (let index = 0; index < 120; index += 1) sink.track(event(index));
    vi.advanceTimersByTime(5_000);
    expect(sent.map((request) => request.body.events.length)).toEqual([50, 50, 20]);
  });

  it('gives up on a request after 90 seconds, and drops it', async () => {
    vi.useFakeTimers();
    const { fetch, sent } = recordingFetch(() => new Promise<Response>(() => undefined));
    const sink = createAnalyticsSink({ baseUrl: '', brand: 'pebble' }, { fetch });
    sink.track(event(1));
    vi.advanceTimersByTime(5_000);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.signal?.aborted).toBe(false);
    vi.advanceTimersByTime(89_999);
    expect(sent[0]?.signal?.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(sent[0]?.signal?.aborted).toBe(true);
    expect(sink.pending()).toBe(0);
  });
});
