import { eq } from 'drizzle-orm';
import type { CardPayment, PayByCard } from '@ledgerline/contract';
import type { Database } from '../../db/client';
import { paymentRequests } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { brandFromNumber, lookupBin } from '../cards';
import { hashRequest, Money, moneyText, postTransfer, systemAccount } from '../ledger';
import type { RealtimeHub } from '../realtime';
import { publishAccountChanges } from '../transfers';
import { authoriseCharge, DECLINE_KEYS } from './acquirer';
import { markPaid, requireOpen } from './pay';

/*
 * Paying a payment request by card on the hosted pay page (issue 18 "card"), read top to bottom:
 * the card's own checks (the schema checked Luhn and the fields' shapes; here the expiry against
 * today and the network by the BIN directory), then one transaction: the request locked FOR
 * UPDATE by its token and open, the acquiring simulator's decision, the credit from the card
 * acquiring system account to the merchant's account, and the request marked paid with its
 * payment.received webhook and IPN (markPaid, as the signed-in path). A decline throws inside the
 * transaction, so nothing is written. The row lock makes a second card payment wait and then find
 * the request paid: a request is paid once. Only the brand and the last four digits are kept.
 */

/** Card payments credit the merchant as money received from outside (its history's kind). */
const CARD_PAYMENT_KIND = 'incoming_transfer';

export interface CardPayDeps {
  db: Database;
  realtime: RealtimeHub;
}

function invalid(field: string, key: string, description: string): AppError {
  return AppError.invalid({ [field]: key }, description);
}

/** MM/YY (already shaped by the schema) is usable to the end of its month. */
function requireUnexpired(expiry: string, now: Date): void {
  const [mm, yy] = expiry.trim().split('/');
  const month = Number(mm);
  const year = 2000 + Number(yy);
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year))
    throw invalid('expiry', 'validation.cardExpiry', 'Check the expiry date on the card');
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (year < thisYear || (year === thisYear && month < thisMonth))
    throw invalid('expiry', 'validation.cardExpired', 'This card has expired');
}

export async function payByCard(
  deps: CardPayDeps,
  token: string,
  input: PayByCard,
  now = new Date(),
): Promise<CardPayment> {
  const digits = input.cardNumber.replace(/ /g, '');
  requireUnexpired(input.expiry, now);
  const bin = await lookupBin(deps.db, digits.slice(0, 6));
  const brand = bin.valid ? bin.cardBrand : brandFromNumber(digits);
  if (brand === null)
    throw invalid(
      'cardNumber',
      'validation.cardBrandNotAccepted',
      'Only Visa and Mastercard cards are accepted',
    );
  const last4 = digits.slice(-4);

  const paid = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.token, token))
      .for('update');
    if (!row) throw AppError.notFound('This payment link is not valid');
    requireOpen(row);
    const amount = moneyText(row.amount);
    const decision = authoriseCharge({
      cardNumber: digits,
      brand,
      amount,
      currencyCode: row.currencyCode,
    });
    if (!decision.approved)
      throw invalid('cardNumber', DECLINE_KEYS[decision.reason], 'The card was declined');
    const acquiring = await systemAccount(tx, 'cardAcquiring', row.currencyCode);
    const posted = await postTransfer(tx, {
      kind: CARD_PAYMENT_KIND,
      customerId: row.customerId,
      initiatedByUserId: null,
      // One card payment per request: the lock above already makes a second one find it paid.
      idempotencyKey: `payreq-card-${row.id}`,
      requestHash: hashRequest({ method: 'payByCard', paymentRequestId: row.id }),
      status: 'settled',
      currencyCode: row.currencyCode,
      amount: row.amount,
      postings: [
        { accountId: acquiring.id, amount: new Money(row.amount).negated().toFixed() },
        { accountId: row.accountId, amount: row.amount },
      ],
      details: {
        payeeText: input.holderName,
        payerName: input.holderName,
        description: row.description,
        reference: row.reference ?? row.description,
        paymentRequestId: row.id,
        cardBrand: brand,
        cardLast4: last4,
      },
    });
    await markPaid(tx, row, posted.id);
    return { row, amount };
  });
  await publishAccountChanges(deps.realtime, deps.db, [paid.row.accountId]);
  return {
    status: 'paid',
    amount: paid.amount,
    currency: paid.row.currencyCode,
    cardBrand: brand,
    cardLast4: last4,
    returnUrl: paid.row.returnUrl,
  };
}
