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
import { t } from '../../i18n/translate';
import { customerDisplayName } from '../accounts';
import { renderFundingInvoice } from '../pdf';
import { findFundingInvoice, toFundingInvoice } from './service';

/*
 * The funding invoice's PDF behind the PDF service's single-use links (/api/pdf/files/{token},
 * modules/pdf/routes.ts): the link row names the customer, so the invoice is scoped to it again
 * when the browser opens it; 5 minutes, once.
 */

export const FUNDING_DOCUMENT = 'fundingInvoice';
const LINK_TTL_MS = 5 * 60_000;

export function isFundingDocument(document: string): boolean {
  return document === FUNDING_DOCUMENT;
}

export async function fundingPdfLink(
  db: DbOrTx,
  input: { customerId: number; userId: number; invoiceId: number; lang: Language; origin: string },
): Promise<string> {
  const invoice = await findFundingInvoice(db, input.customerId, input.invoiceId);
  const token = randomToken(32);
  await db.insert(pdfDownloads).values({
    tokenHash: sha256(token),
    document: FUNDING_DOCUMENT,
    customerId: input.customerId,
    userId: input.userId,
    params: { invoiceId: invoice.id, lang: input.lang },
    expiresAt: new Date(Date.now() + LINK_TTL_MS),
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
  if (!(await claimLink(db, link.tokenHash))) throw gone();
  return reply
    .header('Cache-Control', 'no-store')
    .header('Content-Disposition', `attachment; filename="funding-invoice-${invoice.number}.pdf"`)
    .type('application/pdf')
    .send(Buffer.from(bytes));
}
