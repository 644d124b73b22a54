import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  getBrand,
  isBrandId,
  isLanguage,
  type Language,
} from '@ledgerline/domain';
import type { Database, DbOrTx } from '../../db/client';
import { customers, pdfDownloads } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';
import type { AppError } from '../../lib/errors';
import { customerDisplayName } from '../accounts';
import { listTransactionTypes } from '../dictionaries';
import { renderTransactionReceipt } from '../pdf';
import { DOWNLOAD_LINK_TTL_MS, EXPORT_DOCUMENT, serveExportDownload } from './exports';
import { transactionDetails } from './service';

/*
 * History documents behind the PDF service's single-use links (/api/pdf/files/{token}, see
 * modules/pdf/routes.ts): a transaction receipt drawn on demand and an export file streamed from
 * its stored chunks. The link row names the customer, so the document is scoped to it again.
 */

export const RECEIPT_DOCUMENT = 'transactionReceipt';
const HISTORY_DOCUMENTS = new Set([RECEIPT_DOCUMENT, EXPORT_DOCUMENT]);

export function isHistoryDocument(document: string): boolean {
  return HISTORY_DOCUMENTS.has(document);
}

export async function receiptLink(
  db: DbOrTx,
  input: { customerId: number; userId: number; transferId: string; lang: Language; origin: string },
): Promise<string> {
  const token = randomToken(32);
  await db.insert(pdfDownloads).values({
    tokenHash: sha256(token),
    document: RECEIPT_DOCUMENT,
    customerId: input.customerId,
    userId: input.userId,
    params: { transferId: input.transferId, lang: input.lang },
    expiresAt: new Date(Date.now() + DOWNLOAD_LINK_TTL_MS),
  });
  return `${input.origin}/api/pdf/files/${token}`;
}

/** Marks the link used; of two requests racing for one link, one wins. */
async function claimLink(db: Database, tokenHash: string): Promise<boolean> {
  const claimed = await db
    .update(pdfDownloads)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(pdfDownloads.tokenHash, tokenHash),
        isNull(pdfDownloads.usedAt),
        gt(pdfDownloads.expiresAt, new Date()),
      ),
    )
    .returning({ tokenHash: pdfDownloads.tokenHash });
  return claimed.length > 0;
}

export async function serveHistoryDocument(
  db: Database,
  link: typeof pdfDownloads.$inferSelect,
  reply: FastifyReply,
  gone: () => AppError,
) {
  if (link.document === EXPORT_DOCUMENT)
    return serveExportDownload(db, link, reply, () => claimLink(db, link.tokenHash), gone);
  const lang: Language = isLanguage(link.params.lang) ? link.params.lang : DEFAULT_LANGUAGE;
  const transaction = await transactionDetails(
    db,
    link.customerId,
    String(link.params.transferId),
    lang,
  );
  const [customer] = await db.select().from(customers).where(eq(customers.id, link.customerId));
  if (!customer) throw gone();
  const typeName =
    listTransactionTypes(lang).transactions.find((type) => type.code === transaction.operationType)
      ?.name ?? transaction.operationType;
  const bytes = await renderTransactionReceipt({
    brand: getBrand(isBrandId(customer.brandId) ? customer.brandId : 'pebble'),
    lang,
    customerName: customerDisplayName(customer),
    accountId: transaction.accountId,
    transactionId: transaction.transactionId,
    date: new Date(transaction.date),
    typeName,
    status: transaction.status,
    direction: transaction.direction,
    amount: transaction.amount,
    fee: transaction.fee,
    currency: transaction.currency,
    rate: transaction.rate,
    toAmount: transaction.toAmount,
    toCurrency: transaction.toCurrency,
    counterparty: transaction.counterparty,
    description: transaction.description,
  });
  if (!(await claimLink(db, link.tokenHash))) throw gone();
  return reply
    .header('Cache-Control', 'no-store')
    .header(
      'Content-Disposition',
      `attachment; filename="receipt-${transaction.transactionId}.pdf"`,
    )
    .type('application/pdf')
    .send(Buffer.from(bytes));
}
