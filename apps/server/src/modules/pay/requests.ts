import { and, asc, eq } from 'drizzle-orm';
import type { PaymentRequest, PayPage, PaymentRequestCreate } from '@ledgerline/contract';
import { PAYMENT_REQUEST_DEFAULT_MINUTES } from '@ledgerline/contract';
import { ACCOUNT_STATUS, ACCOUNT_TYPES } from '@ledgerline/domain';
import type { Database, DbOrTx } from '../../db/client';
import { accounts, customers, merchantLogos, paymentRequests } from '../../db/schema';
import { randomToken } from '../../lib/crypto';
import type { SiteResolver } from '../../lib/site';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { customerDisplayName } from '../customers';
import { Money, moneyText, requireMinorUnits } from '../ledger';
import { defaultLogoOf, publicLogoPath } from '../merchant-buttons';
import { brandIdOf } from '../customers';

/*
 * Payment requests (issue 18 "pay"): what a merchant's server asks one of the brand's customers
 * to pay, into which of its accounts, until when. Reads and the creation; paying is pay.ts.
 */

export type PaymentRequestRow = typeof paymentRequests.$inferSelect;

export interface CreatePaymentRequestInput extends Omit<PaymentRequestCreate, 'expiresInMinutes'> {
  /** The merchant company. */
  companyId: number;
  expiresInMinutes?: number | undefined;
  /** The origin of the pay link for the company's brand (payLinkOrigin). */
  linkOriginFor: (brandId: string) => string;
  /** A saved button's own logo (the company's, checked by merchant-buttons); none: the default. */
  logoId?: number | null | undefined;
}

function iso(value: Date | null): string | null {
  return value === null ? null : value.toISOString();
}

/** Open and past its time is expired; the row keeps "open" (nothing has to run at expiry). */
export function statusOf(row: PaymentRequestRow, now = new Date()): PaymentRequest['status'] {
  if (row.status === 'open' && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.status as PaymentRequest['status'];
}

export function payUrlOf(row: Pick<PaymentRequestRow, 'linkOrigin' | 'token'>): string {
  return `${row.linkOrigin}/pay/${row.token}`;
}

export function paymentRequestView(row: PaymentRequestRow): PaymentRequest {
  return {
    id: row.id,
    status: statusOf(row),
    amount: moneyText(row.amount),
    currency: row.currencyCode,
    description: row.description,
    reference: row.reference,
    accountId: row.accountId,
    payUrl: payUrlOf(row),
    returnUrl: row.returnUrl,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    paymentId: statusOf(row) === 'paid' ? row.paymentTransferId : null,
  };
}

const NAMED_ACCOUNT_TYPES: readonly number[] = [ACCOUNT_TYPES.payment, ACCOUNT_TYPES.receiving];

/** The receiving account: the one named (the company's own payment account) or the first in the currency. */
async function receivingAccount(
  db: DbOrTx,
  companyId: number,
  currency: string,
  accountId: number | undefined,
) {
  if (accountId !== undefined) {
    const [account] = await db
      .select()
      .from(accounts)
      .where(and(eq(accounts.id, accountId), eq(accounts.customerId, companyId)));
    // A named account may be a payment or a receiving account (a saved button's, pay-by-name's).
    if (!account || !NAMED_ACCOUNT_TYPES.includes(account.type))
      throw AppError.notFound('No such account');
    if (account.accountStatusId !== ACCOUNT_STATUS.active)
      throw AppError.invalid(
        { accountId: 'validation.accountNotActive' },
        'This account cannot receive payments now',
      );
    if (account.currencyCode !== currency)
      throw AppError.invalid(
        { currency: 'validation.currencyMismatch' },
        `This account receives ${account.currencyCode}, not ${currency}`,
      );
    return account;
  }
  const [account] = await db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.customerId, companyId),
        eq(accounts.type, ACCOUNT_TYPES.payment),
        eq(accounts.currencyCode, currency),
        eq(accounts.accountStatusId, ACCOUNT_STATUS.active),
      ),
    )
    .orderBy(asc(accounts.id))
    .limit(1);
  if (!account)
    throw AppError.invalid(
      { currency: 'validation.noAccountInCurrency' },
      `The company has no active payment account in ${currency}`,
    );
  return account;
}

/**
 * Creates a payment request of the company (the public API's POST, and later a saved payment
 * button): the amount in the currency's own decimals, the receiving account, the expiry and an
 * unguessable pay-link token. Answers the request as the public API shows it.
 */
export async function createPaymentRequest(
  db: DbOrTx,
  input: CreatePaymentRequestInput,
): Promise<PaymentRequest> {
  return paymentRequestView(await insertPaymentRequest(db, input));
}

/** createPaymentRequest's row (the button and pay-by-name pages answer its token). */
export async function insertPaymentRequest(
  db: DbOrTx,
  input: CreatePaymentRequestInput,
): Promise<PaymentRequestRow> {
  const amount = new Money(input.amount);
  if (!amount.isPositive())
    throw AppError.invalid(
      { amount: 'validation.amountPositive' },
      'The amount must be above zero',
    );
  requireMinorUnits(amount, input.currency, 'amount');
  const companyBrand = await brandIdOf(db, input.companyId);
  if (companyBrand === null) throw AppError.notFound('No such company');
  const account = await receivingAccount(db, input.companyId, input.currency, input.accountId);
  const minutes = input.expiresInMinutes ?? PAYMENT_REQUEST_DEFAULT_MINUTES;
  const [row] = await db
    .insert(paymentRequests)
    .values({
      customerId: input.companyId,
      accountId: account.id,
      brandId: companyBrand,
      token: randomToken(32),
      amount: amount.toFixed(),
      currencyCode: input.currency,
      description: input.description,
      reference: input.reference ?? null,
      returnUrl: input.returnUrl ?? null,
      linkOrigin: input.linkOriginFor(companyBrand),
      logoId: input.logoId ?? null,
      expiresAt: new Date(Date.now() + minutes * 60_000),
    })
    .returning();
  if (!row) throw new Error('payment request not inserted');
  return row;
}

/** One payment request of the company; another company's, or none, is "not found". */
export async function companyPaymentRequest(
  db: DbOrTx,
  companyId: number,
  id: number,
): Promise<PaymentRequest> {
  const [row] = await db
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.id, id), eq(paymentRequests.customerId, companyId)));
  if (!row) throw AppError.notFound('No such payment request');
  return paymentRequestView(row);
}

/**
 * Cancels an open request of the company: refused once paid, expired, or while a payment of it
 * waits for its confirmation (the row lock makes a payment and a cancel one after the other).
 */
export async function cancelPaymentRequest(
  db: Database,
  companyId: number,
  id: number,
): Promise<PaymentRequest> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(paymentRequests)
      .where(and(eq(paymentRequests.id, id), eq(paymentRequests.customerId, companyId)))
      .for('update');
    if (!row) throw AppError.notFound('No such payment request');
    const status = statusOf(row);
    if (status === 'cancelled') return paymentRequestView(row);
    const refuse = (reason: string, description: string) =>
      AppError.invalid({ id: `validation.${reason}` }, description);
    if (status === 'paid')
      throw refuse('paymentRequestPaid', 'This payment request is already paid');
    if (status === 'expired') throw refuse('paymentRequestExpired', 'This payment request expired');
    if (row.paymentTransferId !== null)
      throw refuse(
        'paymentRequestPending',
        'A payment of this request is waiting for its confirmation',
      );
    const [cancelled] = await tx
      .update(paymentRequests)
      .set({ status: 'cancelled' })
      .where(eq(paymentRequests.id, row.id))
      .returning();
    await audit(tx, {
      action: 'paymentRequest.cancelled',
      customerId: companyId,
      details: { paymentRequestId: row.id },
    });
    return paymentRequestView(cancelled ?? row);
  });
}

/** What the hosted pay page shows to anyone with the link. */
export async function payPageOf(db: DbOrTx, token: string): Promise<PayPage> {
  const [found] = await db
    .select({
      request: paymentRequests,
      merchant: customers,
      ownLogo: merchantLogos.publicId,
    })
    .from(paymentRequests)
    .innerJoin(customers, eq(customers.id, paymentRequests.customerId))
    .leftJoin(merchantLogos, eq(merchantLogos.id, paymentRequests.logoId))
    .where(eq(paymentRequests.token, token));
  if (!found) throw AppError.notFound('This payment link is not valid');
  const { request, merchant, ownLogo } = found;
  const logoUrl =
    ownLogo !== null
      ? publicLogoPath(ownLogo)
      : ((await defaultLogoOf(db, request.customerId))?.file ?? null);
  return {
    merchantName: customerDisplayName(merchant),
    brandId: request.brandId,
    amount: moneyText(request.amount),
    currency: request.currencyCode,
    description: request.description,
    status: statusOf(request),
    expiresAt: request.expiresAt.toISOString(),
    returnUrl: request.returnUrl,
    logoUrl,
  };
}

/**
 * The origin of a pay link: the pay page opens in the merchant's brand's look, so on that brand's
 * site (a BRAND_HOSTS host of the brand, with the scheme and port the call came with); the site
 * the call came through when it is the brand's own or no host names the brand.
 */
export function payLinkOrigin(
  site: SiteResolver,
  brandHosts: Record<string, string>,
  request: { protocol: string; host: string; hostname: string },
  brandId: string,
): string {
  const own = site.forRequest(request);
  if (own.brandId === brandId) return own.origin;
  const host = Object.entries(brandHosts).find(([, brand]) => brand === brandId)?.[0];
  if (host === undefined) return own.origin;
  const ownUrl = new URL(own.origin);
  const port = ownUrl.port ? `:${ownUrl.port}` : '';
  return `${ownUrl.protocol}//${host}${port}`;
}
