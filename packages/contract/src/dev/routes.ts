import { z } from 'zod';
import { defineRoute } from '../define';
import { errorEnvelopeSchema } from '../envelope';
import { railsIncomingRoute } from './incoming';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * Development stand-ins (DEV_TOOLS, on unless NODE_ENV=production): the outbox of sent e-mail and
 * SMS, the customer's phone app, the other bank's card statement and the payment rails. Browser
 * tests read them; production never registers them.
 */

const emailQuery = lazySchema(() => z.object({ email: z.email().max(254) }));

export const outboxMessageSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    channel: z.string(),
    recipient: z.string(),
    subject: z.string().nullable(),
    body: z.string(),
    userId: z.number().nullable(),
    status: z.string(),
    attempts: z.number(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
  }),
);
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const cardStatementLineSchema = lazySchema(() =>
  z.object({
    cardId: z.number(),
    maskedCardNumber: z.string(),
    description: z.string(),
    amount: z.string(),
    currencyCode: z.string(),
    chargedAt: z.string(),
  }),
);

export const railTransferSchema = lazySchema(() =>
  z.object({
    transactionId: z.string(),
    type: z.string(),
    status: z.string(),
    amount: z.string(),
    currency: z.string(),
    beneficiary: z.string().nullable(),
    createdAt: z.string(),
  }),
);

export const railMoveSchema = lazySchema(() =>
  z.object({
    transferId: z.string(),
    customerId: z.number(),
    outcome: z.enum(['settled', 'returned']),
    reversalId: z.string().nullable(),
  }),
);

export const devRoutes = {
  outboxJson: defineRoute({
    method: 'GET',
    path: '/dev/outbox.json',
    auth: 'public',
    devOnly: true,
    response: lazySchema(() => z.object({ messages: z.array(outboxMessageSchema) })),
    error: errorEnvelopeSchema,
  }),
  outbox: defineRoute({
    method: 'GET',
    path: '/dev/outbox',
    auth: 'public',
    devOnly: true,
    answer: 'html',
    error: errorEnvelopeSchema,
  }),
  /** The phone app: pick a user by e-mail, see the requests waiting on their phone. */
  device: defineRoute({
    method: 'GET',
    path: '/dev/device',
    auth: 'public',
    devOnly: true,
    query: lazySchema(() => z.object({ email: z.email().max(254).optional() })),
    answer: 'html',
    error: errorEnvelopeSchema,
  }),
  /** A form post (application/x-www-form-urlencoded); redirects back to the phone app's page. */
  deviceDecision: defineRoute({
    method: 'POST',
    path: '/dev/device/requests/:id',
    auth: 'public',
    devOnly: true,
    params: lazySchema(() => z.object({ id: z.uuid() })),
    body: lazySchema(() => z.object({ decision: z.enum(['approve', 'deny']) })),
    answer: 'redirect',
    error: errorEnvelopeSchema,
  }),
  cardStatementJson: defineRoute({
    method: 'GET',
    path: '/dev/card-statement.json',
    auth: 'public',
    devOnly: true,
    query: emailQuery,
    response: lazySchema(() => z.object({ charges: z.array(cardStatementLineSchema) })),
    error: errorEnvelopeSchema,
  }),
  cardStatement: defineRoute({
    method: 'GET',
    path: '/dev/card-statement',
    auth: 'public',
    devOnly: true,
    query: emailQuery,
    answer: 'html',
    error: errorEnvelopeSchema,
  }),
  railsJson: defineRoute({
    method: 'GET',
    path: '/dev/rails.json',
    auth: 'public',
    devOnly: true,
    response: lazySchema(() => z.object({ transfers: z.array(railTransferSchema) })),
    error: errorEnvelopeSchema,
  }),
  /** Makes the rail send one external transfer back at its next answer. */
  railsReturn: defineRoute({
    method: 'POST',
    path: '/dev/rails/return',
    auth: 'public',
    devOnly: true,
    body: lazySchema(() =>
      z
        .object({ transactionId: z.uuid(), reason: z.string().trim().min(1).max(128).optional() })
        .strict(),
    ),
    response: lazySchema(() => z.object({ marked: z.literal(true) })),
    error: errorEnvelopeSchema,
  }),
  /** Answers every transfer in the clearing account now. */
  railsRun: defineRoute({
    method: 'POST',
    path: '/dev/rails/run',
    auth: 'public',
    devOnly: true,
    response: lazySchema(() => z.object({ moves: z.array(railMoveSchema) })),
    error: errorEnvelopeSchema,
  }),
  /** Another bank pays into an account's payment instructions (issue 14). */
  railsIncoming: railsIncomingRoute,
};
