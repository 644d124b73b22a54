import nodemailer, { type Transporter } from 'nodemailer';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { startBackgroundLoop, type BackgroundLoop } from '../../lib/background-loop';
import type { Database, DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject?: string;
  body: string;
  userId?: number;
}

export interface Mailer {
  /** Writes the message to the outbox inside the caller's transaction; nothing leaves before commit. */
  enqueue(tx: DbOrTx, message: OutgoingMessage): Promise<void>;
  /** Delivers pending outbox rows: e-mail over SMTP when SMTP_URL is set; otherwise (and for SMS) the outbox is the delivery. */
  deliverPending(): Promise<number>;
}

const MAX_ATTEMPTS = 5;

/** Writes a message to the outbox in the caller's transaction (what every Mailer's enqueue does). */
export async function enqueueMessage(tx: DbOrTx, message: OutgoingMessage): Promise<void> {
  await tx.insert(outbox).values({
    channel: message.channel,
    recipient: message.recipient,
    subject: message.subject ?? null,
    body: message.body,
    userId: message.userId ?? null,
    status: 'pending',
  });
}

/** Writes many messages to the outbox in the caller's transaction, a few hundred rows a statement (a batch's e-mails, issue 17). */
export async function enqueueMessages(tx: DbOrTx, messages: OutgoingMessage[]): Promise<void> {
  for (let start = 0; start < messages.length; start += 500) {
    await tx.insert(outbox).values(
      messages.slice(start, start + 500).map((message) => ({
        channel: message.channel,
        recipient: message.recipient,
        subject: message.subject ?? null,
        body: message.body,
        userId: message.userId ?? null,
        status: 'pending',
      })),
    );
  }
}

export function createMailer(
  db: Database,
  options: { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger },
): Mailer {
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : undefined;
  return {
    enqueue: enqueueMessage,
    async deliverPending() {
      // Claim a batch so two nodes never send one message twice (FOR UPDATE SKIP LOCKED).
      const claimable = db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.status, 'pending'), lt(outbox.attempts, MAX_ATTEMPTS)))
        .orderBy(asc(outbox.id))
        .limit(50)
        .for('update', { skipLocked: true });
      const pending = await db
        .update(outbox)
        .set({ status: 'sending' })
        .where(inArray(outbox.id, claimable))
        .returning();
      let delivered = 0;
      for (const row of pending) {
        try {
          if (row.channel === 'email' && transport) {
            await transport.sendMail({
              from: options.from,
              to: row.recipient,
              subject: row.subject ?? '',
              text: row.body,
            });
          }
          await db
            .update(outbox)
            .set({
              status: transport || row.channel === 'sms' ? 'sent' : 'outbox',
              sentAt: new Date(),
              attempts: row.attempts + 1,
            })
            .where(eq(outbox.id, row.id));
          delivered += 1;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          options.log.warn({ outboxId: row.id, err: message }, 'outbox delivery failed');
          await db
            .update(outbox)
            .set({
              attempts: row.attempts + 1,
              lastError: message.slice(0, 500),
              status: row.attempts + 1 >= MAX_ATTEMPTS ? 'failed' : 'pending',
            })
            .where(eq(outbox.id, row.id));
        }
      }
      return delivered;
    },
  };
}

const OUTBOX_POLL_MS = 2000;

/**
 * Delivers the outbox every 2 s beside the requests (rows are claimed, so any node may), on the
 * background loop the other jobs use: one pass at a time, and one log line when the database goes
 * away and one when it answers again, not a warning every 2 s.
 */
export function startOutboxDelivery(
  mailer: Pick<Mailer, 'deliverPending'>,
  log: FastifyBaseLogger,
  intervalMs = OUTBOX_POLL_MS,
): BackgroundLoop {
  return startBackgroundLoop({
    name: 'outbox delivery',
    intervalMs,
    log,
    pass: () => mailer.deliverPending(),
    describe: (delivered) => (delivered > 0 ? { delivered } : undefined),
  });
}
