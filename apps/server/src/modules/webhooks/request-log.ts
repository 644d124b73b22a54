import { and, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookAttempt,
  type WebhookEventType,
  type WebhookRequestFilter,
} from '@ledgerline/contract';
import type { Database } from '../../db/client';
import { webhookAttempts, webhookEndpoints, webhookMessages } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';

/** A cursor is the last attempt id of the page before: digits only, checked before any SQL. */
function cursorId(cursor: string | undefined): number | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  if (!/^\d{1,15}$/.test(cursor) || Number(cursor) < 1)
    throw AppError.invalid({ cursor: 'validation.cursor' }, 'The cursor is not one this list gave');
  return Number(cursor);
}

function nextDay(day: string): Date {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

const MESSAGE_STATUSES = ['pending', 'delivered', 'failed'] as const;

function eventTypeOf(value: string): WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value)
    ? (value as WebhookEventType)
    : 'payment.received';
}

/**
 * The company's delivery attempts, newest first, `limit` (20) a page (spec 2 §9 "webhook log 20
 * with cursor"): between fromDate and toDate (whole UTC days, both included), matching `query`
 * in the event type, URL or message id.
 */
export async function listWebhookRequests(
  db: Database,
  actor: Actor,
  query: WebhookRequestFilter,
): Promise<{ requests: WebhookAttempt[]; nextCursor: string | null }> {
  const before = cursorId(query.cursor);
  if (query.fromDate && query.toDate && query.fromDate > query.toDate)
    throw AppError.invalid({ toDate: 'validation.dateRange' }, 'The end date is before the start');
  // The IPN's attempts are its own history's (ipn.ts), not the webhook log's.
  const filters: (SQL | undefined)[] = [
    eq(webhookAttempts.customerId, actor.customerId),
    eq(webhookEndpoints.kind, 'webhook'),
  ];
  if (before !== undefined) filters.push(lt(webhookAttempts.id, before));
  if (query.fromDate)
    filters.push(gte(webhookAttempts.createdAt, new Date(`${query.fromDate}T00:00:00Z`)));
  if (query.toDate) filters.push(lt(webhookAttempts.createdAt, nextDay(query.toDate)));
  if (query.query) {
    const pattern = `%${query.query.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    filters.push(
      or(
        ilike(webhookAttempts.eventType, pattern),
        ilike(webhookAttempts.url, pattern),
        ilike(webhookAttempts.messageId, pattern),
      ),
    );
  }
  const rows = await db
    .select({ attempt: webhookAttempts, messageStatus: webhookMessages.status })
    .from(webhookAttempts)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookAttempts.messageId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookAttempts.endpointId))
    .where(and(...filters))
    .orderBy(desc(webhookAttempts.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    requests: page.map(({ attempt, messageStatus }) => ({
      id: attempt.id,
      messageId: attempt.messageId,
      webhookId: attempt.endpointId,
      eventType: eventTypeOf(attempt.eventType),
      url: attempt.url,
      attempt: attempt.attempt,
      manual: attempt.manual,
      statusCode: attempt.statusCode,
      succeeded: attempt.succeeded,
      error: attempt.error,
      latencyMs: attempt.latencyMs,
      requestBody: attempt.requestBody,
      responseBody: attempt.responseBody,
      createdAt: attempt.createdAt.toISOString(),
      messageStatus: MESSAGE_STATUSES.find((status) => status === messageStatus) ?? 'pending',
    })),
    nextCursor: rows.length > query.limit && last ? String(last.attempt.id) : null,
  };
}

/** The company a message belongs to, if the message exists. */
export async function ownerOfMessage(db: Database, messageId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ customerId: webhookMessages.customerId })
    .from(webhookMessages)
    .where(eq(webhookMessages.id, messageId));
  return row?.customerId;
}

/**
 * Asks the sender to post one message again by hand, with the same webhook-id (the sender picks
 * it up within a second). A message whose endpoint was deleted is refused.
 */
export async function redeliverMessage(
  db: Database,
  actor: Actor,
  messageId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [message] = await tx
      .select({ id: webhookMessages.id, deletedAt: webhookEndpoints.deletedAt })
      .from(webhookMessages)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookMessages.endpointId))
      .where(
        and(eq(webhookMessages.id, messageId), eq(webhookMessages.customerId, actor.customerId)),
      )
      .for('update');
    if (!message) throw AppError.notFound();
    if (message.deletedAt !== null)
      throw AppError.invalid(
        { messageId: 'validation.webhookDeleted' },
        'The webhook of this message was deleted',
      );
    await tx
      .update(webhookMessages)
      .set({ manualAt: new Date() })
      .where(eq(webhookMessages.id, messageId));
    await audit(tx, {
      action: 'webhook.redeliver',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { messageId },
    });
  });
}
