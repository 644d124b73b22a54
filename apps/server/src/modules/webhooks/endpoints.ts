import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Webhook, WebhookCreateBody, WebhookUpdateBody } from '@ledgerline/contract';
import type { Database } from '../../db/client';
import { webhookEndpoints, webhookMessages } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { checkWebhookUrl, type AddressPolicy } from './address-guard';
import { newWebhookSecret } from './signature';

/** A company keeps at most this many endpoints (each event is sent to every one of them). */
export const MAX_ENDPOINTS = 20;

type EndpointRow = typeof webhookEndpoints.$inferSelect;

export function webhookView(row: EndpointRow): Webhook {
  return {
    id: row.id,
    customerId: row.customerId,
    name: row.name,
    enabled: row.enabled,
    url: row.url,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An endpoint that exists and is not deleted, of any company (the caller's access is checked after, by its owner). */
export async function findEndpoint(db: Database, id: number): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.id, id),
        eq(webhookEndpoints.kind, 'webhook'),
        isNull(webhookEndpoints.deletedAt),
      ),
    );
  return row;
}

export async function listWebhooks(db: Database, actor: Actor): Promise<Webhook[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.customerId, actor.customerId),
        eq(webhookEndpoints.kind, 'webhook'),
        isNull(webhookEndpoints.deletedAt),
      ),
    )
    .orderBy(asc(webhookEndpoints.id));
  return rows.map(webhookView);
}

export async function createWebhook(
  db: Database,
  actor: Actor,
  body: WebhookCreateBody,
  policy: AddressPolicy,
): Promise<{ webhook: Webhook; secret: string }> {
  await checkWebhookUrl(body.url, policy);
  const secret = newWebhookSecret();
  const row = await db.transaction(async (tx) => {
    // Counted under the company's row lock, so two creations cannot both pass the cap.
    await tx.execute(sql`select id from customers where id = ${actor.customerId} for update`);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.customerId, actor.customerId),
          eq(webhookEndpoints.kind, 'webhook'),
          isNull(webhookEndpoints.deletedAt),
        ),
      );
    if (count >= MAX_ENDPOINTS)
      throw AppError.invalid(
        { url: 'validation.webhookLimit' },
        `A company may have at most ${MAX_ENDPOINTS} webhooks`,
      );
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        customerId: actor.customerId,
        name: body.name,
        url: body.url,
        enabled: body.enabled ?? true,
        secret,
      })
      .returning();
    if (!created) throw new Error('webhook endpoint was not created');
    await audit(tx, {
      action: 'webhook.create',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { webhookId: created.id, url: created.url },
    });
    return created;
  });
  return { webhook: webhookView(row), secret };
}

export async function updateWebhook(
  db: Database,
  actor: Actor,
  endpoint: EndpointRow,
  body: WebhookUpdateBody,
  policy: AddressPolicy,
): Promise<Webhook> {
  if (body.url !== undefined) await checkWebhookUrl(body.url, policy);
  const [updated] = await db.transaction(async (tx) => {
    const rows = await tx
      .update(webhookEndpoints)
      .set({
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.url === undefined ? {} : { url: body.url }),
        ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
      })
      .where(and(eq(webhookEndpoints.id, endpoint.id), isNull(webhookEndpoints.deletedAt)))
      .returning();
    await audit(tx, {
      action: 'webhook.update',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { webhookId: endpoint.id, ...body },
    });
    return rows;
  });
  if (!updated) throw AppError.notFound();
  return webhookView(updated);
}

/** Deletes an endpoint: its messages still waiting are given up (never sent); the log keeps its attempts. */
export async function deleteWebhook(
  db: Database,
  actor: Actor,
  endpoint: EndpointRow,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(webhookEndpoints)
      .set({ deletedAt: new Date(), enabled: false })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await tx
      .update(webhookMessages)
      .set({ status: 'failed', manualAt: null })
      .where(
        and(eq(webhookMessages.endpointId, endpoint.id), eq(webhookMessages.status, 'pending')),
      );
    await audit(tx, {
      action: 'webhook.delete',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { webhookId: endpoint.id },
    });
  });
}

/** A new signing secret; every attempt from now on is signed with it only. */
export async function rotateWebhookSecret(
  db: Database,
  actor: Actor,
  endpoint: EndpointRow,
): Promise<{ webhook: Webhook; secret: string }> {
  const secret = newWebhookSecret();
  const [updated] = await db.transaction(async (tx) => {
    const rows = await tx
      .update(webhookEndpoints)
      .set({ secret, secretRotatedAt: new Date() })
      .where(and(eq(webhookEndpoints.id, endpoint.id), isNull(webhookEndpoints.deletedAt)))
      .returning();
    await audit(tx, {
      action: 'webhook.rotateSecret',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { webhookId: endpoint.id },
    });
    return rows;
  });
  if (!updated) throw AppError.notFound();
  return { webhook: webhookView(updated), secret };
}
