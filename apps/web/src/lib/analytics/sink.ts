import {
  ANALYTICS_BATCH_SIZE,
  ANALYTICS_FLUSH_INTERVAL_MS,
  ANALYTICS_PATH,
  ANALYTICS_TIMEOUT_MS,
  type AnalyticsEvent,
} from '@ledgerline/contract/analytics';
import type { AnalyticsSettings } from './index';

export interface AnalyticsSink {
  track(event: AnalyticsEvent): void;
  /** Sends what is queued now (at most one batch of 50 per request). */
  flush(): Promise<void>;
  /** Events waiting to be sent. */
  pending(): number;
  stop(): void;
}

/**
 * The queue behind trackEvent (spec 1 §9): events go out in batches of at most 50, every 5 s or
 * as soon as 50 are waiting; a request gives up after 90 s. A batch that fails is dropped, not
 * retried: analytics must never pile up or slow the customer down.
 */
export function createAnalyticsSink(
  settings: AnalyticsSettings,
  options: {
    fetch?: typeof fetch;
    batchSize?: number;
    flushIntervalMs?: number;
    timeoutMs?: number;
  } = {},
): AnalyticsSink {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const batchSize = options.batchSize ?? ANALYTICS_BATCH_SIZE;
  const interval = options.flushIntervalMs ?? ANALYTICS_FLUSH_INTERVAL_MS;
  const timeoutMs = options.timeoutMs ?? ANALYTICS_TIMEOUT_MS;
  let queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function send(events: AnalyticsEvent[]): Promise<void> {
    const controller = new AbortController();
    const abort = setTimeout(() => controller.abort(), timeoutMs);
    try {
      await doFetch(`${settings.baseUrl}${ANALYTICS_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ brand: settings.brand, events }),
        credentials: 'omit',
        keepalive: true,
        signal: controller.signal,
      });
    } catch {
      // Dropped on purpose (see above).
    } finally {
      clearTimeout(abort);
    }
  }

  async function flush(): Promise<void> {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const batches: AnalyticsEvent[][] = [];
    while (queue.length > 0) batches.push(queue.splice(0, batchSize));
    await Promise.all(batches.map(send));
  }

  return {
    track(event) {
      queue.push(event);
      if (queue.length >= batchSize) void flush();
      else timer ??= setTimeout(() => void flush(), interval);
    },
    flush,
    pending: () => queue.length,
    stop() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      queue = [];
    },
  };
}

let shared: AnalyticsSink | undefined;
let sharedFor: AnalyticsSettings | undefined;

/** The page's one sink (rebuilt if the settings change, e.g. another brand in a test). */
export function defaultSink(settings: AnalyticsSettings): AnalyticsSink {
  if (!shared || sharedFor !== settings) {
    shared?.stop();
    const sink = createAnalyticsSink(settings);
    shared = sink;
    sharedFor = settings;
    // Leaving the page sends what waits (keepalive lets the request outlive the page).
    if (typeof window !== 'undefined') {
      window.addEventListener('pagehide', () => void sink.flush(), { once: true });
    }
  }
  return shared;
}
