import { eq } from 'drizzle-orm';
import type { historyMethods } from '@ledgerline/contract';
import { getBrand, isBrandId } from '@ledgerline/domain';
import { customers } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthedMethodContext, MethodHandlers } from '../../main-api/types';
import { requireBalanceAccess } from '../accounts/access';
import { audit } from '../audit/audit';
import { fill } from '../pdf/texts';
import { listAuthorizations } from './authorizations';
import { batchFile, listBatches } from './batches';
import { receiptLink } from './downloads';
import {
  createExport,
  DOWNLOAD_LINK_TTL_MS,
  EMAIL_LINK_TTL_MS,
  exportLink,
  findExport,
  listExports,
  toExportItem,
} from './exports';
import { EXPORT_EMAIL } from './messages';
import {
  checkOffset,
  countHistory,
  cursorOf,
  decodeCursor,
  encodeCursor,
  historyRows,
  statusTotals,
  toHistoryItem,
} from './query';
import {
  accountOfTransfer,
  historyAccount,
  scopeOf,
  statementRows,
  transactionDetails,
} from './service';

/** The acting customer's account, for a caller who may see its balances; another customer's is not found. */
async function readableAccount(ctx: AuthedMethodContext, accountId: number) {
  await requireBalanceAccess(ctx.db, ctx);
  return historyAccount(ctx.db, ctx.customerId, accountId);
}

export const historyHandlers: MethodHandlers<typeof historyMethods> = {
  async getTransactionHistory(input, ctx) {
    const { accountId, pageNumber, pageSize, cursor, withTotals, ...filter } = input;
    const account = await readableAccount(ctx, accountId);
    const scope = scopeOf(account);
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    const offset = after ? 0 : checkOffset(pageNumber, pageSize);
    // One row more than the page tells whether another page follows.
    const rows = await historyRows(ctx.db, scope, filter, { limit: pageSize + 1, after, offset });
    const page = rows.slice(0, pageSize);
    // Counting is the dear part of a page: done for the first page, skipped on the ones after it.
    const counted =
      (withTotals ?? cursor === undefined)
        ? await Promise.all([
            countHistory(ctx.db, scope, filter),
            statusTotals(ctx.db, scope, filter),
          ])
        : null;
    return {
      items: page.map((row) => toHistoryItem(row, scope)),
      ...(counted
        ? { total: counted[0].total, totalIsExact: counted[0].exact, totals: counted[1] }
        : {}),
      nextCursor: rows.length > pageSize ? encodeCursor(cursorOf(page[page.length - 1]!)) : null,
      pageNumber,
      pageSize,
    };
  },

  async getTransactionDetails(input, ctx) {
    await requireBalanceAccess(ctx.db, ctx);
    return { transaction: await transactionDetails(ctx.db, ctx.customerId, input.transactionId) };
  },

  async getTransactionReceipt(input, ctx) {
    await requireBalanceAccess(ctx.db, ctx);
    // Not found unless the transaction touched one of the customer's accounts.
    await accountOfTransfer(ctx.db, ctx.customerId, input.transactionId);
    const redirectLink = await ctx.db.transaction(async (tx) => {
      const link = await receiptLink(tx, {
        customerId: ctx.customerId,
        userId: ctx.caller.userId,
        transferId: input.transactionId,
        lang: ctx.lang,
        origin: ctx.site.origin,
      });
      await audit(tx, {
        action: 'history.receipt',
        userId: ctx.caller.userId,
        customerId: ctx.customerId,
        ip: ctx.ip,
        details: { transferId: input.transactionId },
      });
      return link;
    });
    return { redirectLink };
  },

  async getAuthorizations(input, ctx) {
    const account = await readableAccount(ctx, input.accountId);
    return listAuthorizations(ctx.db, account, input);
  },

  async getStatements(input, ctx) {
    const account = await readableAccount(ctx, input.accountId);
    const rows = await statementRows(ctx.db, account);
    const wanted =
      input.year === undefined
        ? rows
        : rows.filter((row) => row.yearMonth.startsWith(`${input.year}-`));
    return { statements: wanted.reverse() };
  },

  async exportStatement(input, ctx) {
    const account = await readableAccount(ctx, input.accountId);
    const months = await statementRows(ctx.db, account);
    if (!months.some((row) => row.yearMonth === input.yearMonth)) {
      throw AppError.invalid(
        { yearMonth: 'validation.noStatementForMonth' },
        'There is no statement for this month',
      );
    }
    const exportId = await ctx.db.transaction(async (tx) => {
      const id = await createExport(tx, {
        customerId: ctx.customerId,
        userId: ctx.caller.userId,
        accountId: account.id,
        source: 'monthly',
        format: input.format,
        yearMonth: input.yearMonth,
        lang: ctx.lang,
      });
      await audit(tx, {
        action: 'history.exportStatement',
        userId: ctx.caller.userId,
        customerId: ctx.customerId,
        ip: ctx.ip,
        details: { exportId: id, accountId: account.id, yearMonth: input.yearMonth },
      });
      return id;
    });
    return { exportId };
  },

  async exportHistory(input, ctx) {
    const { accountId, format, ...filter } = input;
    const account = await readableAccount(ctx, accountId);
    const exportId = await ctx.db.transaction(async (tx) => {
      const id = await createExport(tx, {
        customerId: ctx.customerId,
        userId: ctx.caller.userId,
        accountId: account.id,
        source: 'history',
        format,
        filter,
        lang: ctx.lang,
      });
      await audit(tx, {
        action: 'history.exportHistory',
        userId: ctx.caller.userId,
        customerId: ctx.customerId,
        ip: ctx.ip,
        details: { exportId: id, accountId: account.id },
      });
      return id;
    });
    return { exportId };
  },

  async getExports(input, ctx) {
    await requireBalanceAccess(ctx.db, ctx);
    if (input.accountId !== undefined)
      await historyAccount(ctx.db, ctx.customerId, input.accountId);
    return listExports(ctx.db, ctx.customerId, input);
  },

  async getExportStatus(input, ctx) {
    await requireBalanceAccess(ctx.db, ctx);
    const row = await findExport(ctx.db, ctx.customerId, input.exportId);
    const redirectLink =
      row.status === 'ready'
        ? await exportLink(ctx.db, row, {
            userId: ctx.caller.userId,
            origin: ctx.site.origin,
            ttlMs: DOWNLOAD_LINK_TTL_MS,
          })
        : undefined;
    return {
      exportId: row.id,
      status: toExportItem(row).status,
      progress: row.progress,
      ...(redirectLink ? { redirectLink } : {}),
      export: toExportItem(row),
    };
  },

  async sendExportToEmail(input, ctx) {
    await requireBalanceAccess(ctx.db, ctx);
    const row = await findExport(ctx.db, ctx.customerId, input.exportId);
    if (row.status !== 'ready')
      throw AppError.invalid(
        { exportId: 'validation.exportNotReady' },
        'The file is not ready yet',
      );
    const [customer] = await ctx.db
      .select({ brandId: customers.brandId })
      .from(customers)
      .where(eq(customers.id, ctx.customerId));
    const brand = getBrand(customer && isBrandId(customer.brandId) ? customer.brandId : 'pebble');
    await ctx.db.transaction(async (tx) => {
      const link = await exportLink(tx, row, {
        userId: ctx.caller.userId,
        origin: ctx.site.origin,
        ttlMs: EMAIL_LINK_TTL_MS,
      });
      const texts = EXPORT_EMAIL[ctx.lang];
      const values = { brand: brand.projectName, file: row.fileName, link };
      await ctx.services.mailer.enqueue(tx, {
        channel: 'email',
        recipient: input.email,
        subject: fill(texts.subject, values),
        body: fill(texts.body, values),
        userId: ctx.caller.userId,
      });
      await audit(tx, {
        action: 'history.exportSent',
        userId: ctx.caller.userId,
        customerId: ctx.customerId,
        ip: ctx.ip,
        details: { exportId: row.id, email: input.email },
      });
    });
    return { sent: true };
  },

  async getBatchTransfers(input, ctx) {
    await requireBalanceAccess(ctx.db, ctx);
    return listBatches(ctx.db, ctx.customerId, input);
  },

  async getBatchTransferFile(input, ctx) {
    await requireBalanceAccess(ctx.db, ctx);
    return batchFile(ctx.db, ctx.customerId, input.batchId);
  },
};
