import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { selectRows, type Database } from '../../db/client';
import { webhookAttempts, webhookEndpoints, webhookMessages } from '../../db/schema';
import { startBackgroundLoop, type BackgroundLoop } from '../../lib/background-loop';
import type { AddressPolicy } from './address-guard';
import { DELIVERY_TIMEOUT_MS, postJson, type PostOutcome } from './http-post';
import { signWebhook } from './signature';

/*
 * The webhook sender (issue 18): any node runs it. A pass claims due messages in a short
 * transaction (FOR UPDATE SKIP LOCKED) and leases them (next attempt moved past the send's
 * timeout), posts each outside any transaction, then records the attempt and the message's next
 * state in another. A 2xx delivers the message and it is never sent by the schedule again; a
 * failure waits the next step of RETRY_DELAYS_MS; a message still failing after RETRY_WINDOW_MS
 * is given up. A node that dies mid-send leaves the lease to run out, and the message is sent
 * again with the same webhook-id (at least once: receivers deduplicate on the id).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The waits after each failed attempt: the first is configurable (WEBHOOK_RETRY_BASE_MS), the last repeats. */
export function retryDelaysMs(firstMs: number): readonly number[] {
  return [firstMs, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR];
}

/** Retries go on while the next one falls within this time of the event: the last is after more than three days. */
export const RETRY_WINDOW_MS = 80 * HOUR;

/** How long a claimed message is leased to its sender before another node may take it. */
const LEASE_MS = DELIVERY_TIMEOUT_MS + 30_000;
/** Messages one pass claims and sends at once. */
const BATCH = 10;
/** As the mailer's outbox: a hand redelivery goes within two seconds. */
const POLL_MS = 2000;

export interface DeliveryDeps {
  db: Database;
  policy: AddressPolicy;
  retryBaseMs: number;
}

interface Claimed {
  id: string;
  endpointId: number;
  customerId: number;
  eventType: string;
  body: string;
  attempts: number;
  createdAt: Date;
  manual: boolean;
  url: string;
  secret: string;
}

/** Claims up to BATCH due messages (scheduled or asked for by hand) of live endpoints and leases them. */
async function claimDue(db: Database, now: Date): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const due = await selectRows<{ id: string; manual: boolean }>(
      tx,
      sql`select m.id, (m.manual_at is not null) as manual from ${webhookMessages} m
          where (m.status = 'pending' and m.next_attempt_at <= ${now.toISOString()})
             or m.manual_at is not null
          order by coalesce(m.manual_at, m.next_attempt_at), m.id
          limit ${BATCH} for update skip locked`,
    );
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);
    const rows = await tx
      .select({
        id: webhookMessages.id,
        endpointId: webhookMessages.endpointId,
        customerId: webhookMessages.customerId,
        eventType: webhookMessages.eventType,
        body: webhookMessages.body,
        attempts: webhookMessages.attempts,
        createdAt: webhookMessages.createdAt,
        status: webhookMessages.status,
        url: webhookEndpoints.url,
        secret: webhookEndpoints.secret,
        enabled: webhookEndpoints.enabled,
        deletedAt: webhookEndpoints.deletedAt,
      })
      .from(webhookMessages)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookMessages.endpointId))
      .where(inArray(webhookMessages.id, ids));
    const manualIds = new Set(due.filter((row) => row.manual).map((row) => row.id));
    const lease = new Date(now.getTime() + LEASE_MS);
    const claimed: Claimed[] = [];
    // A hand redelivery is taken off the queue (its schedule stays as it was); every other
    // message is leased. Two statements for the whole batch, not one per message.
    const leased: string[] = [];
    const taken: string[] = [];
    for (const row of rows) {
      const manual = manualIds.has(row.id);
      // A disabled endpoint's messages wait (they go once it is enabled again); a deleted one's were given up.
      const live = row.enabled && row.deletedAt === null;
      if (!live && !manual) {
        leased.push(row.id);
        continue;
      }
      (manual ? taken : leased).push(row.id);
      if (row.deletedAt !== null) continue;
      claimed.push({ ...row, manual });
    }
    if (leased.length > 0)
      await tx
        .update(webhookMessages)
        .set({ nextAttemptAt: lease })
        .where(inArray(webhookMessages.id, leased));
    if (taken.length > 0)
      await tx
        .update(webhookMessages)
        .set({ manualAt: null })
        .where(inArray(webhookMessages.id, taken));
    return claimed;
  });
}

/** Records one attempt and moves the message on: delivered, the next retry, or given up. */
async function record(
  deps: DeliveryDeps,
  message: Claimed,
  outcome: PostOutcome,
  at: Date,
): Promise<void> {
  const succeeded =
    outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: webhookMessages.status, attempts: webhookMessages.attempts })
      .from(webhookMessages)
      .where(eq(webhookMessages.id, message.id))
      .for('update');
    if (!current) return;
    const attempt = current.attempts + 1;
    await tx.insert(webhookAttempts).values({
      messageId: message.id,
      endpointId: message.endpointId,
      customerId: message.customerId,
      eventType: message.eventType,
      url: message.url,
      attempt,
      manual: message.manual,
      statusCode: outcome.statusCode,
      succeeded,
      error: outcome.error,
      latencyMs: outcome.latencyMs,
      requestBody: message.body,
      responseBody: outcome.responseBody,
    });
    // A message given up that a hand redelivery gets through is delivered after all.
    if (current.status === 'failed' && succeeded) {
      await tx
        .update(webhookMessages)
        .set({ attempts: attempt, status: 'delivered', deliveredAt: at })
        .where(eq(webhookMessages.id, message.id));
      return;
    }
    if (current.status !== 'pending') {
      await tx
        .update(webhookMessages)
        .set({ attempts: attempt })
        .where(eq(webhookMessages.id, message.id));
      return;
    }
    if (succeeded) {
      await tx
        .update(webhookMessages)
        .set({ attempts: attempt, status: 'delivered', deliveredAt: at })
        .where(eq(webhookMessages.id, message.id));
      return;
    }
    // A hand redelivery that fails leaves the schedule as it was (its lease was not taken).
    if (message.manual) {
      await tx
        .update(webhookMessages)
        .set({ attempts: attempt })
        .where(eq(webhookMessages.id, message.id));
      return;
    }
    const delays = retryDelaysMs(deps.retryBaseMs);
    const wait = delays[Math.min(attempt - 1, delays.length - 1)] ?? 10 * HOUR;
    const next = new Date(at.getTime() + wait);
    const givenUp = next.getTime() - message.createdAt.getTime() > RETRY_WINDOW_MS;
    await tx
      .update(webhookMessages)
      .set(
        givenUp
          ? { attempts: attempt, status: 'failed' }
          : { attempts: attempt, nextAttemptAt: next },
      )
      .where(eq(webhookMessages.id, message.id));
  });
}

/** Signs and posts one message now (webhook-id stays the message's; the timestamp and signature are this attempt's). */
async function send(deps: DeliveryDeps, message: Claimed, now: () => Date): Promise<void> {
  const at = new Date();
  const timestamp = Math.floor(at.getTime() / 1000);
  const outcome = await postJson(
    message.url,
    {
      'webhook-id': message.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(message.secret, message.id, timestamp, message.body),
    },
    message.body,
    deps.policy,
  );
  // The next retry counts from the pass's clock (a test's clock may run ahead).
  await record(deps, message, outcome, now());
}

/** One pass: sends what is due, BATCH at a time, until nothing is; answers how many attempts were made. */
export async function runWebhookDeliveries(
  deps: DeliveryDeps,
  options: { now?: () => Date; limit?: number } = {},
): Promise<number> {
  const now = options.now ?? (() => new Date());
  const limit = options.limit ?? 200;
  let sent = 0;
  while (sent < limit) {
    const claimed = await claimDue(deps.db, now());
    if (claimed.length === 0) break;
    await Promise.all(claimed.map((message) => send(deps, message, now)));
    sent += claimed.length;
  }
  return sent;
}

/** The attempts of one runWebhookDeliveries call in the sender's loop. */
const PASS_LIMIT = 200;

/**
 * The sender's loop: a pass every POLL_MS. A pass that reached PASS_LIMIT left more due (a
 * burst of events): the next one starts at once rather than a poll later, until the outbox is
 * drained or the loop is stopped (a stop waits for one call at most).
 */
export function startWebhookSender(
  deps: DeliveryDeps & { log: FastifyBaseLogger },
): BackgroundLoop {
  let stopping = false;
  const loop = startBackgroundLoop({
    name: 'webhooks',
    intervalMs: POLL_MS,
    log: deps.log,
    pass: async () => {
      let sent = 0;
      for (;;) {
        const attempts = await runWebhookDeliveries(deps, { limit: PASS_LIMIT });
        sent += attempts;
        if (attempts < PASS_LIMIT || stopping) return sent;
      }
    },
    describe: (sent) => (sent > 0 ? { sent } : undefined),
  });
  return {
    async stop() {
      stopping = true;
      await loop.stop();
    },
  };
}
