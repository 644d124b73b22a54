import { and, count, desc, eq, gte, ilike, inArray, lt, or } from 'drizzle-orm';
import type { BatchTransfer } from '@ledgerline/contract';
import type { DbOrTx } from '../../db/client';
import { batchTransfers } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { moneyText } from '../ledger';

/*
 * Batch (mass) transfers of spec 2 §3 "Mass and global batch": the uploaded file and what became of
 * it. Mass payouts (a later issue) fill the table; the demo seed gives some customers a few.
 */

type BatchRow = typeof batchTransfers.$inferSelect;

function toBatch(row: BatchRow): BatchTransfer {
  return {
    batchId: row.id,
    name: row.name,
    type: row.type as BatchTransfer['type'],
    accountId: row.accountId,
    status: row.status as BatchTransfer['status'],
    paymentsCount: row.paymentsCount,
    totalAmount: moneyText(row.totalAmount),
    currency: row.currencyCode,
    fileName: row.fileName,
    createdAt: row.createdAt.toISOString(),
  };
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function nextDay(day: string): Date {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

export async function listBatches(
  db: DbOrTx,
  customerId: number,
  input: {
    search?: string | undefined;
    types?: string[] | undefined;
    from?: string | undefined;
    to?: string | undefined;
    pageNumber: number;
    pageSize: number;
  },
): Promise<{ batches: BatchTransfer[]; total: number }> {
  const where = and(
    eq(batchTransfers.customerId, customerId),
    input.search
      ? or(
          ilike(batchTransfers.name, likePattern(input.search)),
          ilike(batchTransfers.fileName, likePattern(input.search)),
        )
      : undefined,
    input.types && input.types.length > 0 ? inArray(batchTransfers.type, input.types) : undefined,
    input.from ? gte(batchTransfers.createdAt, new Date(`${input.from}T00:00:00Z`)) : undefined,
    input.to ? lt(batchTransfers.createdAt, nextDay(input.to)) : undefined,
  );
  const rows = await db
    .select()
    .from(batchTransfers)
    .where(where)
    .orderBy(desc(batchTransfers.createdAt), desc(batchTransfers.id))
    .limit(input.pageSize)
    .offset((input.pageNumber - 1) * input.pageSize);
  const [total] = await db.select({ value: count() }).from(batchTransfers).where(where);
  return { batches: rows.map(toBatch), total: total?.value ?? 0 };
}

export async function batchFile(db: DbOrTx, customerId: number, batchId: number) {
  const [row] = await db
    .select()
    .from(batchTransfers)
    .where(and(eq(batchTransfers.id, batchId), eq(batchTransfers.customerId, customerId)));
  if (!row) throw AppError.notFound('Batch not found');
  return {
    batchId: row.id,
    fileName: row.fileName,
    contentType: row.contentType,
    content: row.fileContent,
  };
}
