import { eq } from 'drizzle-orm';
import {
  ACCOUNT_STATUS,
  ACCOUNT_TYPES,
  TRANSFERABLE_ACCOUNT_TYPES,
  isExternalSourceAccount,
} from '@ledgerline/domain/accounts';
import { sourceAmountFor } from '@ledgerline/domain/transfers';
import type { TransferOperation } from '@ledgerline/contract';
import type { ExternalTransferType } from '@ledgerline/domain/external-transfers';
import type { DbOrTx } from '../../db/client';
import { accounts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AccountRow } from '../accounts';
import { Money, moneyText, requireMinorUnits } from '../ledger';
import type { ExternalRequest } from './external';
import { feeFor, roundToCurrency } from './fees';
import { QuoteReads } from './quote-reads';

/*
 * What a transfer inside the bank would do (issue 5): the accounts it moves between, checked, the
 * amounts in both currencies at the recorded rate, and the brand's fee. Nothing is written here.
 */

export interface BetweenAccountsInput {
  fromAccount: number;
  toAccount: number;
  toAmount: string;
  currency?: string | undefined;
}

export interface P2PInput {
  fromAccount: number;
  email: string;
  amount: string;
  description?: string | undefined;
}

/** Paying an invoice (issue 16A): a fixed amount in the invoice's currency to the sender's account. */
export interface InvoicePaymentInput {
  fromAccount: number;
  /** The sender's account the invoice names. */
  toAccount: number;
  /** The invoice amount, in toAccount's currency. */
  toAmount: string;
  invoiceId: number;
  invoiceNumber: string;
  payeeEmail: string;
  payeeName: string;
}

export type TransferRequest =
  | ({ kind: 'betweenAccounts' } & BetweenAccountsInput)
  | ({ kind: 'p2p' } & P2PInput)
  | ({ kind: 'invoicePayment' } & InvoicePaymentInput)
  | ExternalRequest;

/** What a transfer would do: amounts in both currencies, the fee, the rate and who is paid. */
/** Money moved between a customer's account and their prepaid card (modules/cards, issue 16). */
export type CardTransferKind = 'prepaidCardLoad' | 'prepaidCardUnload';

export interface Quote {
  kind: TransferOperation | ExternalTransferType | CardTransferKind;
  from: AccountRow;
  to: AccountRow;
  /** Leaves `from` (without the fee), in its currency. */
  sourceAmount: Money;
  /** Reaches `to`, in its currency. */
  toAmount: Money;
  fee: Money;
  /** Units of the target currency per one source unit, as recorded. */
  rate: string;
  /** How the customer's second factor names the payee. */
  payeeText: string;
  /** Known for a P2P quote: whether the payee is a business (its merchant tools hear of it). */
  payeeIsBusiness?: boolean;
  /** The payee, bound into the confirmation (PSD2 dynamic linking). */
  payeeKey: string;
  details: Record<string, unknown>;
}

/** The brand a customer banks with (fees are the brand's). */
export function brandOfCustomer(db: DbOrTx, customerId: number): Promise<string> {
  return QuoteReads.direct(db).brand(customerId);
}

export function usableAccount(row: AccountRow, field: string): void {
  if (row.type === ACCOUNT_TYPES.closed || row.accountStatusId === ACCOUNT_STATUS.closed) {
    throw AppError.invalid({ [field]: 'validation.accountClosed' }, 'The account is closed');
  }
  if (!TRANSFERABLE_ACCOUNT_TYPES.includes(row.type))
    throw AppError.invalid(
      { [field]: 'validation.accountNotTransferable' },
      'Money cannot be moved from or to this account here',
    );
}

/** An external transfer leaves only from a payment account or a wallet, never a receiving one (domain rule). */
export function usableExternalSource(row: AccountRow, field: string): void {
  usableAccount(row, field);
  if (!isExternalSourceAccount(row))
    throw AppError.invalid(
      { [field]: 'validation.accountCannotSendExternally' },
      'Money cannot leave for another bank from this account',
    );
}

/** The fee of a transfer of `sourceAmount` from an account, by the brand's rules. */
async function feeOf(
  reads: QuoteReads,
  brandId: string,
  operation: string,
  sourceAmount: Money,
  currencyCode: string,
): Promise<Money> {
  return feeFor(await reads.feeRule(brandId, operation, currencyCode), sourceAmount, currencyCode);
}

export function feeOperation(
  kind: TransferOperation,
  fromCurrency: string,
  toCurrency: string,
): string {
  if (kind === 'p2p') return 'p2p';
  return fromCurrency === toCurrency ? 'betweenAccounts' : 'betweenAccountsFx';
}

/** Both own accounts of a transfer between accounts, checked. */
export async function ownAccountPair(
  db: DbOrTx,
  customerId: number,
  fromId: number,
  toId: number,
  reads = QuoteReads.direct(db),
): Promise<{ from: AccountRow; to: AccountRow }> {
  if (fromId === toId)
    throw AppError.invalid(
      { toAccount: 'validation.sameAccount' },
      'Choose two different accounts',
    );
  const { from, to } = await reads.accountPair(customerId, fromId, toId);
  usableAccount(from, 'fromAccount');
  usableAccount(to, 'toAccount');
  return { from, to };
}

function tooSmall(field: string): AppError {
  return AppError.invalid(
    { [field]: 'validation.amountTooSmall' },
    'The amount is too small to convert',
  );
}

export async function quoteBetweenAccounts(
  db: DbOrTx,
  customerId: number,
  input: BetweenAccountsInput,
  reads = QuoteReads.direct(db),
): Promise<Quote> {
  const { from, to } = await ownAccountPair(
    db,
    customerId,
    input.fromAccount,
    input.toAccount,
    reads,
  );
  if (input.currency !== undefined && input.currency !== to.currencyCode) {
    throw AppError.invalid(
      { currency: 'validation.currencyMismatch' },
      'The currency must be the target account’s',
    );
  }
  requireMinorUnits(input.toAmount, to.currencyCode, 'toAmount');
  const toAmount = new Money(input.toAmount);
  const rate = await reads.rate(from.currencyCode, to.currencyCode);
  const sourceAmount = new Money(
    sourceAmountFor(toAmount.toFixed(), rate, from.currencyCode, to.currencyCode),
  );
  if (sourceAmount.isZero()) throw tooSmall('toAmount');
  const brandId = await reads.brand(customerId);
  const fee = await feeOf(
    reads,
    brandId,
    feeOperation('betweenAccounts', from.currencyCode, to.currencyCode),
    sourceAmount,
    from.currencyCode,
  );
  return {
    kind: 'betweenAccounts',
    from,
    to,
    sourceAmount,
    toAmount,
    fee,
    rate,
    payeeText: `${to.name ?? `${to.currencyCode} account`} #${to.id}`,
    payeeKey: `account:${to.id}`,
    details: {
      fromAccount: from.id,
      toAccount: to.id,
      toAmount: moneyText(toAmount),
      toCurrency: to.currencyCode,
      rate,
      fee: moneyText(fee),
      email: null,
      name: null,
      description: null,
    },
  };
}

export async function quoteP2P(
  db: DbOrTx,
  customerId: number,
  input: P2PInput,
  reads = QuoteReads.direct(db),
): Promise<Quote> {
  const from = await reads.account(customerId, input.fromAccount);
  usableAccount(from, 'fromAccount');
  requireMinorUnits(input.amount, from.currencyCode, 'amount');
  const payee = await reads.payee(customerId, input.email, from.currencyCode);
  if (!payee.canReceive || payee.customerId === null)
    throw AppError.invalid(
      { email: payee.reason ?? 'validation.payeeCannotReceive' },
      'This person cannot receive money from you',
    );
  // Their payment account in the same currency, else their oldest open one (converted at the recorded rate).
  const to = await reads.payeeAccount(payee.customerId, from.currencyCode);
  if (!to)
    throw AppError.invalid(
      { email: 'validation.payeeCannotReceive' },
      'This person cannot receive money',
    );
  const sourceAmount = new Money(input.amount);
  const rate = await reads.rate(from.currencyCode, to.currencyCode);
  const toAmount =
    from.currencyCode === to.currencyCode
      ? sourceAmount
      : roundToCurrency(sourceAmount.times(rate), to.currencyCode);
  if (toAmount.isZero()) throw tooSmall('amount');
  const brandId = await reads.brand(customerId);
  const fee = await feeOf(reads, brandId, 'p2p', sourceAmount, from.currencyCode);
  const email = input.email.trim().toLowerCase();
  return {
    kind: 'p2p',
    from,
    to,
    sourceAmount,
    toAmount,
    fee,
    rate,
    payeeText: `${payee.name ?? ''} (${email})`,
    payeeKey: `email:${email}`,
    payeeIsBusiness: payee.isBusiness,
    details: {
      fromAccount: from.id,
      toAccount: null,
      toAmount: moneyText(toAmount),
      toCurrency: to.currencyCode,
      rate,
      fee: moneyText(fee),
      email,
      name: payee.name,
      description: input.description ?? null,
      payeeCustomerId: payee.customerId,
      payeeAccountId: to.id,
    },
  };
}

/**
 * Paying an invoice (issue 16A): from one of the payer's payment accounts to the account the
 * invoice names, which receives exactly the invoice amount; the payer's account gives its value at
 * the recorded rate when the currencies differ (as between accounts), and the fee is the P2P fee
 * of the brand on that source amount. Recorded as a P2P transfer (history, limits and recent
 * transfers treat it as one) with the invoice in its details.
 */
export async function quoteInvoicePayment(
  db: DbOrTx,
  customerId: number,
  input: InvoicePaymentInput,
  reads = QuoteReads.direct(db),
): Promise<Quote> {
  const from = await reads.account(customerId, input.fromAccount);
  usableAccount(from, 'fromAccount');
  if (from.type !== ACCOUNT_TYPES.payment)
    throw AppError.invalid(
      { fromAccount: 'validation.accountNotTransferable' },
      'An invoice is paid from a payment account',
    );
  const [to] = await db.select().from(accounts).where(eq(accounts.id, input.toAccount));
  if (
    !to ||
    to.customerId === null ||
    to.customerId === customerId ||
    // A merchant's receiving account takes payments too (a saved button's, pay-by-name's).
    (to.type !== ACCOUNT_TYPES.payment && to.type !== ACCOUNT_TYPES.receiving) ||
    to.accountStatusId !== ACCOUNT_STATUS.active
  )
    throw AppError.invalid(
      { invoiceId: 'validation.payeeCannotReceive' },
      'The sender of this invoice cannot receive money now',
    );
  requireMinorUnits(input.toAmount, to.currencyCode, 'amount');
  const toAmount = new Money(input.toAmount);
  const rate = await reads.rate(from.currencyCode, to.currencyCode);
  const sourceAmount = new Money(
    sourceAmountFor(toAmount.toFixed(), rate, from.currencyCode, to.currencyCode),
  );
  if (sourceAmount.isZero()) throw tooSmall('amount');
  const brandId = await reads.brand(customerId);
  const fee = await feeOf(reads, brandId, 'p2p', sourceAmount, from.currencyCode);
  const email = input.payeeEmail.toLowerCase();
  return {
    kind: 'p2p',
    from,
    to,
    sourceAmount,
    toAmount,
    fee,
    rate,
    payeeText: `${input.payeeName} (${email}) ${input.invoiceNumber}`,
    payeeKey: `invoice:${input.invoiceId}:account:${to.id}`,
    details: {
      fromAccount: from.id,
      toAccount: null,
      toAmount: moneyText(toAmount),
      toCurrency: to.currencyCode,
      rate,
      fee: moneyText(fee),
      email,
      name: input.payeeName,
      description: input.invoiceNumber,
      payeeCustomerId: to.customerId,
      payeeAccountId: to.id,
      invoiceId: input.invoiceId,
      payeeText: `${input.payeeName} (${email}) ${input.invoiceNumber}`,
    },
  };
}
