import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { API_REQUEST_PAGE_SIZE, type ApiRequest } from '@ledgerline/contract';
import type { Database } from '../../db/client';
import { merchantApiKeys, merchantApiRequests } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { requireMerchantRights } from '../customers';

/*
 * The API request log (spec 2 §7 GET public-api/apirequest?customerId&apiKeyId&fromDate&toDate):
 * one key's calls, newest first, by UTC calendar days, paged by an opaque cursor (the last row's id).
 */

function nextDay(day: string): Date {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

function decodeCursor(text: string): number {
  const plain = Buffer.from(text, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,15}$/.test(plain) || Number(plain) > Number.MAX_SAFE_INTEGER)
    throw AppError.invalid({ cursor: 'validation.invalidValue' }, 'The page cursor is not valid');
  return Number(plain);
}

export async function listApiRequests(
  db: Database,
  actor: Actor,
  filter: {
    apiKeyId: number;
    fromDate?: string | undefined;
    toDate?: string | undefined;
    cursor?: string | undefined;
  },
): Promise<{ apiRequests: ApiRequest[]; nextCursor: string | null }> {
  await requireMerchantRights(db, actor, 'read');
  // The key must be the company's (a deleted one's log is still the company's to read).
  const [key] = await db
    .select({ id: merchantApiKeys.id })
    .from(merchantApiKeys)
    .where(
      and(
        eq(merchantApiKeys.id, filter.apiKeyId),
        eq(merchantApiKeys.customerId, actor.customerId),
      ),
    );
  if (!key) throw AppError.notFound('No such API key');
  const where: SQL[] = [
    eq(merchantApiRequests.apiKeyId, key.id),
    eq(merchantApiRequests.customerId, actor.customerId),
  ];
  if (filter.fromDate)
    where.push(gte(merchantApiRequests.at, new Date(`${filter.fromDate}T00:00:00Z`)));
  if (filter.toDate) where.push(lt(merchantApiRequests.at, nextDay(filter.toDate)));
  if (filter.cursor !== undefined)
    where.push(lt(merchantApiRequests.id, decodeCursor(filter.cursor)));
  const rows = await db
    .select()
    .from(merchantApiRequests)
    .where(and(...where))
    .orderBy(desc(merchantApiRequests.id))
    .limit(API_REQUEST_PAGE_SIZE + 1);
  const shown = rows.slice(0, API_REQUEST_PAGE_SIZE);
  const last = shown.at(-1);
  return {
    apiRequests: shown.map((row) => ({
      id: row.id,
      apiKeyId: row.apiKeyId,
      method: row.method,
      path: row.path,
      status: row.status,
      ip: row.ip,
      durationMs: row.durationMs,
      at: row.at.toISOString(),
    })),
    nextCursor:
      rows.length > API_REQUEST_PAGE_SIZE && last
        ? Buffer.from(String(last.id), 'utf8').toString('base64url')
        : null,
  };
}
