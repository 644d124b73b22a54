import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { isValidBIC, isValidIBAN } from 'ibantools';
import type { GlobalPayDetails } from '@ledgerline/contract';
import { RESPONSE_CODES } from '@ledgerline/domain';
import { luhnValid } from '@ledgerline/domain/cards';
import {
  countryMethods,
  GLOBAL_PAY_CODE_ATTEMPTS,
  GLOBAL_PAY_CODE_RESENDS,
  GLOBAL_PAY_COUNTRY_CODES,
  GLOBAL_PAY_EXPIRE_DAYS,
  type GlobalPaymentStatus,
  type GlobalPayMethod,
} from '@ledgerline/domain/global-pay';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { customers, globalPayBatches, globalPayClaims, globalPayPayments } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { judgeCode } from '../../lib/one-time-code';
import { audit } from '../audit';
import { isBlockedBin } from '../bank-directory';
import { customerDisplayName } from '../customers';
import { hashRequest, Money, moneyText, postTransfer, systemAccount } from '../ledger';
import { transferExchangeRate } from '../rates';
import { enqueueWebhookEvent } from '../webhooks';
import type { RealtimeHub } from '../realtime';
import { publishAccountChanges, roundToCurrency } from '../transfers';
import { amountText, mailApprovalCode, maskedEmail } from './mail';
import { PAYOUT_KIND, returnToSender } from './money';
import {
  beneficiaryFee,
  paymentMethodsOf,
  refusal,
  reservedOf,
  type PaymentRow,
} from './repository';

/*
 * The recipient's side (spec 2 §4 "Global payout, recipient flow"): no account, only the claim
 * secret of the e-mailed link. The secret names exactly one payment (its SHA-256 is unique); an
 * operation id or payment id of another payment is refused as not found, and nothing changes.
 */

const CODE_TTL_MS = 10 * 60_000;

type Found = { payment: PaymentRow; brandId: string; senderName: string; submittedAt: Date | null };

/** The payment a claim secret names, or 404 (ENOA) with the reason key the screen shows. */
async function bySecret(
  db: DbOrTx,
  secret: string,
  options: { forUpdate?: boolean } = {},
): Promise<Found> {
  const query = db
    .select()
    .from(globalPayPayments)
    .where(eq(globalPayPayments.secretHash, sha256(secret)));
  const [payment] = options.forUpdate ? await query.for('update') : await query;
  if (!payment)
    throw new AppError(RESPONSE_CODES.noAccess, 'This link does not name a payment', {
      httpStatus: 404,
      validationErrors: { paymentSecret: 'globalPay.unknownLink' },
    });
  const [batch] = await db
    .select({ brandId: globalPayBatches.brandId, submittedAt: globalPayBatches.submittedAt })
    .from(globalPayBatches)
    .where(eq(globalPayBatches.id, payment.batchId));
  const [customer] = await db.select().from(customers).where(eq(customers.id, payment.customerId));
  return {
    payment,
    brandId: batch?.brandId ?? 'pebble',
    senderName: customer ? customerDisplayName(customer) : '',
    submittedAt: batch?.submittedAt ?? null,
  };
}

/** A payment still waiting for its recipient; an expired one is refused even before the job returns it. */
function requireClaimable(payment: PaymentRow, now = new Date()): void {
  if (payment.status === 'reserved' && payment.expiresAt !== null && payment.expiresAt <= now)
    throw refusal('paymentSecret', 'expired', 'This payment has expired');
  if (payment.status !== 'reserved')
    throw refusal('paymentSecret', 'notClaimable', 'This payment can no longer be claimed');
}

function toDetails(found: Found): GlobalPayDetails {
  const { payment } = found;
  const expired =
    payment.status === 'reserved' && payment.expiresAt !== null && payment.expiresAt <= new Date();
  return {
    paymentId: payment.id,
    beneficiaryName: payment.beneficiaryName,
    status: expired ? 'expired' : (payment.status as GlobalPaymentStatus),
    senderName: found.senderName,
    amount: moneyText(payment.amount),
    currencyCode: payment.currencyCode,
    description: payment.description,
    feeIsBen: payment.feeShare === 'beneficiary',
    fee: moneyText(beneficiaryFee(payment)),
    submittedDate: (found.submittedAt ?? payment.expiresAt ?? new Date()).toISOString(),
    expireDays: GLOBAL_PAY_EXPIRE_DAYS,
    expiresAt: payment.expiresAt?.toISOString() ?? new Date().toISOString(),
    paidMethod: (payment.paidMethod as GlobalPayMethod | null) ?? null,
    paidCurrencyCode: payment.paidCurrencyCode,
    paidAmount: payment.paidAmount === null ? null : moneyText(payment.paidAmount),
  };
}

export async function paymentDetails(db: Database, secret: string) {
  return { payment: toDetails(await bySecret(db, secret)) };
}

export async function allowedCountries(db: Database, secret: string) {
  await bySecret(db, secret);
  return { countries: GLOBAL_PAY_COUNTRY_CODES };
}

/** The methods a country offers (the forbidden ones left out). */
export async function methodsFor(db: Database, secret: string, countryCode: string) {
  await bySecret(db, secret);
  if (countryMethods(countryCode).length === 0)
    throw refusal('countryCode', 'countryNotServed', 'We do not pay out to this country');
  return { paymentMethods: paymentMethodsOf(countryCode).filter((method) => !method.forbidden) };
}

/** Exchange rate, what arrives and the fee the recipient pays, for a method and currency of a country. */
async function quote(
  db: DbOrTx,
  payment: PaymentRow,
  input: { paymentMethod: GlobalPayMethod; toCurrencyCode: string; countryCode: string },
) {
  const offered = countryMethods(input.countryCode).find(
    (method) => method.name === input.paymentMethod,
  );
  if (countryMethods(input.countryCode).length === 0)
    throw refusal('countryCode', 'countryNotServed', 'We do not pay out to this country');
  if (!offered)
    throw refusal('paymentMethod', 'methodNotOffered', 'This method is not offered there');
  if (!offered.currencies.includes(input.toCurrencyCode))
    throw refusal(
      'currencyCode',
      'currencyNotOffered',
      'This method does not pay in that currency',
    );
  const fee = beneficiaryFee(payment);
  const net = new Money(payment.amount).minus(fee);
  const { rate } = await transferExchangeRate(db, payment.currencyCode, input.toCurrencyCode);
  const toAmount = roundToCurrency(net.times(rate), input.toCurrencyCode);
  return { exchangeRate: rate, net, toAmount, fee };
}

export async function paymentMeta(
  db: Database,
  input: {
    paymentSecret: string;
    paymentMethod: GlobalPayMethod;
    toCurrencyCode: string;
    countryCode: string;
  },
) {
  const { payment } = await bySecret(db, input.paymentSecret);
  const quoted = await quote(db, payment, input);
  return {
    exchangeRate: quoted.exchangeRate,
    toAmount: moneyText(quoted.toAmount),
    fee: moneyText(quoted.fee),
    currencyCode: payment.currencyCode,
  };
}

export async function extraParams(db: Database, secret: string, method: GlobalPayMethod) {
  await bySecret(db, secret);
  const extraParams =
    method === 'cardPayout'
      ? [
          { name: 'cardNumber' as const, required: true, maxLength: 23 },
          { name: 'cardholderName' as const, required: true, maxLength: 140 },
        ]
      : [
          { name: 'iban' as const, required: true, maxLength: 64 },
          { name: 'bic' as const, required: true, maxLength: 11 },
          { name: 'accountHolderName' as const, required: true, maxLength: 140 },
        ];
  return { extraParams };
}

type PaymentDetailsInput =
  | { cardNumber: string; cardholderName: string }
  | { iban: string; bic: string; accountHolderName: string };

/** Checks the beneficiary's card or bank account with the single transfers' rules; answers the masked destination and the holder. */
async function destinationOf(
  db: DbOrTx,
  method: GlobalPayMethod,
  details: PaymentDetailsInput,
): Promise<{ destination: string; holderName: string }> {
  if (method === 'cardPayout') {
    if (!('cardNumber' in details))
      throw refusal('paymentDetails', 'detailsForMethod', 'A card payout needs a card number');
    const digits = details.cardNumber.replace(/[\s-]/g, '');
    if (!luhnValid(digits))
      throw refusal('paymentDetails.cardNumber', 'cardNumber', 'Not a card number');
    if (await isBlockedBin(db, digits))
      throw refusal(
        'paymentDetails.cardNumber',
        'cardBlocked',
        'Payouts to this card are not possible',
      );
    return { destination: `•••• ${digits.slice(-4)}`, holderName: details.cardholderName };
  }
  if (!('iban' in details))
    throw refusal('paymentDetails', 'detailsForMethod', 'A bank transfer needs an IBAN and a BIC');
  if (!isValidIBAN(details.iban)) throw refusal('paymentDetails.iban', 'iban', 'Not a valid IBAN');
  if (!isValidBIC(details.bic)) throw refusal('paymentDetails.bic', 'bic', 'Not a valid BIC');
  return {
    destination: `${details.iban.slice(0, 2)} •••• ${details.iban.slice(-4)}`,
    holderName: details.accountHolderName,
  };
}

function newCode(operationId: string): { code: string; hash: string } {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { code, hash: sha256(`${operationId}:${code}`) };
}

/**
 * Starts a claim: the details are checked, the amounts quoted and a code e-mailed to the
 * beneficiary's address (approveType 4, an approval code). An earlier claim still open is
 * replaced: only the newest operation can be approved.
 */
export async function submitClaim(
  db: Database,
  input: {
    paymentSecret: string;
    paymentMethod: GlobalPayMethod;
    countryCode: string;
    currencyCode: string;
    paymentDetails: PaymentDetailsInput;
  },
) {
  return db.transaction(async (tx) => {
    const found = await bySecret(tx, input.paymentSecret, { forUpdate: true });
    const { payment } = found;
    requireClaimable(payment);
    const quoted = await quote(tx, payment, {
      paymentMethod: input.paymentMethod,
      toCurrencyCode: input.currencyCode,
      countryCode: input.countryCode,
    });
    const target = await destinationOf(tx, input.paymentMethod, input.paymentDetails);
    const now = new Date();
    await tx
      .update(globalPayClaims)
      .set({ usedAt: now })
      .where(and(eq(globalPayClaims.paymentId, payment.id), isNull(globalPayClaims.usedAt)));
    const operationId = randomUUID();
    const { code, hash } = newCode(operationId);
    await tx.insert(globalPayClaims).values({
      id: operationId,
      paymentId: payment.id,
      method: input.paymentMethod,
      countryCode: input.countryCode,
      currencyCode: input.currencyCode,
      exchangeRate: quoted.exchangeRate,
      toAmount: quoted.toAmount.toFixed(),
      fee: quoted.fee.toFixed(),
      destination: target.destination,
      holderName: target.holderName,
      codeHash: hash,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
    await mailApprovalCode(tx, payment, {
      brandId: found.brandId,
      code,
      amount: amountText(quoted.toAmount.toFixed(), input.currencyCode),
      destination: target.destination,
    });
    return { operationId, approveType: 4, approvalSentTo: maskedEmail(payment.beneficiaryEmail) };
  });
}

/** The claim an operation id names, only for this payment: another payment's is not found. */
async function claimOf(tx: Tx, paymentId: number, operationId: string) {
  const [claim] = await tx
    .select()
    .from(globalPayClaims)
    .where(and(eq(globalPayClaims.id, operationId), eq(globalPayClaims.paymentId, paymentId)))
    .for('update');
  if (!claim)
    throw new AppError(RESPONSE_CODES.noAccess, 'Operation not found', {
      httpStatus: 404,
      validationErrors: { operationId: 'globalPay.operation' },
    });
  return claim;
}

export async function resendCode(
  db: Database,
  input: { paymentSecret: string; operationId: string },
) {
  return db.transaction(async (tx) => {
    const found = await bySecret(tx, input.paymentSecret, { forUpdate: true });
    requireClaimable(found.payment);
    const claim = await claimOf(tx, found.payment.id, input.operationId);
    if (claim.usedAt !== null) throw refusal('operationId', 'codeUsed', 'This operation is closed');
    if (claim.resends >= GLOBAL_PAY_CODE_RESENDS)
      throw refusal(
        'operationId',
        'tooManyResends',
        'No more codes for this operation; start again',
      );
    const { code, hash } = newCode(claim.id);
    // A new code, a new clock and new tries: the old code stops working.
    await tx
      .update(globalPayClaims)
      .set({
        codeHash: hash,
        attempts: 0,
        resends: claim.resends + 1,
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
      })
      .where(eq(globalPayClaims.id, claim.id));
    await mailApprovalCode(tx, found.payment, {
      brandId: found.brandId,
      code,
      amount: amountText(claim.toAmount, claim.currencyCode),
      destination: claim.destination,
    });
    return { approvalSentTo: maskedEmail(found.payment.beneficiaryEmail) };
  });
}

/**
 * Approves a claim with its code. A wrong code counts a try (and is refused after the count is
 * saved); the right one hands the money to the rail: the fee goes to fee revenue and, in another
 * currency, the rest is exchanged through the FX accounts, all inside the clearing side of the
 * ledger; the payment is claimed until the rail answers (schedule.ts).
 */
export async function approveClaim(
  db: Database,
  input: { paymentSecret: string; operationId: string; approvalCode: string },
) {
  const verdict = await db.transaction(async (tx) => {
    const found = await bySecret(tx, input.paymentSecret, { forUpdate: true });
    const { payment } = found;
    requireClaimable(payment);
    const claim = await claimOf(tx, payment.id, input.operationId);
    if (claim.usedAt !== null) return { kind: 'used' as const };
    const judged = judgeCode(claim, sha256(`${claim.id}:${input.approvalCode}`), {
      maxAttempts: GLOBAL_PAY_CODE_ATTEMPTS,
      now: new Date(),
    });
    if (judged.kind === 'spent') return { kind: 'spent' as const };
    if (judged.kind === 'wrong') {
      await tx
        .update(globalPayClaims)
        .set({ attempts: judged.attempts })
        .where(eq(globalPayClaims.id, claim.id));
      return { kind: 'wrong' as const, attemptsLeft: judged.attemptsLeft };
    }
    const now = new Date();
    await tx.update(globalPayClaims).set({ usedAt: now }).where(eq(globalPayClaims.id, claim.id));
    const fee = new Money(claim.fee).plus(payment.feeShare === 'sender' ? payment.fee : 0);
    const net = reservedOf(payment).minus(fee);
    const clearing = await systemAccount(tx, 'clearing', payment.currencyCode);
    const exchanged = claim.currencyCode !== payment.currencyCode;
    const legs = [
      { accountId: clearing.id, amount: (exchanged ? fee.plus(net) : fee).negated().toFixed() },
      {
        accountId: (await systemAccount(tx, 'feeRevenue', payment.currencyCode)).id,
        amount: fee.toFixed(),
      },
    ];
    if (exchanged) {
      legs.push(
        {
          accountId: (await systemAccount(tx, 'fx', payment.currencyCode)).id,
          amount: net.toFixed(),
        },
        {
          accountId: (await systemAccount(tx, 'fx', claim.currencyCode)).id,
          amount: new Money(claim.toAmount).negated().toFixed(),
        },
        {
          accountId: (await systemAccount(tx, 'clearing', claim.currencyCode)).id,
          amount: new Money(claim.toAmount).toFixed(),
        },
      );
    }
    const payout = await postTransfer(tx, {
      kind: PAYOUT_KIND,
      customerId: payment.customerId,
      initiatedByUserId: null,
      idempotencyKey: `global-payout-${claim.id}`,
      requestHash: hashRequest({ claimId: claim.id }),
      status: 'settled',
      amount: moneyText(claim.toAmount),
      currencyCode: claim.currencyCode,
      fee: fee.toFixed(),
      postings: legs,
      details: {
        globalPaymentId: payment.id,
        method: claim.method,
        exchangeRate: claim.exchangeRate,
        name: claim.holderName,
      },
    });
    await tx
      .update(globalPayPayments)
      .set({
        status: 'claimed',
        claimedAt: now,
        paidMethod: claim.method,
        paidCurrencyCode: claim.currencyCode,
        paidAmount: claim.toAmount,
        destination: claim.destination,
        payoutTransferId: payout.id,
      })
      .where(eq(globalPayPayments.id, payment.id));
    await audit(tx, {
      action: 'globalPay.claimed',
      customerId: payment.customerId,
      details: { paymentId: payment.id, operationId: claim.id, transferId: payout.id },
    });
    // The sender's server hears that the payout reached its recipient (issue 18 webhooks).
    await enqueueWebhookEvent(tx, {
      customerId: payment.customerId,
      type: 'payout.sent',
      data: {
        kind: 'globalPayout',
        globalPaymentId: payment.id,
        transactionId: payout.id,
        method: claim.method,
        amount: moneyText(claim.toAmount),
        currency: claim.currencyCode,
      },
    });
    const [after] = await tx
      .select()
      .from(globalPayPayments)
      .where(eq(globalPayPayments.id, payment.id));
    return { kind: 'right' as const, details: toDetails({ ...found, payment: after ?? payment }) };
  });
  if (verdict.kind === 'used') throw refusal('operationId', 'codeUsed', 'This operation is closed');
  if (verdict.kind === 'spent')
    throw refusal(
      'approvalCode',
      'codeSpent',
      'This code has expired or ran out of tries; ask for a new one',
    );
  if (verdict.kind === 'wrong')
    throw new AppError(RESPONSE_CODES.invalidParameters, 'Wrong code', {
      validationErrors: { approvalCode: 'globalPay.codeWrong' },
      extra: { attemptsLeft: verdict.attemptsLeft },
    });
  return { payment: verdict.details };
}

/** The recipient refuses: status refused, the money back to the sender, once (the row lock and the ledger key). */
export async function refusePayment(db: Database, deps: { realtime: RealtimeHub }, secret: string) {
  const { details, accountId } = await db.transaction(async (tx) => {
    const found = await bySecret(tx, secret, { forUpdate: true });
    requireClaimable(found.payment);
    const accountId = await returnToSender(tx, found.payment, 'refused', {
      userId: null,
      ip: null,
    });
    const [after] = await tx
      .select()
      .from(globalPayPayments)
      .where(eq(globalPayPayments.id, found.payment.id));
    return { details: toDetails({ ...found, payment: after ?? found.payment }), accountId };
  });
  await publishAccountChanges(deps.realtime, db, [accountId]);
  return { payment: details };
}

const WITHDRAWN: GlobalPaymentStatus[] = ['claimed', 'paid'];

async function withdrawalsOf(db: DbOrTx, found: Found, limit: number, paymentId?: number) {
  const rows = await db
    .select({ payment: globalPayPayments, customer: customers })
    .from(globalPayPayments)
    .innerJoin(globalPayBatches, eq(globalPayBatches.id, globalPayPayments.batchId))
    .innerJoin(customers, eq(customers.id, globalPayPayments.customerId))
    .where(
      and(
        eq(globalPayPayments.beneficiaryEmail, found.payment.beneficiaryEmail),
        eq(globalPayBatches.brandId, found.brandId),
        inArray(globalPayPayments.status, WITHDRAWN),
        paymentId === undefined ? undefined : eq(globalPayPayments.id, paymentId),
      ),
    )
    .orderBy(desc(globalPayPayments.claimedAt), desc(globalPayPayments.id))
    .limit(limit);
  return rows.map(({ payment, customer }) => ({
    paymentId: payment.id,
    senderName: customerDisplayName(customer),
    amount: moneyText(payment.amount),
    currencyCode: payment.currencyCode,
    status: payment.status as GlobalPaymentStatus,
    paidMethod: (payment.paidMethod as GlobalPayMethod | null) ?? null,
    paidCurrencyCode: payment.paidCurrencyCode,
    paidAmount: payment.paidAmount === null ? null : moneyText(payment.paidAmount),
    destination: payment.destination,
    claimedDate: payment.claimedAt?.toISOString() ?? null,
    paidDate: payment.paidAt?.toISOString() ?? null,
  }));
}

/** The recipient's last withdrawals: claimed or paid payments to the same address, from senders of the same brand. */
export async function lastWithdrawals(db: Database, secret: string, limit: number) {
  return { withdrawals: await withdrawalsOf(db, await bySecret(db, secret), limit) };
}

/** One of those withdrawals; any other payment id is not found. */
export async function withdrawalDetails(db: Database, secret: string, paymentId: number) {
  const [withdrawal] = await withdrawalsOf(db, await bySecret(db, secret), 1, paymentId);
  if (!withdrawal)
    throw new AppError(RESPONSE_CODES.noAccess, 'Withdrawal not found', {
      httpStatus: 404,
      validationErrors: { paymentId: 'globalPay.withdrawalNotFound' },
    });
  return { withdrawal };
}
