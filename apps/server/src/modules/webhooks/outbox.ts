import { and, eq, isNull } from 'drizzle-orm';
import { IPN_EVENT_TYPES, type WebhookEventType } from '@ledgerline/contract';
import type { Tx } from '../../db/client';
import { ipnMessages, webhookEndpoints, webhookMessages } from '../../db/schema';
import { newMessageId } from './signature';

export interface WebhookEvent {
  /** The company the event happened to. */
  customerId: number;
  type: WebhookEventType;
  /** The event's fields as the merchant reads them (money as decimal strings, never floats). */
  data: Record<string, unknown>;
}

/**
 * Writes the event's messages into the outbox, one per enabled endpoint of the company (and its
 * IPN URL for a payment event, with its IPN history row), in the
 * caller's transaction: the event and its webhooks commit or roll back together, and the sender
 * (delivery.ts) posts them after the commit. Answers how many messages were written.
 */
export async function enqueueWebhookEvent(tx: Tx, event: WebhookEvent): Promise<number> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, kind: webhookEndpoints.kind })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.customerId, event.customerId),
        eq(webhookEndpoints.enabled, true),
        isNull(webhookEndpoints.deletedAt),
      ),
    );
  // The IPN endpoint hears of payments only (spec 2 §3 "IPN": instant payment notification).
  const isIpnEvent = (IPN_EVENT_TYPES as readonly string[]).includes(event.type);
  const targets = endpoints.filter((endpoint) => endpoint.kind !== 'ipn' || isIpnEvent);
  if (targets.length === 0) return 0;
  const now = new Date();
  // Standard Webhooks' payload shape: type, timestamp, data.
  const body = JSON.stringify({ type: event.type, timestamp: now.toISOString(), data: event.data });
  const rows = targets.map((endpoint) => ({
    id: newMessageId(),
    endpointId: endpoint.id,
    kind: endpoint.kind,
  }));
  await tx.insert(webhookMessages).values(
    rows.map((row) => ({
      id: row.id,
      endpointId: row.endpointId,
      customerId: event.customerId,
      eventType: event.type,
      body,
      nextAttemptAt: now,
    })),
  );
  const ipn = rows.filter((row) => row.kind === 'ipn');
  if (ipn.length > 0)
    await tx
      .insert(ipnMessages)
      .values(ipn.map((row) => ({ customerId: event.customerId, messageId: row.id })));
  return rows.length;
}
