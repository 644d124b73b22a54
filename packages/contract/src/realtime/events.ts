import { z } from 'zod';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/**
 * Events pushed to a signed-in browser over /realtime (spec 1 §4 "Realtime events").
 * The server sends one JSON object per message: { type, payload?, at }.
 */
export const realtimeEventSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('TwoStepVerificationModeSet') }),
    z.object({ type: z.literal('TwoStepVerificationConfirmed') }),
    /** A password change of the user was confirmed (success) or dropped (canceled): the popup shows the success text or 'Confirmation canceled'. */
    z.object({
      type: z.literal('PasswordChange'),
      payload: z.object({ result: z.enum(['success', 'canceled']) }),
    }),
    z.object({
      type: z.literal('TransactionResult'),
      /** A transfer waiting for its second factor was settled (success) or declined/expired (rejected, message 'Transaction was rejected.'). */
      payload: z.object({
        operationId: z.string(),
        transactionId: z.string(),
        status: z.enum(['success', 'rejected']),
        message: z.string(),
      }),
    }),
    z.object({
      type: z.literal('LoginRequestDecided'),
      payload: z.object({ key: z.string(), approved: z.boolean() }),
    }),
    z.object({
      type: z.literal('Notification'),
      payload: z.object({
        id: z.string(),
        kind: z.string(),
        level: z.enum(['error', 'info', 'warning', 'success']),
      }),
    }),
    /** An account changed outside the customer's own request (e.g. the card processor moved a card's status): refresh it. */
    z.object({
      type: z.literal('AccountChanged'),
      payload: z.object({ accountId: z.number().int() }),
    }),
    /** The identity provider answered a check of the customer (issue 14): refresh the verification state. */
    z.object({
      type: z.literal('IdentityVerificationChanged'),
      payload: z.object({
        workflowRunId: z.number().int(),
        outcome: z.enum(['accepted', 'rejected', 'nameMismatch']),
      }),
    }),
    /** Compliance decided on the customer's documents or identity: refresh the verification, access and customer info. */
    z.object({ type: z.literal('VerificationChanged') }),
    /** Issue 15A: the user's rights at a company changed (level, flags, suspended, removed): read access and screens again. */
    z.object({
      type: z.literal('AccessChanged'),
      payload: z.object({ customerId: z.number().int() }),
    }),
    /** A business approval request was created or decided (issue 15): refresh the approvals and their counts. */
    z.object({
      type: z.literal('ApprovalRequestChanged'),
      payload: z.object({
        id: z.number().int(),
        status: z.enum(['pending', 'approved', 'declined']),
        /** The initiator is told the outcome: true on the event sent to them. */
        isOwn: z.boolean(),
        declineReason: z.string().nullable(),
      }),
    }),
    /** Issue 16A: an invoice or money request of the user's customer was created, paid, rejected, cancelled or became overdue: refresh the invoice lists. */
    z.object({
      type: z.literal('InvoiceChanged'),
      payload: z.object({ invoiceId: z.number().int(), status: z.string() }),
    }),
    /** Issue 17: a mass batch ended with some rows failed or returned (batchPartially): the notification opens the batch. */
    z.object({
      type: z.literal('BatchPartially'),
      payload: z.object({ batchId: z.number().int() }),
    }),
    /** Sent just before the server closes the socket because the session ended. */
    z.object({
      type: z.literal('SessionClosed'),
      payload: z.object({ reason: z.enum(['logout', 'expired', 'revoked']) }),
    }),
  ]),
);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
export type RealtimeEventType = RealtimeEvent['type'];

export const realtimeTicketResponseSchema = lazySchema(() =>
  z.object({
    ticket: z.string(),
    expiresInSeconds: z.number(),
  }),
);
export const REALTIME_PATH = '/realtime';
