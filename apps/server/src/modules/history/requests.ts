import type { historyMethods } from '@ledgerline/contract';
import { getBrand, isBrandId } from '@ledgerline/domain';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { t } from '../../i18n/translate';
import { audit } from '../audit';
import { requireBalanceAccess } from '../customers';
import type { Mailer } from '../notifications';
import { receiptLink } from './downloads';
import { createExport, EMAIL_LINK_TTL_MS, exportLink, findExport } from './exports';
import { accountOfTransfer, historyAccount, statementRows } from './service';
import { brandIdOf } from '../customers';

/*
 * What a customer asks of their history that writes something: a receipt link, an export or
 * statement file, an e-mailed link. Each checks access, then one transaction with its audit row.
 */

type Input<M extends keyof typeof historyMethods> = z.output<(typeof historyMethods)[M]['request']>;
type HistoryExportInput = Input<'exportHistory'>;

/** The acting customer's account, for a caller who may see its balances; another customer's is not found. */
export async function readableHistoryAccount(db: DbOrTx, actor: Actor, accountId: number) {
  requireBalanceAccess(actor);
  return historyAccount(db, actor.customerId, accountId);
}

async function readableAccount(db: DbOrTx, actor: Actor, accountId: number) {
  return readableHistoryAccount(db, actor, accountId);
}

/** A single-use link to the receipt of one of the customer's transactions, with its audit row. */
export async function requestReceipt(
  db: Database,
  actor: Actor,
  origin: string,
  transactionId: Input<'getTransactionReceipt'>['transactionId'],
) {
  requireBalanceAccess(actor);
  // Not found unless the transaction touched one of the customer's accounts.
  await accountOfTransfer(db, actor.customerId, transactionId);
  const redirectLink = await db.transaction(async (tx) => {
    const link = await receiptLink(tx, {
      customerId: actor.customerId,
      userId: actor.userId,
      transferId: transactionId,
      lang: actor.lang,
      origin: origin,
    });
    await audit(tx, {
      action: 'history.receipt',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { transferId: transactionId },
    });
    return link;
  });
  return { redirectLink };
}

/** A month's statement file, written in the background (exports.ts); answers the export's id. */
export async function requestStatementExport(
  db: Database,
  actor: Actor,
  input: Input<'exportStatement'>,
) {
  const account = await readableAccount(db, actor, input.accountId);
  const months = await statementRows(db, account);
  if (!months.some((row) => row.yearMonth === input.yearMonth)) {
    throw AppError.invalid(
      { yearMonth: 'validation.noStatementForMonth' },
      'There is no statement for this month',
    );
  }
  const exportId = await db.transaction(async (tx) => {
    const id = await createExport(tx, {
      customerId: actor.customerId,
      userId: actor.userId,
      accountId: account.id,
      source: 'monthly',
      format: input.format,
      yearMonth: input.yearMonth,
      lang: actor.lang,
    });
    await audit(tx, {
      action: 'history.exportStatement',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { exportId: id, accountId: account.id, yearMonth: input.yearMonth },
    });
    return id;
  });
  return { exportId };
}

/** The history of an account under a filter, as a file written in the background; answers the export's id. */
export async function requestHistoryExport(db: Database, actor: Actor, input: HistoryExportInput) {
  const { accountId, format, ...filter } = input;
  const account = await readableAccount(db, actor, accountId);
  const exportId = await db.transaction(async (tx) => {
    const id = await createExport(tx, {
      customerId: actor.customerId,
      userId: actor.userId,
      accountId: account.id,
      source: 'history',
      format,
      filter,
      lang: actor.lang,
    });
    await audit(tx, {
      action: 'history.exportHistory',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { exportId: id, accountId: account.id },
    });
    return id;
  });
  return { exportId };
}

/** E-mails a link to a ready export file, in the acting user's language, with its audit row. */
export async function sendExportByEmail(
  db: Database,
  mailer: Mailer,
  actor: Actor,
  origin: string,
  input: Input<'sendExportToEmail'>,
) {
  requireBalanceAccess(actor);
  const row = await findExport(db, actor.customerId, input.exportId);
  if (row.status !== 'ready')
    throw AppError.invalid({ exportId: 'validation.exportNotReady' }, 'The file is not ready yet');
  const brandId = await brandIdOf(db, actor.customerId);
  const brand = getBrand(brandId !== null && isBrandId(brandId) ? brandId : 'pebble');
  await db.transaction(async (tx) => {
    const link = await exportLink(tx, row, {
      userId: actor.userId,
      origin: origin,
      ttlMs: EMAIL_LINK_TTL_MS,
    });
    const values = { brand: brand.projectName, file: row.fileName, link };
    await mailer.enqueue(tx, {
      channel: 'email',
      recipient: input.email,
      subject: t(actor.lang, 'exports:email.subject', values),
      body: t(actor.lang, 'exports:email.body', values),
      userId: actor.userId,
    });
    await audit(tx, {
      action: 'history.exportSent',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { exportId: row.id, email: input.email },
    });
  });
  return { sent: true };
}
