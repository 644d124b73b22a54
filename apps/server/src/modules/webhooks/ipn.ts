import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  IPN_PAGE_SIZE,
  WEBHOOK_EVENT_TYPES,
  type IpnMessage,
  type IpnSettings,
  type WebhookEventType,
} from '@ledgerline/contract';
import type { Database, DbOrTx } from '../../db/client';
import { ipnMessages, ipnSettings, webhookEndpoints, webhookMessages } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { checkWebhookUrl, type AddressPolicy } from './address-guard';
import { newWebhookSecret } from './signature';

/*
 * IPN (spec 2 §3, §4, §7, §9; issue 18): the company's notifyUrl is an endpoint of kind 'ipn'
 * (at most one), so its notifications share the webhooks' outbox, signature, retries and
 * address checks; ipn_messages is the history the merchant reads and confirms. statusId 1 sends,
 * 0 pauses (the endpoint's `enabled`).
 */

const DEFAULTS = { notifyStatusId: 1, statusId: 1 };

async function settingsRow(db: DbOrTx, customerId: number) {
  const [row] = await db
    .select({
      notifyStatusId: ipnSettings.notifyStatusId,
      statusId: ipnSettings.statusId,
      endpointId: ipnSettings.endpointId,
      url: webhookEndpoints.url,
      deletedAt: webhookEndpoints.deletedAt,
    })
    .from(ipnSettings)
    .leftJoin(webhookEndpoints, eq(webhookEndpoints.id, ipnSettings.endpointId))
    .where(eq(ipnSettings.customerId, customerId));
  return row;
}

export async function getIpnSettings(db: Database, actor: Actor): Promise<IpnSettings> {
  const row = await settingsRow(db, actor.customerId);
  const live = row?.endpointId != null && row.deletedAt === null;
  return {
    notifyUrl: live ? (row.url ?? null) : null,
    notifyStatusId: row?.notifyStatusId ?? DEFAULTS.notifyStatusId,
    statusId: row?.statusId ?? DEFAULTS.statusId,
    hasSecret: live,
  };
}

export interface IpnSettingsUpdate {
  notifyUrl: string | null;
  notifyStatusId: number;
  statusId: number;
  regenerateSecret: boolean;
}

/**
 * Saves the settings. A first notifyUrl issues the secret; regenerateSecret replaces it (the old
 * one stops signing); a null notifyUrl removes the endpoint and gives up what still waits for it.
 * The secret is answered only when it is made.
 */
export async function updateIpnSettings(
  db: Database,
  actor: Actor,
  input: IpnSettingsUpdate,
  policy: AddressPolicy,
): Promise<{ settings: IpnSettings; secret: string | null }> {
  if (input.notifyUrl !== null) await checkWebhookUrl(input.notifyUrl, policy);
  const secret = await db.transaction(async (tx) => {
    await tx.execute(sql`select id from customers where id = ${actor.customerId} for update`);
    const current = await settingsRow(tx, actor.customerId);
    const liveId =
      current?.endpointId != null && current.deletedAt === null ? current.endpointId : null;
    let endpointId = liveId;
    let issued: string | null = null;
    if (input.notifyUrl === null) {
      if (liveId !== null) {
        await tx
          .update(webhookEndpoints)
          .set({ deletedAt: new Date(), enabled: false })
          .where(eq(webhookEndpoints.id, liveId));
        await tx
          .update(webhookMessages)
          .set({ status: 'failed', manualAt: null })
          .where(
            and(eq(webhookMessages.endpointId, liveId), eq(webhookMessages.status, 'pending')),
          );
      }
      endpointId = null;
    } else if (liveId === null) {
      issued = newWebhookSecret();
      const [created] = await tx
        .insert(webhookEndpoints)
        .values({
          customerId: actor.customerId,
          kind: 'ipn',
          name: 'IPN',
          url: input.notifyUrl,
          enabled: input.statusId === 1,
          secret: issued,
        })
        .returning({ id: webhookEndpoints.id });
      endpointId = created?.id ?? null;
    } else {
      if (input.regenerateSecret) issued = newWebhookSecret();
      await tx
        .update(webhookEndpoints)
        .set({
          url: input.notifyUrl,
          enabled: input.statusId === 1,
          ...(issued === null ? {} : { secret: issued, secretRotatedAt: new Date() }),
        })
        .where(eq(webhookEndpoints.id, liveId));
    }
    const values = {
      endpointId,
      notifyStatusId: input.notifyStatusId,
      statusId: input.statusId,
      updatedAt: new Date(),
    };
    await tx
      .insert(ipnSettings)
      .values({ customerId: actor.customerId, ...values })
      .onConflictDoUpdate({ target: ipnSettings.customerId, set: values });
    await audit(tx, {
      action: 'ipn.settings',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: {
        notifyUrl: input.notifyUrl,
        notifyStatusId: input.notifyStatusId,
        statusId: input.statusId,
        secretIssued: issued !== null,
      },
    });
    return issued;
  });
  return { settings: await getIpnSettings(db, actor), secret };
}

function eventTypeOf(value: string): WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value)
    ? (value as WebhookEventType)
    : 'payment.received';
}

const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

const messageColumns = {
  id: ipnMessages.id,
  messageId: ipnMessages.messageId,
  confirmedAt: ipnMessages.confirmedAt,
  createdAt: ipnMessages.createdAt,
  eventType: webhookMessages.eventType,
  body: webhookMessages.body,
  status: webhookMessages.status,
  attempts: webhookMessages.attempts,
};

type MessageRow = {
  id: number;
  messageId: string;
  confirmedAt: Date | null;
  createdAt: Date;
  eventType: string;
  body: string;
  status: string;
  attempts: number;
};

function ipnView(row: MessageRow): IpnMessage {
  return {
    id: row.id,
    messageId: row.messageId,
    eventType: eventTypeOf(row.eventType),
    body: row.body,
    deliveryStatus: DELIVERY_STATUSES.find((status) => status === row.status) ?? 'pending',
    attempts: row.attempts,
    confirmed: row.confirmedAt !== null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The history, newest first, IPN_PAGE_SIZE a page, with the total (spec 2 §4: pages append). */
export async function listIpnMessages(db: Database, actor: Actor, pageNumber: number) {
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(ipnMessages)
    .where(eq(ipnMessages.customerId, actor.customerId));
  const rows = await db
    .select(messageColumns)
    .from(ipnMessages)
    .innerJoin(webhookMessages, eq(webhookMessages.id, ipnMessages.messageId))
    .where(eq(ipnMessages.customerId, actor.customerId))
    .orderBy(desc(ipnMessages.id))
    .limit(IPN_PAGE_SIZE)
    .offset((pageNumber - 1) * IPN_PAGE_SIZE);
  return { ipnMessages: rows.map(ipnView), pageSize: IPN_PAGE_SIZE, pageNumber, total };
}

async function ownMessage(db: DbOrTx, actor: Actor, id: number): Promise<MessageRow> {
  const [row] = await db
    .select(messageColumns)
    .from(ipnMessages)
    .innerJoin(webhookMessages, eq(webhookMessages.id, ipnMessages.messageId))
    .where(and(eq(ipnMessages.id, id), eq(ipnMessages.customerId, actor.customerId)));
  if (!row) throw AppError.notFound();
  return row;
}

export async function getIpnMessage(db: Database, actor: Actor, id: number): Promise<IpnMessage> {
  return ipnView(await ownMessage(db, actor, id));
}

/** Marks a notification as handled by the merchant; confirming again changes nothing. */
export async function confirmIpnMessage(
  db: Database,
  actor: Actor,
  id: number,
): Promise<IpnMessage> {
  await db.transaction(async (tx) => {
    await ownMessage(tx, actor, id);
    const confirmed = await tx
      .update(ipnMessages)
      .set({ confirmedAt: new Date(), confirmedByUserId: actor.userId })
      .where(and(eq(ipnMessages.id, id), isNull(ipnMessages.confirmedAt)))
      .returning({ id: ipnMessages.id });
    if (confirmed.length > 0)
      await audit(tx, {
        action: 'ipn.confirm',
        userId: actor.userId,
        customerId: actor.customerId,
        ip: actor.ip,
        details: { ipnId: id },
      });
  });
  return getIpnMessage(db, actor, id);
}
