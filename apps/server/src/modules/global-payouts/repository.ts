import { and, asc, eq } from 'drizzle-orm';
import type { GlobalPayBatch, GlobalPayment } from '@ledgerline/contract';
import {
  countryMethods,
  GLOBAL_PAY_FEE,
  GLOBAL_PAY_METHODS,
  GLOBAL_PAY_TRANSFER_TYPES,
  type GlobalBatchStatus,
  type GlobalPayFeeShare,
  type GlobalPaymentStatus,
  type GlobalPayMethod,
} from '@ledgerline/domain/global-pay';
import type { DbOrTx } from '../../db/client';
import { globalPayBatches, globalPayPayments } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { Money, moneyText } from '../ledger';
import { roundToCurrency } from '../transfers';

export type BatchRow = typeof globalPayBatches.$inferSelect;
export type PaymentRow = typeof globalPayPayments.$inferSelect;

/** Statuses whose payments hold reserved money in the clearing account. */
export const HOLDING: readonly GlobalPaymentStatus[] = ['reserved'];
/** Payments that count in a batch's totals (a removed draft row does not). */
const COUNTED: readonly GlobalPaymentStatus[] = [
  'draft',
  'reserved',
  'claimed',
  'paid',
  'refused',
  'expired',
  'cancelled',
];

/** One payout's fee in the batch's currency (domain GLOBAL_PAY_FEE: a percentage between a floor and a ceiling). */
export function payoutFee(amount: Money, currencyCode: string): Money {
  const percent = amount.times(GLOBAL_PAY_FEE.percent).dividedBy(100);
  const bounded = Money.min(Money.max(percent, GLOBAL_PAY_FEE.min), GLOBAL_PAY_FEE.max);
  return roundToCurrency(bounded, currencyCode);
}

/** What submitting reserves for one payment: its amount, plus its fee when the sender pays it. */
export function reservedOf(row: Pick<PaymentRow, 'amount' | 'fee' | 'feeShare'>): Money {
  const amount = new Money(row.amount);
  return row.feeShare === 'sender' ? amount.plus(row.fee) : amount;
}

/** The fee the beneficiary pays out of the amount (0 when the sender pays it). */
export function beneficiaryFee(row: Pick<PaymentRow, 'fee' | 'feeShare'>): Money {
  return row.feeShare === 'beneficiary' ? new Money(row.fee) : new Money(0);
}

/** The country's methods, every method named, the ones it does not offer marked forbidden. */
export function paymentMethodsOf(countryCode: string) {
  const offered = new Map(countryMethods(countryCode).map((method) => [method.name, method]));
  return GLOBAL_PAY_METHODS.map((name: GlobalPayMethod) => ({
    name,
    transferType: GLOBAL_PAY_TRANSFER_TYPES[name],
    currencies: [...(offered.get(name)?.currencies ?? [])],
    forbidden: !offered.has(name),
  }));
}

export function toPayment(row: PaymentRow): GlobalPayment {
  return {
    id: row.id,
    amount: moneyText(row.amount),
    fee: moneyText(row.fee),
    currencyCode: row.currencyCode,
    description: row.description,
    beneficiaryType: row.beneficiaryType as GlobalPayment['beneficiaryType'],
    beneficiaryName: row.beneficiaryName,
    beneficiaryEmail: row.beneficiaryEmail,
    beneficiaryCountryCode: row.beneficiaryCountryCode,
    feeShare: row.feeShare as GlobalPayFeeShare,
    status: row.status as GlobalPaymentStatus,
    paymentMethods: paymentMethodsOf(row.beneficiaryCountryCode),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    paidMethod: (row.paidMethod as GlobalPayMethod | null) ?? null,
    paidCurrencyCode: row.paidCurrencyCode,
    paidAmount: row.paidAmount === null ? null : moneyText(row.paidAmount),
    rowErrors: row.rowErrors,
  };
}

/** Count, amount, the fees the sender pays and what submit takes, over the payments that count. */
export function totalsOf(rows: PaymentRow[]) {
  let amount = new Money(0);
  let senderFees = new Money(0);
  let count = 0;
  for (const row of rows) {
    if (!COUNTED.includes(row.status as GlobalPaymentStatus)) continue;
    count += 1;
    amount = amount.plus(row.amount);
    if (row.feeShare === 'sender') senderFees = senderFees.plus(row.fee);
  }
  return {
    count,
    amount: moneyText(amount),
    senderFees: moneyText(senderFees),
    total: moneyText(amount.plus(senderFees)),
  };
}

export async function paymentsOf(db: DbOrTx, batchId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(globalPayPayments)
    .where(eq(globalPayPayments.batchId, batchId))
    .orderBy(asc(globalPayPayments.position), asc(globalPayPayments.id));
}

export function toBatch(row: BatchRow, payments: PaymentRow[]): GlobalPayBatch {
  return {
    batchId: row.id,
    batchName: row.batchName,
    accountId: row.accountId,
    currencyCode: row.currencyCode,
    status: row.status as GlobalBatchStatus,
    createdDate: row.createdAt.toISOString(),
    submittedDate: row.submittedAt?.toISOString() ?? null,
    awaitingConfirmation: row.status === 'draft' && row.reserveTransferId !== null,
    totals: totalsOf(payments),
    payments: payments.map(toPayment),
  };
}

/** One of the customer's batches; another customer's is not found. */
export async function findBatch(
  db: DbOrTx,
  customerId: number,
  batchId: number,
  options: { forUpdate?: boolean } = {},
): Promise<BatchRow> {
  const query = db
    .select()
    .from(globalPayBatches)
    .where(and(eq(globalPayBatches.id, batchId), eq(globalPayBatches.customerId, customerId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw AppError.notFound('Batch not found');
  return row;
}

export async function batchView(db: DbOrTx, row: BatchRow): Promise<GlobalPayBatch> {
  return toBatch(row, await paymentsOf(db, row.id));
}

/** A refusal the screen shows beside its field, with a key of its own (spec 2 §8: the screen handles global-pay errors). */
export function refusal(field: string, key: string, description: string): AppError {
  return AppError.invalid({ [field]: `globalPay.${key}` }, description);
}
