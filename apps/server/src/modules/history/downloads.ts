import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  getBrand,
  isBrandId,
  isLanguage,
  type Language,
} from '@ledgerline/domain';
import type { Database, DbOrTx } from '../../db/client';
import type { pdfDownloads } from '../../db/schema';
import { customers } from '../../db/schema';
import type { AppError } from '../../lib/errors';
import { customerDisplayName } from '../accounts';
import { listTransactionTypes } from '../dictionaries';
import { claimDownloadLink, issueDownloadLink, renderTransactionReceipt } from '../pdf';
import { EXPORT_DOCUMENT, serveExportDownload } from './exports';
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
  return issueDownloadLink(db, {
    document: RECEIPT_DOCUMENT,
    customerId: input.customerId,
    userId: input.userId,
    params: { transferId: input.transferId, lang: input.lang },
    origin: input.origin,
  });
}

export async function serveHistoryDocument(
  db: Database,
  link: typeof pdfDownloads.$inferSelect,
  reply: FastifyReply,
  gone: () => AppError,
) {
  if (link.document === EXPORT_DOCUMENT)
    return serveExportDownload(db, link, reply, () => claimDownloadLink(db, link.tokenHash), gone);
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
  if (!(await claimDownloadLink(db, link.tokenHash))) throw gone();
  return reply
    .header('Cache-Control', 'no-store')
    .header(
      'Content-Disposition',
      `attachment; filename="receipt-${transaction.transactionId}.pdf"`,
    )
    .type('application/pdf')
    .send(Buffer.from(bytes));
}
