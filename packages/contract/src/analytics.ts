import { z } from 'zod';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/**
 * POST /api/analytics/events: our own analytics sink (spec 1 §4 "a login-failed event and a
 * bot-check-failed event are tracked"; spec 1 §9: batches of 50, flushed every 5 s, 90 s timeout).
 * Public, because the events worth tracking happen before sign-in; rate limited per address.
 * Events never carry secrets: no password, code or token, and no e-mail address either.
 */
export const ANALYTICS_PATH = '/api/analytics/events';
export const ANALYTICS_BATCH_SIZE = 50;
export const ANALYTICS_FLUSH_INTERVAL_MS = 5_000;
export const ANALYTICS_TIMEOUT_MS = 90_000;

export const ANALYTICS_EVENT_NAMES = ['loginFailed', 'botCheckFailed'] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** Small, flat properties: a reason, a flow, a brand — never personal data. */
const propertyValue = lazySchema(() => z.union([z.string().max(200), z.number(), z.boolean()]));

export const analyticsEventSchema = lazySchema(() =>
  z
    .object({
      name: z.enum(ANALYTICS_EVENT_NAMES),
      /** When it happened in the browser (ISO 8601). */
      at: z.iso.datetime({ offset: true }),
      properties: z
        .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/), propertyValue)
        .refine((value) => Object.keys(value).length <= 20, 'At most 20 properties')
        .optional(),
    })
    .strict(),
);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

export const analyticsBatchSchema = lazySchema(() =>
  z
    .object({
      events: z.array(analyticsEventSchema).min(1).max(ANALYTICS_BATCH_SIZE),
      /** The brand the page was showing. */
      brand: z.string().min(1).max(32),
    })
    .strict(),
);
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

/** The answer: how many events were stored. */
export const analyticsAcceptedSchema = lazySchema(() =>
  z.object({
    responseCode: z.literal('00'),
    responseDescription: z.string(),
    accepted: z.number().int(),
  }),
);
