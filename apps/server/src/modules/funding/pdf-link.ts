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
import { t } from '../../i18n/translate';
import { customerDisplayName } from '../accounts';
import { claimDownloadLink, issueDownloadLink, renderFundingInvoice } from '../pdf';
import { findFundingInvoice, toFundingInvoice } from './service';

/*
 * The funding invoice's PDF behind the PDF service's single-use links (/api/pdf/files/{token},
 * modules/pdf/routes.ts): the link row names the customer, so the invoice is scoped to it again
 * when the browser opens it; 5 minutes, once.
 */

export const FUNDING_DOCUMENT = 'fundingInvoice';

export function isFundingDocument(document: string): boolean {
  return document === FUNDING_DOCUMENT;
}

export async function fundingPdfLink(
  db: DbOrTx,
  input: { customerId: number; userId: number; invoiceId: number; lang: Language; origin: string },
): Promise<string> {
  const invoice = await findFundingInvoice(db, input.customerId, input.invoiceId);
  return issueDownloadLink(db, {
    document: FUNDING_DOCUMENT,
    customerId: input.customerId,
    userId: input.userId,
    params: { invoiceId: invoice.id, lang: input.lang },
    origin: input.origin,
  });
}

export async function serveFundingDocument(
  db: Database,
  link: typeof pdfDownloads.$inferSelect,
  reply: FastifyReply,
  gone: () => AppError,
) {
  const lang: Language = isLanguage(link.params.lang) ? link.params.lang : DEFAULT_LANGUAGE;
  const row = await findFundingInvoice(db, link.customerId, Number(link.params.invoiceId));
  const [customer] = await db.select().from(customers).where(eq(customers.id, link.customerId));
  if (!customer) throw gone();
  const invoice = toFundingInvoice(row);
  const bytes = await renderFundingInvoice({
    brand: getBrand(isBrandId(customer.brandId) ? customer.brandId : 'pebble'),
    lang,
    customerName: customerDisplayName(customer),
    number: invoice.number,
    amount: invoice.amount,
    currencyCode: invoice.currencyCode,
    accountId: invoice.payeeAccountId,
    status: t(lang, `funding:status.${invoice.status}`),
    createdAt: row.createdAt,
    instructions: invoice.instructions,
  });
  if (!(await claimDownloadLink(db, link.tokenHash))) throw gone();
  return reply
    .header('Cache-Control', 'no-store')
    .header('Content-Disposition', `attachment; filename="funding-invoice-${invoice.number}.pdf"`)
    .type('application/pdf')
    .send(Buffer.from(bytes));
}
