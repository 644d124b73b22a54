import { and, eq, isNull } from 'drizzle-orm';
import type { WebhookEventType } from '@ledgerline/contract';
import type { Tx } from '../../db/client';
import { webhookEndpoints, webhookMessages } from '../../db/schema';
import { newMessageId } from './signature';

export interface WebhookEvent {
  /** The company the event happened to. */
  customerId: number;
  type: WebhookEventType;
  /** The event's fields as the merchant reads them (money as decimal strings, never floats). */
  data: Record<string, unknown>;
}

/**
 * Writes the event's messages into the outbox, one per enabled endpoint of the company, in the
 * caller's transaction: the event and its webhooks commit or roll back together, and the sender
 * (delivery.ts) posts them after the commit. Answers how many messages were written.
 */
export async function enqueueWebhookEvent(tx: Tx, event: WebhookEvent): Promise<number> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.customerId, event.customerId),
        eq(webhookEndpoints.enabled, true),
        isNull(webhookEndpoints.deletedAt),
      ),
    );
  if (endpoints.length === 0) return 0;
  const now = new Date();
  // Standard Webhooks' payload shape: type, timestamp, data.
  const body = JSON.stringify({ type: event.type, timestamp: now.toISOString(), data: event.data });
  await tx.insert(webhookMessages).values(
    endpoints.map((endpoint) => ({
      id: newMessageId(),
      endpointId: endpoint.id,
      customerId: event.customerId,
      eventType: event.type,
      body,
      nextAttemptAt: now,
    })),
  );
  return endpoints.length;
}
