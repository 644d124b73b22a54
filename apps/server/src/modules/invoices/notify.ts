import { eq } from 'drizzle-orm';
import type { RealtimeEvent } from '@ledgerline/contract';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@ledgerline/domain';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { t, type TranslationValues } from '../../i18n/translate';
import { randomToken, sha256 } from '../../lib/crypto';
import { enqueueMessage } from '../notifications';
import { usersOfCustomer } from '../transfers';
import { invoiceLinks } from '../../db/schema';
import type { InvoiceRow } from './repository';
import { invoiceNumber } from './view';

/*
 * What the parties of an invoice are told: e-mails in the reader's language (i18n/<lang>/
 * invoices.json; a payer who is not a customer reads the sender's), written to the outbox in the
 * change's transaction, and InvoiceChanged to every user who sees either customer, after commit.
 */

export type Published = { userId: number; event: RealtimeEvent }[];

export type InvoiceMail =
  | 'sent'
  | 'requested'
  | 'paidPayee'
  | 'paidPayer'
  | 'rejected'
  | 'cancelled'
  | 'reminderBefore'
  | 'reminderDue';

function languageOf(value: string | undefined): Language {
  return value !== undefined && isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** A new public link to the invoice (its own token, stored hashed). */
export async function newPublicLink(tx: DbOrTx, row: InvoiceRow): Promise<string> {
  const token = randomToken(32);
  await tx.insert(invoiceLinks).values({ tokenHash: sha256(token), invoiceId: row.id });
  return `${row.linkOrigin}/invoice/${token}`;
}

/** The payer's address and language: their user's when they are a customer, else the sender's. */
async function payerReader(tx: DbOrTx, row: InvoiceRow) {
  if (row.payerCustomerId !== null) {
    const [user] = await tx
      .select({ id: users.id, language: users.language })
      .from(users)
      .where(eq(users.customerId, row.payerCustomerId))
      .orderBy(users.id)
      .limit(1);
    return {
      email: row.payerEmail,
      lang: languageOf(user?.language ?? row.language),
      userId: user?.id,
    };
  }
  return { email: row.payerEmail, lang: languageOf(row.language), userId: undefined };
}

async function payeeReader(tx: DbOrTx, row: InvoiceRow) {
  const [user] = await tx
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, row.payeeUserId));
  return { email: user?.email ?? '', lang: languageOf(user?.language), userId: user?.id };
}

const TO_PAYER: readonly InvoiceMail[] = [
  'sent',
  'requested',
  'paidPayer',
  'cancelled',
  'reminderBefore',
  'reminderDue',
];

/** Writes one e-mail about the invoice to the outbox, to the party it concerns. */
export async function mailAbout(
  tx: DbOrTx,
  row: InvoiceRow,
  kind: InvoiceMail,
  values: TranslationValues & { brand: string; payee: string },
): Promise<void> {
  const reader = TO_PAYER.includes(kind) ? await payerReader(tx, row) : await payeeReader(tx, row);
  if (!reader.email) return;
  const all = {
    number: invoiceNumber(row),
    amount: `${values.amount ?? ''}`,
    dueDate: row.dueDate,
    note: row.noteBody ?? '',
    ...values,
  };
  await enqueueMessage(tx, {
    channel: 'email',
    recipient: reader.email,
    subject: t(reader.lang, `invoices:${kind}Subject`, all),
    body: t(reader.lang, `invoices:${kind}Body`, all),
    ...(reader.userId !== undefined ? { userId: reader.userId } : {}),
  });
}

/** InvoiceChanged to everyone who sees the sender or the payer. */
export async function invoiceEvents(tx: DbOrTx, row: InvoiceRow): Promise<Published> {
  const customerIds = [row.payeeCustomerId, ...(row.payerCustomerId ? [row.payerCustomerId] : [])];
  const userIds = new Set<number>();
  for (const customerId of customerIds)
    for (const userId of await usersOfCustomer(tx, customerId)) userIds.add(userId);
  return [...userIds].map((userId) => ({
    userId,
    event: { type: 'InvoiceChanged', payload: { invoiceId: row.id, status: row.status } },
  }));
}
