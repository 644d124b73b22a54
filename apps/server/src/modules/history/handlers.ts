import type { historyMethods } from '@ledgerline/contract';
import type { AuthedMethodContext, MethodHandlers } from '../../main-api/types';
import { requireBalanceAccess } from '../customers';
import { listAuthorizations } from './authorizations';
import { batchFile, listBatches } from './batches';
import { DOWNLOAD_LINK_TTL_MS, exportLink, findExport, listExports, toExportItem } from './exports';
import {
  readableHistoryAccount,
  requestHistoryExport,
  requestReceipt,
  requestStatementExport,
  sendExportByEmail,
} from './requests';
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
import { historyAccount, scopeOf, statementRows, transactionDetails } from './service';
import { spendingByMonth } from './spending';

/** The acting customer's account, for a caller who may see its balances; another customer's is not found. */
function readableAccount(ctx: AuthedMethodContext, accountId: number) {
  return readableHistoryAccount(ctx.db, ctx.actor, accountId);
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
      items: page.map((row) => toHistoryItem(row, scope, ctx.lang)),
      ...(counted
        ? { total: counted[0].total, totalIsExact: counted[0].exact, totals: counted[1] }
        : {}),
      nextCursor: rows.length > pageSize ? encodeCursor(cursorOf(page[page.length - 1]!)) : null,
      pageNumber,
      pageSize,
    };
  },

  async getSpendingByMonth(input, ctx) {
    requireBalanceAccess(ctx.actor);
    return spendingByMonth(ctx.db, ctx.actor.customerId, input.months);
  },

  async getTransactionDetails(input, ctx) {
    requireBalanceAccess(ctx.actor);
    return {
      transaction: await transactionDetails(
        ctx.db,
        ctx.actor.customerId,
        input.transactionId,
        ctx.lang,
      ),
    };
  },

  async getTransactionReceipt(input, ctx) {
    return requestReceipt(ctx.db, ctx.actor, ctx.site.origin, input.transactionId);
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
    return requestStatementExport(ctx.db, ctx.actor, input);
  },

  async exportHistory(input, ctx) {
    return requestHistoryExport(ctx.db, ctx.actor, input);
  },

  async getExports(input, ctx) {
    requireBalanceAccess(ctx.actor);
    if (input.accountId !== undefined)
      await historyAccount(ctx.db, ctx.actor.customerId, input.accountId);
    return listExports(ctx.db, ctx.actor.customerId, input);
  },

  async getExportStatus(input, ctx) {
    requireBalanceAccess(ctx.actor);
    const row = await findExport(ctx.db, ctx.actor.customerId, input.exportId);
    const redirectLink =
      row.status === 'ready'
        ? await exportLink(ctx.db, row, {
            userId: ctx.actor.userId,
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
    return sendExportByEmail(ctx.db, ctx.services.mailer, ctx.actor, ctx.site.origin, input);
  },

  async getBatchTransfers(input, ctx) {
    requireBalanceAccess(ctx.actor);
    return listBatches(ctx.db, ctx.actor.customerId, input);
  },

  async getBatchTransferFile(input, ctx) {
    requireBalanceAccess(ctx.actor);
    return batchFile(ctx.db, ctx.actor.customerId, input.batchId);
  },
};
