import { and, asc, eq, sql } from 'drizzle-orm';
import type { RailsIncomingBody } from '@ledgerline/contract';
import { getBrand, isBrandId } from '@ledgerline/domain/brands';
import { DEFAULT_LANGUAGE, isLanguage } from '@ledgerline/domain/languages';
import type { Database } from '../../db/client';
import { accounts, ledgerTransfers, paymentInstructions, users } from '../../db/schema';
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
import { collectionBrands, receiveFundingPayment } from '../funding';
import type { Mailer } from '../notifications';
import type { RealtimeHub } from '../realtime';
import { enqueueWebhookEvent } from '../webhooks';
import { brandIdOf } from '../customers';

/** The ledger kind of money another bank sends in (the history's "Incoming bank transfer" type). */
export const INCOMING_KIND = 'incoming_transfer';

export interface IncomingDeps {
  db: Database;
  mailer: Mailer;
  realtime: RealtimeHub;
}

const compact = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** The account whose payment instructions the payer used; none, or more than one, is refused. */
async function accountOfInstructions(db: Database, body: RailsIncomingBody) {
  const byIban = body.iban !== undefined;
  const given = compact(body.iban ?? body.accountNumber ?? '');
  const column = byIban ? paymentInstructions.iban : paymentInstructions.bankAccountNumber;
  const rows = await db
    .select({
      accountId: paymentInstructions.accountId,
      currencyCode: accounts.currencyCode,
      customerId: accounts.customerId,
    })
    .from(paymentInstructions)
    .innerJoin(accounts, eq(accounts.id, paymentInstructions.accountId))
    .where(sql`upper(regexp_replace(${column}, '\\s', '', 'g')) = ${given}`)
    .orderBy(asc(paymentInstructions.accountId))
    .limit(2);
  const field = byIban ? 'iban' : 'accountNumber';
  const [found] = rows;
  if (!found || found.customerId === null)
    throw AppError.invalid(
      { [field]: 'validation.unknownPaymentInstructions' },
      'No account has these payment instructions',
    );
  // A GBP account number alone is not unique across the brands' sort codes: the IBAN is.
  if (rows.length > 1)
    throw AppError.invalid(
      { [field]: 'validation.ambiguousPaymentInstructions' },
      'These instructions name more than one account: give the IBAN',
    );
  if (found.currencyCode !== body.currency)
    throw AppError.invalid(
      { currency: 'validation.currencyMismatch' },
      `This account receives ${found.currencyCode}, not ${body.currency}`,
    );
  return {
    accountId: found.accountId,
    customerId: found.customerId,
    currencyCode: found.currencyCode,
  };
}

/**
 * A simulated incoming bank transfer (issue 14): the rail's money arrives in the clearing account
 * and is credited to the account whose instructions the payer used, through the ledger, with the
 * payer and reference in its details for the history. The rail's reference is the idempotency key:
 * the same reference again answers the first credit; the same reference for another payment, or
 * for another account, is refused. AccountChanged and an e-mail follow the commit.
 */
export async function receiveIncomingTransfer(deps: IncomingDeps, body: RailsIncomingBody) {
  // Paid into a brand's collection account: the reference names a funding invoice (issue 16B).
  const brands = collectionBrands(body);
  if (brands.length > 0) return receiveFundingPayment(deps, body, brands);
  const amount = new Money(body.amount);
  if (!amount.isPositive())
    throw AppError.invalid(
      { amount: 'validation.positiveAmount' },
      'The amount must be above zero',
    );
  requireMinorUnits(amount, body.currency, 'amount');
  const target = await accountOfInstructions(deps.db, body);
  const idempotencyKey = `incoming:${body.railId ?? body.reference}`;
  const requestHash = hashRequest({
    rail: 'incoming',
    accountId: target.accountId,
    amount: amount.toFixed(),
    currency: body.currency,
    payerName: body.payerName,
  });

  const outcome = await deps.db.transaction(async (tx) => {
    // The reference is the rail's, unique across the bank, not only per customer (the ledger's key).
    const [elsewhere] = await tx
      .select({ customerId: ledgerTransfers.customerId })
      .from(ledgerTransfers)
      .where(
        and(
          eq(ledgerTransfers.kind, INCOMING_KIND),
          eq(ledgerTransfers.idempotencyKey, idempotencyKey),
        ),
      );
    if (elsewhere && elsewhere.customerId !== target.customerId)
      throw AppError.invalid(
        { reference: 'validation.idempotencyKeyReused' },
        'This reference was already credited to another account',
      );
    const clearing = await systemAccount(tx, 'clearing', target.currencyCode);
    const posted = await postTransfer(tx, {
      kind: INCOMING_KIND,
      customerId: target.customerId,
      initiatedByUserId: null,
      idempotencyKey,
      requestHash,
      status: 'settled',
      currencyCode: target.currencyCode,
      amount: amount.toFixed(),
      postings: [
        { accountId: clearing.id, amount: amount.negated().toFixed() },
        { accountId: target.accountId, amount: amount.toFixed() },
      ],
      details: {
        payeeText: body.payerName,
        payerName: body.payerName,
        description: body.reference,
        reference: body.reference,
      },
    });
    if (posted.replayed) return { posted, owners: [] as number[] };
    await audit(tx, {
      action: 'incomingTransfer',
      customerId: target.customerId,
      details: { transferId: posted.id, accountId: target.accountId, reference: body.reference },
    });
    // A merchant hears of money received (issue 18): the webhook is written with the credit.
    await enqueueWebhookEvent(tx, {
      customerId: target.customerId,
      type: 'payment.received',
      data: {
        transactionId: posted.id,
        kind: INCOMING_KIND,
        accountId: target.accountId,
        amount: moneyText(amount.toFixed()),
        currency: target.currencyCode,
        payerName: body.payerName,
        reference: body.reference,
      },
    });
    const brandId = await brandIdOf(tx, target.customerId);
    const owners = await tx
      .select({ id: users.id, email: users.email, language: users.language })
      .from(users)
      .where(eq(users.customerId, target.customerId))
      .orderBy(asc(users.id));
    const brand = getBrand(isBrandId(brandId) ? brandId : 'pebble');
    const [owner] = owners;
    if (owner) {
      const lang = isLanguage(owner.language) ? owner.language : DEFAULT_LANGUAGE;
      const values = {
        brand: brand.projectName,
        amount: `${moneyText(amount.toFixed())} ${target.currencyCode}`,
        payer: body.payerName,
        account: `#${target.accountId}`,
        reference: body.reference,
      };
      await deps.mailer.enqueue(tx, {
        channel: 'email',
        recipient: owner.email,
        subject: t(lang, 'incoming-transfer:emailSubject', values),
        body: t(lang, 'incoming-transfer:emailBody', values),
        userId: owner.id,
      });
    }
    return { posted, owners: owners.map((row) => row.id) };
  });

  for (const userId of outcome.owners)
    await deps.realtime.publish(userId, {
      type: 'AccountChanged',
      payload: { accountId: target.accountId },
    });
  return {
    transactionId: outcome.posted.id,
    accountId: target.accountId,
    amount: moneyText(amount.toFixed()),
    currency: target.currencyCode,
    replayed: outcome.posted.replayed,
    destination: 'account' as const,
    fundingInvoiceId: null,
  };
}
