import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pdfRoutes } from '@ledgerline/contract';
import {
  CUSTOMER_ID_HEADER,
  DEFAULT_LANGUAGE,
  fromIsoLanguage,
  getBrand,
  isBrandId,
  isLanguage,
  type Language,
} from '@ledgerline/domain';
import type { Database } from '../../db/client';
import { customers, paymentInstructions, pdfDownloads } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import type { SiteResolver } from '../../lib/site';
import { audit } from '../audit';
import { requireBalanceAccess, resolveActingCustomer, resolveActor } from '../customers';
import { customerDisplayName, findCustomerAccount } from '../accounts';
import { findLegalItem } from '../profile';
import { renderAccountConfirmation, renderAgreement } from './render';

/*
 * The PDF generator (spec 2 §7 "pdf/api/generator_pdf/{name}", answering `redirectLink`). A link
 * a browser opens cannot carry a bearer token, so the authenticated POST makes the document's
 * single-use download link: a random 32-byte token, stored as its SHA-256, valid 5 minutes and
 * usable once; GET /api/pdf/files/{token} is the one PDF route without the bearer guard.
 */

export const PDF_LINK_TTL_MS = 5 * 60_000;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Documents another module serves behind these single-use links (history's receipts and exports):
 * the module declares them (ServerModule.linkedDocuments), so pdf needs no import of it.
 */
export interface LinkedDocuments {
  handles(document: string): boolean;
  serve(
    db: Database,
    link: typeof pdfDownloads.$inferSelect,
    reply: FastifyReply,
    gone: () => AppError,
  ): Promise<FastifyReply>;
}

export interface PdfDeps {
  db: Database;
  site: SiteResolver;
  linkedDocuments: LinkedDocuments[];
}

function actingCustomerFromHeader(request: FastifyRequest): number | undefined {
  const raw = request.headers[CUSTOMER_ID_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  const parsed = z.coerce
    .number()
    .int()
    .min(1)
    .max(2_147_483_647)
    .safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw AppError.invalid({ [CUSTOMER_ID_HEADER]: 'Must be a customer id' });
  return parsed.data;
}

/** The account's letter data, scoped to the customer: another customer's account is not found. */
async function letterFor(db: Database, customerId: number, accountId: number) {
  const account = await findCustomerAccount(db, customerId, accountId);
  const [instruction] = await db
    .select()
    .from(paymentInstructions)
    .where(eq(paymentInstructions.accountId, account.id));
  // Only an open account people pay into has bank details to confirm (cards and closed accounts have none).
  if (!instruction || account.accountStatusId !== 2) {
    throw AppError.invalid(
      { accountId: 'validation.accountConfirmationUnavailable' },
      'There is no account confirmation for this account',
    );
  }
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw AppError.notFound('Customer not found');
  return { account, instruction, customer };
}

/** The body's language, else the browser's, else the default. */
function languageOf(request: FastifyRequest, asked: Language | undefined): Language {
  return asked ?? fromIsoLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
}

/**
 * Makes a document's single-use download link for the caller, audited as `pdf.<document>` in the
 * same transaction, and answers it as the generator's `redirectLink`.
 */
async function issueDownloadLink(
  deps: PdfDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  link: {
    document: 'accountConfirmation' | 'agreement';
    customerId: number;
    userId: number;
    params: Record<string, string | number>;
    details: Record<string, unknown>;
  },
) {
  const token = randomToken(32);
  await deps.db.transaction(async (tx) => {
    await tx.insert(pdfDownloads).values({
      tokenHash: sha256(token),
      document: link.document,
      customerId: link.customerId,
      userId: link.userId,
      params: link.params,
      expiresAt: new Date(Date.now() + PDF_LINK_TTL_MS),
    });
    await audit(tx, {
      action: `pdf.${link.document}`,
      userId: link.userId,
      customerId: link.customerId,
      ip: request.ip,
      details: link.details,
    });
  });
  reply.header('Cache-Control', 'no-store');
  const { origin } = deps.site.forRequest(request);
  return {
    responseCode: '00' as const,
    responseDescription: 'Success',
    redirectLink: `${origin}/api/pdf/files/${token}`,
  };
}

/** Inside the bearer-guarded /api/pdf scope. */
export async function pdfGeneratorRoutes(scope: FastifyInstance, deps: PdfDeps): Promise<void> {
  route(scope, pdfRoutes.accountConfirmation, async (request, reply, caller) => {
    const body = request.body;
    const lang = languageOf(request, body.lang);
    const actor = await resolveActor(deps.db, caller, {
      fromCustomerId: body.fromCustomerId ?? actingCustomerFromHeader(request),
      lang,
      ip: request.ip,
      brandId: undefined,
      operation: 'accountConfirmation',
    });
    requireBalanceAccess(actor);
    const { customerId } = actor;
    const { account } = await letterFor(deps.db, customerId, body.accountId);

    return issueDownloadLink(deps, request, reply, {
      document: 'accountConfirmation',
      customerId,
      userId: caller.userId,
      params: { accountId: account.id, lang },
      details: { accountId: account.id },
    });
  });

  // The agreement record of one legal item (issue 6): any user may have their own acceptance record, so no balance access is needed.
  route(scope, pdfRoutes.agreement, async (request, reply, caller) => {
    const body = request.body;
    const lang = languageOf(request, body.lang);
    const customerId = await resolveActingCustomer(
      deps.db,
      caller,
      body.fromCustomerId ?? actingCustomerFromHeader(request),
    );
    const { term } = await findLegalItem(deps.db, {
      customerId,
      userId: caller.userId,
      termId: body.id,
    });

    return issueDownloadLink(deps, request, reply, {
      document: 'agreement',
      customerId,
      userId: caller.userId,
      params: { termId: term.id, lang },
      details: { termId: term.id, value: term.value },
    });
  });
}

/** Draws the document a download link names, from the link's stored parameters. */
async function renderLinked(
  db: Database,
  link: typeof pdfDownloads.$inferSelect,
): Promise<{ bytes: Uint8Array; filename: string }> {
  const lang: Language = isLanguage(link.params.lang) ? link.params.lang : DEFAULT_LANGUAGE;
  if (link.document === 'agreement') {
    const { customer, brand, term, acceptance, userEmail } = await findLegalItem(db, {
      customerId: link.customerId,
      userId: link.userId,
      termId: Number(link.params.termId),
    });
    const bytes = await renderAgreement({
      brand,
      lang,
      term,
      customerName: customerDisplayName(customer) || userEmail,
      userEmail,
      acceptance: acceptance
        ? { acceptedAt: acceptance.acceptedAt, ip: acceptance.ip, termValue: acceptance.termValue }
        : null,
    });
    return { bytes, filename: `${term.value}.pdf` };
  }
  const accountId = Number(link.params.accountId);
  const { account, instruction, customer } = await letterFor(db, link.customerId, accountId);
  const bytes = await renderAccountConfirmation({
    brand: getBrand(isBrandId(customer.brandId) ? customer.brandId : 'pebble'),
    lang,
    customerName: customerDisplayName(customer),
    accountId: account.id,
    currencyCode: account.currencyCode,
    openedAt: account.createdAt,
    instruction,
  });
  return { bytes, filename: `account-confirmation-${account.id}.pdf` };
}

/** The single-use download, registered outside the guarded scope (a browser opens it without a bearer). */
export async function pdfDownloadRoutes(app: FastifyInstance, deps: PdfDeps): Promise<void> {
  route(app, pdfRoutes.file, async (request, reply) => {
    const gone = () => AppError.notFound('This download link has expired or was already used');
    const { token } = request.params;
    if (!TOKEN.test(token)) throw gone();
    const tokenHash = sha256(token);
    const [link] = await deps.db
      .select()
      .from(pdfDownloads)
      .where(
        and(
          eq(pdfDownloads.tokenHash, tokenHash),
          isNull(pdfDownloads.usedAt),
          gt(pdfDownloads.expiresAt, new Date()),
        ),
      );
    // Receipts and history exports (modules/history) share these single-use links.
    const linked = link && deps.linkedDocuments.find((item) => item.handles(link.document));
    if (link && linked) return linked.serve(deps.db, link, reply, gone);
    if (!link || !['accountConfirmation', 'agreement'].includes(link.document)) throw gone();
    const { bytes, filename } = await renderLinked(deps.db, link);

    // Claimed only once the document exists; of two requests racing for one link, one wins.
    const claimed = await deps.db
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
    if (claimed.length === 0) throw gone();

    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .type('application/pdf')
      .send(Buffer.from(bytes));
  });
}
