import { z } from 'zod';
import { calendarDaySchema } from '../dates';
import { defineRoute } from '../define';
import { errorEnvelopeSchema, idSchema, responseHeadSchema } from '../envelope';
import { textIdSchema } from '../merchant-api/routes';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * Webhooks (spec 2 §7 "Plain REST": public-api/webhook and public-api/webhookRequest; issue 18
 * "Webhooks and IPN that really deliver"). A business customer's full-access users (spec 2 §6:
 * the webhook log needs full access) register endpoints; every event of the company is posted
 * to each enabled endpoint, signed as the Standard Webhooks specification says
 * (webhook-id, webhook-timestamp, webhook-signature `v1,<base64 HMAC-SHA256>` with the endpoint's
 * `whsec_` secret), and retried with backoff for more than three days. `customerId` names the
 * company (the acting customer); an endpoint or message of another company is "not found".
 */

/** The events a merchant hears about (issue 18). */
export const WEBHOOK_EVENT_TYPES = [
  'payment.received',
  'payment.refunded',
  'preapproved.pulled',
  'subscription.changed',
  'payout.sent',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Page size of the webhook request log (spec 2 §9: "webhook log 20 with cursor"). */
export const WEBHOOK_LOG_PAGE_SIZE = 20;

/** An endpoint URL: http or https, at most 2,048 characters (the server checks where it resolves). */
export const webhookUrlSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(2048, 'validation.tooLong')
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
      } catch {
        return false;
      }
    }, 'validation.webhookUrl'),
);

const webhookNameSchema = lazySchema(() =>
  z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
);

/** The Standard Webhooks secret form: `whsec_` and the base64 of at least 32 random bytes. */
export const webhookSecretSchema = lazySchema(() =>
  z.string().regex(/^whsec_[A-Za-z0-9+/]{43,}={0,2}$/),
);

export const webhookSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    customerId: z.number().int(),
    name: z.string(),
    enabled: z.boolean(),
    url: z.string(),
    createdAt: z.string(),
  }),
);
export type Webhook = z.infer<typeof webhookSchema>;

const idParams = lazySchema(() => z.object({ id: textIdSchema }));
const messageParams = lazySchema(() =>
  z.object({ messageId: z.string().regex(/^msg_[A-Za-z0-9]{20,40}$/) }),
);

export const webhookCreateBodySchema = lazySchema(() =>
  z
    .object({
      customerId: idSchema.optional(),
      name: webhookNameSchema,
      enabled: z.boolean().default(true),
      url: webhookUrlSchema,
    })
    .strict(),
);
export type WebhookCreateBody = z.input<typeof webhookCreateBodySchema>;

export const webhookUpdateBodySchema = lazySchema(() =>
  z
    .object({
      name: webhookNameSchema.optional(),
      enabled: z.boolean().optional(),
      url: webhookUrlSchema.optional(),
    })
    .strict(),
);
export type WebhookUpdateBody = z.input<typeof webhookUpdateBodySchema>;

/** Spec 2 §7 GET public-api/webhook?customerId. */
export const webhookListQuerySchema = lazySchema(() =>
  z.object({ customerId: textIdSchema.optional() }).strict(),
);

export const webhookPingBodySchema = lazySchema(() =>
  z.object({ customerId: idSchema.optional(), url: webhookUrlSchema }).strict(),
);

/** Spec 2 §7 GET public-api/webhookRequest: customerId, limit, query, fromDate, toDate, cursor. */
export const webhookRequestQuerySchema = lazySchema(() =>
  z
    .object({
      customerId: textIdSchema.optional(),
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(WEBHOOK_LOG_PAGE_SIZE)
        .default(WEBHOOK_LOG_PAGE_SIZE),
      /** Words of the event type, the URL or the message id. */
      query: z.string().trim().max(100).optional(),
      fromDate: calendarDaySchema.optional(),
      toDate: calendarDaySchema.optional(),
      cursor: z.string().max(64).optional(),
    })
    .strict(),
);
export type WebhookRequestQuery = z.input<typeof webhookRequestQuerySchema>;
/** The query as the server reads it (defaults applied). */
export type WebhookRequestFilter = z.output<typeof webhookRequestQuerySchema>;

/** One delivery attempt of one message (the webhook request log). */
export const webhookAttemptSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    messageId: z.string(),
    webhookId: z.number().int(),
    eventType: z.enum(WEBHOOK_EVENT_TYPES),
    url: z.string(),
    /** 1 for the first attempt; a hand redelivery counts on. */
    attempt: z.number().int(),
    manual: z.boolean(),
    /** The receiver's HTTP status; null when no answer came (refused, timed out, blocked address). */
    statusCode: z.number().int().nullable(),
    succeeded: z.boolean(),
    error: z.string().nullable(),
    latencyMs: z.number().int(),
    requestBody: z.string(),
    /** The first 4 KB of the answer. */
    responseBody: z.string(),
    createdAt: z.string(),
    /** Where the message stands: pending (a retry is due), delivered, or failed (retries ran out). */
    messageStatus: z.enum(['pending', 'delivered', 'failed']),
  }),
);
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

const okHead = responseHeadSchema;

export const webhookRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/api/public-api/webhook',
    auth: 'session',
    body: webhookCreateBodySchema,
    /** The secret is answered here and on rotation only. */
    response: lazySchema(() =>
      okHead.extend({ webhook: webhookSchema, secret: webhookSecretSchema }),
    ),
    error: errorEnvelopeSchema,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/public-api/webhook',
    auth: 'session',
    query: webhookListQuerySchema,
    response: lazySchema(() => okHead.extend({ webhooks: z.array(webhookSchema) })),
    error: errorEnvelopeSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/public-api/webhook/:id',
    auth: 'session',
    params: idParams,
    body: webhookUpdateBodySchema,
    response: lazySchema(() => okHead.extend({ webhook: webhookSchema })),
    error: errorEnvelopeSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/public-api/webhook/:id',
    auth: 'session',
    params: idParams,
    response: lazySchema(() => okHead.extend({ id: z.number().int() })),
    error: errorEnvelopeSchema,
  }),
  /** A new secret; the old one stops signing at once. */
  rotateSecret: defineRoute({
    method: 'POST',
    path: '/api/public-api/webhook/:id/secret',
    auth: 'session',
    params: idParams,
    response: lazySchema(() =>
      okHead.extend({ webhook: webhookSchema, secret: webhookSecretSchema }),
    ),
    error: errorEnvelopeSchema,
  }),
  /** Spec 2 §7 POST public-api/webhook/ping (url): whether the URL may be used and answers. */
  ping: defineRoute({
    method: 'POST',
    path: '/api/public-api/webhook/ping',
    auth: 'session',
    body: webhookPingBodySchema,
    response: lazySchema(() =>
      okHead.extend({
        statusCode: z.number().int().nullable(),
        succeeded: z.boolean(),
        error: z.string().nullable(),
        latencyMs: z.number().int(),
      }),
    ),
    error: errorEnvelopeSchema,
  }),
  requests: defineRoute({
    method: 'GET',
    path: '/api/public-api/webhookRequest',
    auth: 'session',
    query: webhookRequestQuerySchema,
    response: lazySchema(() =>
      okHead.extend({
        requests: z.array(webhookAttemptSchema),
        nextCursor: z.string().nullable(),
      }),
    ),
    error: errorEnvelopeSchema,
  }),
  /** Sends one message again by hand: the same webhook-id, a new attempt in the log. */
  redeliver: defineRoute({
    method: 'POST',
    path: '/api/public-api/webhookRequest/:messageId/redeliver',
    auth: 'session',
    params: messageParams,
    response: lazySchema(() => okHead.extend({ messageId: z.string() })),
    error: errorEnvelopeSchema,
  }),
};
