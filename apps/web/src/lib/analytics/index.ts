import type { AnalyticsEventName } from '@ledgerline/contract/analytics';

/**
 * Tracks an event for our own analytics sink (spec 1 §4: login-failed and bot-check-failed).
 * The batching code loads with the first event, so pages without events never download it.
 * Properties are small and never personal: a reason or a flow, never an e-mail or a code.
 */
export type AnalyticsProperties = Record<string, string | number | boolean>;

export interface AnalyticsSettings {
  baseUrl: string;
  brand: string;
}

let settings: AnalyticsSettings = { baseUrl: '', brand: 'unknown' };

export function configureAnalytics(next: AnalyticsSettings): void {
  settings = next;
}

export function trackEvent(name: AnalyticsEventName, properties?: AnalyticsProperties): void {
  const at = new Date().toISOString();
  void import('./sink')
    .then(({ defaultSink }) =>
      defaultSink(settings).track({ name, at, ...(properties ? { properties } : {}) }),
    )
    .catch(() => undefined);
}

/** Sends what waits now instead of at the next 5-second tick (tests; a page about to go away). */
export async function flushAnalytics(): Promise<void> {
  const { defaultSink } = await import('./sink');
  await defaultSink(settings).flush();
}
