import { and, eq, sql } from 'drizzle-orm';
import type { Refund } from '@ledgerline/contract';
import { ACCOUNT_TYPES } from '@ledgerline/domain';
import type { Database } from '../../db/client';
import { accounts, customers, ledgerTransfers, paymentRefunds, postings } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { Money, moneyText, postTransfer, requireMinorUnits } from '../ledger';
import type { RealtimeHub } from '../realtime';
import { publishAccountChanges } from '../transfers';
import { enqueueWebhookEvent } from '../webhooks';

/*
 * Refunds through the public API (issue 18 "pay"): a payment the company received (one the
 * payments list shows as received: a paid payment request, a P2P payment, an invoice payment),
 * in part or whole, from the account that received it back to the payer's account, through the
 * ledger, never beyond what was received less earlier refunds. The company row is locked first,
 * so two refunds of one payment cannot both fit the same remainder. A payment whose payer has no
 * account in the bank in that currency (an incoming bank transfer, a payment made in another
 * currency) cannot be refunded here.
 */

export const REFUND_KIND = 'refund';

function cannotRefund(): AppError {
  return AppError.invalid(
    { id: 'validation.refundNotPossible' },
    'This payment cannot be refunded to its payer',
  );
}

export async function refundPayment(
  deps: { db: Database; realtime: RealtimeHub },
  input: { companyId: number; paymentId: string; amount: string },
): Promise<Refund> {
  const { db } = deps;
  const amount = new Money(input.amount);
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select id from ${customers} where ${customers.id} = ${input.companyId} for update`,
    );
    const legs = await tx
      .select({
        accountId: postings.accountId,
        amount: postings.amount,
        currencyCode: postings.currencyCode,
        pending: postings.pending,
        customerId: accounts.customerId,
        type: accounts.type,
        kind: ledgerTransfers.kind,
        status: ledgerTransfers.status,
      })
      .from(postings)
      .innerJoin(accounts, eq(accounts.id, postings.accountId))
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, postings.transferId))
      .where(eq(postings.transferId, input.paymentId));
    const received = legs.filter(
      (leg) =>
        leg.customerId === input.companyId &&
        leg.type === ACCOUNT_TYPES.payment &&
        new Money(leg.amount).isPositive(),
    );
    const [first] = received;
    const ours = legs.some((leg) => leg.customerId === input.companyId);
    // Another company's payment, one the company sent, or none: "not found".
    if (!first || first.kind === 'betweenAccounts' || !ours)
      throw AppError.notFound('No such payment');
    if (first.status !== 'settled' || received.some((leg) => leg.pending)) throw cannotRefund();
    const payerLegs = legs.filter(
      (leg) =>
        leg.customerId !== null &&
        leg.customerId !== input.companyId &&
        leg.type === ACCOUNT_TYPES.payment &&
        new Money(leg.amount).isNegative(),
    );
    const [payer] = payerLegs;
    if (payerLegs.length !== 1 || !payer || payer.currencyCode !== first.currencyCode)
      throw cannotRefund();
    requireMinorUnits(amount, first.currencyCode, 'amount');
    const total = received.reduce((sum, leg) => sum.plus(leg.amount), new Money(0));
    const [earlier] = await tx
      .select({ sum: sql<string | null>`sum(${paymentRefunds.amount})::text` })
      .from(paymentRefunds)
      .where(
        and(
          eq(paymentRefunds.paymentTransferId, input.paymentId),
          eq(paymentRefunds.customerId, input.companyId),
        ),
      );
    const left = total.minus(earlier?.sum ?? '0');
    if (amount.greaterThan(left))
      throw AppError.invalid(
        { amount: 'validation.refundTooLarge' },
        `At most ${moneyText(left)} ${first.currencyCode} of this payment may still be refunded`,
      );
    const posted = await postTransfer(tx, {
      kind: REFUND_KIND,
      customerId: input.companyId,
      initiatedByUserId: null,
      status: 'settled',
      currencyCode: first.currencyCode,
      amount: amount.toFixed(),
      postings: [
        { accountId: first.accountId, amount: amount.negated().toFixed() },
        { accountId: payer.accountId, amount: amount.toFixed() },
      ],
      details: {
        fromAccount: first.accountId,
        toAccount: payer.accountId,
        description: `Refund of ${input.paymentId}`,
        refundOf: input.paymentId,
      },
    });
    const [refund] = await tx
      .insert(paymentRefunds)
      .values({
        customerId: input.companyId,
        paymentTransferId: input.paymentId,
        refundTransferId: posted.id,
        amount: amount.toFixed(),
        currencyCode: first.currencyCode,
      })
      .returning();
    if (!refund) throw new Error('refund not inserted');
    await audit(tx, {
      action: 'payment.refunded',
      customerId: input.companyId,
      details: { paymentId: input.paymentId, refundId: posted.id, amount: amount.toFixed() },
    });
    const refundable = moneyText(left.minus(amount));
    await enqueueWebhookEvent(tx, {
      customerId: input.companyId,
      type: 'payment.refunded',
      data: {
        transactionId: posted.id,
        paymentId: input.paymentId,
        accountId: first.accountId,
        amount: moneyText(amount),
        currency: first.currencyCode,
        refundable,
      },
    });
    return {
      accountIds: [first.accountId, payer.accountId],
      view: {
        id: posted.id,
        paymentId: input.paymentId,
        amount: moneyText(amount),
        currency: first.currencyCode,
        refundable,
        createdAt: refund.createdAt.toISOString(),
      },
    };
  });
  // Both sides' balances changed: their screens refresh (AccountChanged) after the commit.
  await publishAccountChanges(deps.realtime, db, outcome.accountIds);
  return outcome.view;
}
