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
import { accounts, paymentInstructions } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import type { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { moneyText } from '../ledger';
import { claimDownloadLink, issueDownloadLink, renderInvoice } from '../pdf';
import { findInvoiceFor } from './repository';
import { invoiceNumber, partiesOf } from './view';

/*
 * The invoice's PDF behind the PDF service's single-use 5-minute links (/api/pdf/files/{token},
 * modules/pdf/routes.ts): only a party of the invoice gets a link, and when the link is opened
 * the invoice is looked up for that customer again, in the language the link was made for.
 */

export const INVOICE_DOCUMENT = 'invoice';

export async function invoicePdfLink(
  db: DbOrTx,
  actor: Actor,
  invoiceId: number,
  origin: string,
): Promise<string> {
  await findInvoiceFor(db, actor.customerId, invoiceId);
  const link = await issueDownloadLink(db, {
    document: INVOICE_DOCUMENT,
    customerId: actor.customerId,
    userId: actor.userId,
    params: { invoiceId, lang: actor.lang },
    origin,
  });
  await audit(db, {
    action: 'pdf.invoice',
    userId: actor.userId,
    customerId: actor.customerId,
    ip: actor.ip,
    details: { invoiceId },
  });
  return link;
}

export async function serveInvoiceDocument(
  db: Database,
  link: typeof pdfDownloads.$inferSelect,
  reply: FastifyReply,
  gone: () => AppError,
) {
  const lang: Language = isLanguage(link.params.lang) ? link.params.lang : DEFAULT_LANGUAGE;
  let found;
  try {
    found = await findInvoiceFor(db, link.customerId, Number(link.params.invoiceId));
  } catch {
    throw gone();
  }
  const { row } = found;
  const parties = await partiesOf(db, [row]);
  const [account] = await db.select().from(accounts).where(eq(accounts.id, row.payeeAccountId));
  const [instruction] = await db
    .select()
    .from(paymentInstructions)
    .where(eq(paymentInstructions.accountId, row.payeeAccountId));
  const bytes = await renderInvoice({
    brand: getBrand(isBrandId(row.brandId) ? row.brandId : 'pebble'),
    lang,
    number: invoiceNumber(row),
    kind: row.kind === 'request' ? 'request' : 'invoice',
    status: row.status,
    payeeName: parties.names.get(row.payeeCustomerId) ?? '',
    payeeEmail: parties.payeeEmails.get(row.payeeUserId) ?? '',
    payerName:
      row.payerCustomerId === null ? null : (parties.names.get(row.payerCustomerId) ?? null),
    payerEmail: row.payerEmail,
    amount: moneyText(row.amount),
    currency: row.currencyCode,
    sentDate: row.createdAt,
    dueDate: row.dueDate,
    paidDate: row.paidAt,
    paidTotal: row.paidTotal === null ? null : moneyText(row.paidTotal),
    fee: row.paidFee === null ? null : moneyText(row.paidFee),
    paymentCurrency: row.paidCurrencyCode,
    note: row.noteBody,
    rejectNote: row.rejectNote,
    payeeAccount: {
      id: row.payeeAccountId,
      currency: account?.currencyCode ?? row.currencyCode,
      bankAccountNumber: instruction?.iban ?? instruction?.bankAccountNumber ?? null,
      swift: instruction?.swift ?? null,
    },
    payLink: `${row.linkOrigin}/transfer/invoices`,
  });
  if (!(await claimDownloadLink(db, link.tokenHash))) throw gone();
  return reply
    .header('Cache-Control', 'no-store')
    .header('Content-Disposition', `attachment; filename="${invoiceNumber(row)}.pdf"`)
    .type('application/pdf')
    .send(Buffer.from(bytes));
}
