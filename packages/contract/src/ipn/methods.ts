import { z } from 'zod';
import { defineMethod } from '../define';
import { idSchema } from '../envelope';
import { webhookSecretSchema, webhookUrlSchema, WEBHOOK_EVENT_TYPES } from '../webhooks/routes';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * Instant payment notifications (spec 2 §3 "IPN message: id …; IPN settings: notifyUrl,
 * notifyStatusId (default 1), statusId (default 1), secret regeneration flag", §4 "IPN list",
 * §7 "IPN list, get, confirm; IPN settings get and update", §9 "IPN 25"; issue 18). A company's
 * payment events are posted to its notifyUrl with the same Standard Webhooks signature as its
 * webhooks (its own `whsec_` secret) and the same retries. statusId 1 sends them, 0 pauses
 * them; notifyStatusId 1 notifies completed payments (the only status our events have). The
 * acting customer is the company (fromCustomerId); only its full-access users may use them.
 */

/** Page size of the IPN history (spec 2 §9). */
export const IPN_PAGE_SIZE = 25;

/** The events an IPN is sent for: money in or out of a payment. */
export const IPN_EVENT_TYPES = [
  'payment.received',
  'payment.refunded',
  'preapproved.pulled',
] as const;

const ipnStatusSchema = lazySchema(() => z.number().int().min(0).max(1));

export const ipnSettingsSchema = lazySchema(() =>
  z.object({
    notifyUrl: z.string().nullable(),
    notifyStatusId: z.number().int(),
    statusId: z.number().int(),
    /** Whether a secret was issued (it is shown only when it is made). */
    hasSecret: z.boolean(),
  }),
);
export type IpnSettings = z.infer<typeof ipnSettingsSchema>;

export const ipnMessageSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    /** The webhook-id its deliveries carry. */
    messageId: z.string(),
    eventType: z.enum(WEBHOOK_EVENT_TYPES),
    /** The body as sent (JSON text). */
    body: z.string(),
    deliveryStatus: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int(),
    confirmed: z.boolean(),
    confirmedAt: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type IpnMessage = z.infer<typeof ipnMessageSchema>;

export const ipnMethods = {
  getIpnSettings: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() => z.object({ settings: ipnSettingsSchema })),
  }),
  /** A null notifyUrl stops the notifications; regenerateSecret issues a new secret (answered once). */
  updateIpnSettings: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          notifyUrl: webhookUrlSchema.nullable(),
          notifyStatusId: ipnStatusSchema.default(1),
          statusId: ipnStatusSchema.default(1),
          regenerateSecret: z.boolean().default(false),
        })
        .strict(),
    ),
    response: lazySchema(() =>
      z.object({ settings: ipnSettingsSchema, secret: webhookSecretSchema.nullable() }),
    ),
  }),
  /** Newest first, 25 a page; more pages exist while pageSize × pageNumber ≤ total (spec 2 §4). */
  getIpnList: defineMethod({
    request: lazySchema(() =>
      z.object({ pageNumber: z.number().int().min(1).max(100_000).default(1) }).strict(),
    ),
    response: lazySchema(() =>
      z.object({
        ipnMessages: z.array(ipnMessageSchema),
        pageSize: z.number().int(),
        pageNumber: z.number().int(),
        total: z.number().int(),
      }),
    ),
  }),
  getIpn: defineMethod({
    request: lazySchema(() => z.object({ id: idSchema }).strict()),
    response: lazySchema(() => z.object({ ipnMessage: ipnMessageSchema })),
  }),
  /** The merchant marks a notification as received and handled (again is the same answer). */
  confirmIpn: defineMethod({
    request: lazySchema(() => z.object({ id: idSchema }).strict()),
    response: lazySchema(() => z.object({ ipnMessage: ipnMessageSchema })),
  }),
};
