import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { RailsIncomingBody } from '@ledgerline/contract';
import { getBrand, isBrandId, type BrandId } from '@ledgerline/domain/brands';
import {
  compactReference,
  FUNDING_STATUSES,
  formatReference,
  isFundingReference,
} from '@ledgerline/domain/funding';
import { DEFAULT_LANGUAGE, isLanguage } from '@ledgerline/domain/languages';
import type { Database, Tx } from '../../db/client';
import { accounts, fundingInvoices, ledgerTransfers, users } from '../../db/schema';
import { t } from '../../i18n/translate';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import {
  hashRequest,
  Money,
  moneyText,
  postTransfer,
  requireMinorUnits,
  systemAccount,
} from '../ledger';
import type { Mailer } from '../notifications';
import type { RealtimeHub } from '../realtime';
import { collectionBrandsOf } from './collection';
import { toFundingInvoice, type FundingInvoiceRow } from './service';

/*
 * Money arriving in a brand's collection account (issue 16B): the payer quoted a funding
 * invoice's reference. It lands in the customer's account only when everything agrees: a valid
 * reference of an invoice awaiting payment, of this brand, in the currency that arrived. Anything
 * else (unknown or mistyped reference, another currency, a cancelled or already paid invoice,
 * another brand's collection account) goes to the SUSPENSE system account of that currency,
 * through the ledger, for the bank's operations to return or assign; never to a customer.
 *
 * A different amount than asked is credited as it arrived, and the invoice is paid with
 * amountReceived saying so (docs: decision "Funding invoices"). The rail's id of the payment
 * (railId, else the reference) is the idempotency key: a repeat answers the first outcome.
 */

/** The ledger kind of money credited to a customer (history's "Incoming bank transfer"). */
const CREDIT_KIND = 'incoming_transfer';
/** The ledger kind of money parked in suspense: a bank-internal movement, no customer's history. */
export const SUSPENSE_KIND = 'incoming_suspense';

export interface ReceiveDeps {
  db: Database;
  mailer: Mailer;
  realtime: RealtimeHub;
}

export interface FundingOutcome {
  transactionId: string;
  accountId: number;
  amount: string;
  currency: string;
  replayed: boolean;
  destination: 'fundingInvoice' | 'suspense';
  fundingInvoiceId: number | null;
}

/** The brands whose collection account the payment names; empty when it names none. */
export function collectionBrands(body: RailsIncomingBody): BrandId[] {
  return collectionBrandsOf({ iban: body.iban, accountNumber: body.accountNumber }, body.currency);
}

/** The first outcome of this rail payment, when it was received before. */
async function earlierOutcome(tx: Tx, railKey: string): Promise<FundingOutcome | null> {
  const [row] = await tx
    .select()
    .from(ledgerTransfers)
    .where(
      and(
        inArray(ledgerTransfers.kind, [CREDIT_KIND, SUSPENSE_KIND]),
        sql`${ledgerTransfers.details}->>'railKey' = ${railKey}`,
      ),
    )
    .orderBy(asc(ledgerTransfers.createdAt))
    .limit(1);
  if (!row) return null;
  const invoiceId = row.details.fundingInvoiceId;
  return {
    transactionId: row.id,
    accountId: Number(row.details.accountId),
    amount: moneyText(row.amount),
    currency: row.currencyCode,
    replayed: true,
    destination: row.kind === SUSPENSE_KIND ? 'suspense' : 'fundingInvoice',
    fundingInvoiceId: typeof invoiceId === 'number' ? invoiceId : null,
  };
}

/** The invoice the reference names, locked, when it may be paid by this payment; else null. */
async function payableInvoice(
  tx: Tx,
  reference: string,
  currency: string,
  brands: readonly BrandId[],
): Promise<FundingInvoiceRow | null> {
  if (!isFundingReference(reference)) return null;
  const [invoice] = await tx
    .select()
    .from(fundingInvoices)
    .where(eq(fundingInvoices.reference, compactReference(reference)))
    .for('update');
  if (!invoice) return null;
  if (invoice.statusId !== FUNDING_STATUSES.awaitingPayment) return null;
  if (invoice.currencyCode !== currency) return null;
  if (!(brands as readonly string[]).includes(invoice.brandId)) return null;
  // The account must still take money (not closed since the invoice was made).
  const [account] = await tx
    .select({ statusId: accounts.accountStatusId, customerId: accounts.customerId })
    .from(accounts)
    .where(eq(accounts.id, invoice.accountId));
  if (account?.statusId !== 2 || account.customerId !== invoice.customerId) return null;
  return invoice;
}

/** Receives one payment into a collection account: to the funding invoice's account, or to suspense. */
export async function receiveFundingPayment(
  deps: ReceiveDeps,
  body: RailsIncomingBody,
  brands: readonly BrandId[],
): Promise<FundingOutcome> {
  const amount = new Money(body.amount);
  if (!amount.gt(0))
    throw AppError.invalid(
      { amount: 'validation.positiveAmount' },
      'The amount must be above zero',
    );
  requireMinorUnits(amount, body.currency, 'amount');
  const railKey = `incoming:${body.railId ?? body.reference}`;
  const details = {
    railKey,
    payeeText: body.payerName,
    payerName: body.payerName,
    description: body.reference,
    reference: body.reference,
  };

  const result = await deps.db.transaction(async (tx) => {
    // One rail payment at a time per key: two deliveries of the same payment cannot both post.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${railKey}))`);
    const earlier = await earlierOutcome(tx, railKey);
    if (earlier) return { outcome: earlier, notify: null };

    const clearing = await systemAccount(tx, 'clearing', body.currency);
    const invoice = await payableInvoice(tx, body.reference, body.currency, brands);
    if (!invoice) {
      const suspense = await systemAccount(tx, 'suspense', body.currency);
      const posted = await postTransfer(tx, {
        kind: SUSPENSE_KIND,
        customerId: null,
        initiatedByUserId: null,
        status: 'settled',
        currencyCode: body.currency,
        amount: amount.toFixed(),
        postings: [
          { accountId: clearing.id, amount: amount.negated().toFixed() },
          { accountId: suspense.id, amount: amount.toFixed() },
        ],
        details: { ...details, accountId: suspense.id },
      });
      await audit(tx, {
        action: 'fundingSuspense',
        details: { transferId: posted.id, reference: body.reference, currency: body.currency },
      });
      const outcome: FundingOutcome = {
        transactionId: posted.id,
        accountId: suspense.id,
        amount: moneyText(amount),
        currency: body.currency,
        replayed: false,
        destination: 'suspense',
        fundingInvoiceId: null,
      };
      return { outcome, notify: null };
    }

    const posted = await postTransfer(tx, {
      kind: CREDIT_KIND,
      customerId: invoice.customerId,
      initiatedByUserId: null,
      idempotencyKey: railKey,
      requestHash: hashRequest({
        rail: 'funding',
        invoiceId: invoice.id,
        amount: amount.toFixed(),
      }),
      status: 'settled',
      currencyCode: invoice.currencyCode,
      amount: amount.toFixed(),
      postings: [
        { accountId: clearing.id, amount: amount.negated().toFixed() },
        { accountId: invoice.accountId, amount: amount.toFixed() },
      ],
      details: { ...details, accountId: invoice.accountId, fundingInvoiceId: invoice.id },
    });
    const now = new Date();
    const [paid] = await tx
      .update(fundingInvoices)
      .set({
        statusId: FUNDING_STATUSES.paid,
        amountReceived: amount.toFixed(),
        paidTransferId: posted.id,
        paidAt: now,
        updatedAt: now,
      })
      .where(eq(fundingInvoices.id, invoice.id))
      .returning();
    await audit(tx, {
      action: 'fundingInvoicePaid',
      customerId: invoice.customerId,
      details: { invoiceId: invoice.id, transferId: posted.id, amount: amount.toFixed() },
    });
    const owners = await tx
      .select({ id: users.id, email: users.email, language: users.language })
      .from(users)
      .where(eq(users.customerId, invoice.customerId))
      .orderBy(asc(users.id));
    const [owner] = owners;
    if (owner) {
      const lang = isLanguage(owner.language) ? owner.language : DEFAULT_LANGUAGE;
      const wire = toFundingInvoice(paid ?? invoice);
      const values = {
        brand: getBrand(isBrandId(invoice.brandId) ? invoice.brandId : 'pebble').projectName,
        number: wire.number,
        amount: `${moneyText(amount)} ${invoice.currencyCode}`,
        asked: `${moneyText(invoice.amount)} ${invoice.currencyCode}`,
        account: `#${invoice.accountId}`,
        reference: formatReference(invoice.reference),
      };
      const differs = !amount.equals(new Money(invoice.amount));
      await deps.mailer.enqueue(tx, {
        channel: 'email',
        recipient: owner.email,
        subject: t(lang, 'funding:paidSubject', values),
        body: t(lang, differs ? 'funding:paidOtherAmountBody' : 'funding:paidBody', values),
        userId: owner.id,
      });
    }
    const outcome: FundingOutcome = {
      transactionId: posted.id,
      accountId: invoice.accountId,
      amount: moneyText(amount),
      currency: invoice.currencyCode,
      replayed: false,
      destination: 'fundingInvoice',
      fundingInvoiceId: invoice.id,
    };
    return { outcome, notify: { accountId: invoice.accountId, userIds: owners.map((u) => u.id) } };
  });

  if (result.notify)
    for (const userId of result.notify.userIds)
      await deps.realtime.publish(userId, {
        type: 'AccountChanged',
        payload: { accountId: result.notify.accountId },
      });
  return result.outcome;
}
