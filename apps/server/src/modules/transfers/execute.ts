import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { SubmitResult } from '@ledgerline/contract';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { customers, ledgerTransfers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { moneyText, type PostingInput, postTransfer } from '../ledger';
import type { Mailer } from '../notifications';
import type { RealtimeHub } from '../realtime';
import { quoteExternal } from './external';
import { QuoteReads } from './quote-reads';
import { checkLimits, limitStates } from './limits';
import {
  quoteBetweenAccounts,
  quoteInvoicePayment,
  quoteP2P,
  type Quote,
  type TransferRequest,
} from './quote';
import { confirmationPlan, sentToOf } from '../security';
import { noticeMerchantOfPayment } from './merchant-notice';
import { startConfirmation } from './second-factor';

/*
 * Money movement inside the bank (issue 5): quotes (fee, rate, amounts), limits, the transfer
 * itself through the ledger, and the start of its second factor. Every transfer of a customer
 * runs under a lock of the customer row (limits are per customer, so two transfers must not both
 * pass the same remaining limit), then the ledger locks the accounts (DESIGN.md "The ledger").
 * Lock order: approval request or confirmation row → customer row → transfer row → account rows.
 */

/** Who a transfer is made by and for: a request's Actor, or the initiator of an approved request. */
export type TransferMaker = Pick<Actor, 'userId' | 'customerId' | 'ownCustomerId' | 'ip' | 'lang'>;

export interface TransferDeps {
  db: Database;
  mailer: Mailer;
  realtime: RealtimeHub;
}

export async function quoteOf(
  db: DbOrTx,
  customerId: number,
  request: TransferRequest,
  reads = QuoteReads.direct(db),
): Promise<Quote> {
  if (request.kind === 'betweenAccounts')
    return quoteBetweenAccounts(db, customerId, request, reads);
  if (request.kind === 'p2p') return quoteP2P(db, customerId, request, reads);
  if (request.kind === 'invoicePayment') return quoteInvoicePayment(db, customerId, request, reads);
  return quoteExternal(db, customerId, request, reads);
}

/** The legs of a quote: the fee to fee revenue, a currency change through the FX accounts. */
export async function postingsOf(
  tx: Tx,
  quote: Quote,
  reads = QuoteReads.direct(tx),
): Promise<PostingInput[]> {
  const source = quote.from.currencyCode;
  const target = quote.to.currencyCode;
  const legs: PostingInput[] = [
    { accountId: quote.from.id, amount: quote.sourceAmount.plus(quote.fee).negated().toFixed() },
  ];
  if (quote.fee.greaterThan(0))
    legs.push({
      accountId: (await reads.systemAccount('feeRevenue', source)).id,
      amount: quote.fee.toFixed(),
    });
  if (source === target) {
    legs.push({ accountId: quote.to.id, amount: quote.sourceAmount.toFixed() });
  } else {
    legs.push({
      accountId: (await reads.systemAccount('fx', source)).id,
      amount: quote.sourceAmount.toFixed(),
    });
    legs.push({
      accountId: (await reads.systemAccount('fx', target)).id,
      amount: quote.toAmount.negated().toFixed(),
    });
    legs.push({ accountId: quote.to.id, amount: quote.toAmount.toFixed() });
  }
  return legs;
}

export interface ExecuteOptions {
  idempotencyKey: string;
  requestHash: string;
  /** Ask for the second factor (a customer's own submit); approvals and schedules settle at once. */
  confirm: boolean;
  approvedByUserId?: number | null;
  details?: Record<string, unknown>;
}

export interface Executed {
  result: SubmitResult;
  transferId: string;
  replayed: boolean;
  /** The customer accounts it touched (for AccountChanged once settled). */
  accountIds: number[];
}

/** The first answer of an idempotency key, kept with the transfer. */
function storedResult(details: Record<string, unknown>): SubmitResult {
  return details.submit as SubmitResult;
}

/**
 * Makes a transfer in the caller's transaction: customer lock, idempotency, quote, limits, the
 * ledger transfer (settled, or pending until its second factor) and the confirmation.
 */
export async function executeTransfer(
  tx: Tx,
  deps: Pick<TransferDeps, 'mailer'>,
  actor: TransferMaker,
  request: TransferRequest,
  options: ExecuteOptions,
): Promise<Executed> {
  return executeQuoted(
    tx,
    deps,
    actor,
    async (inTx) => {
      const quote = await quoteOf(inTx, actor.customerId, request);
      checkLimits(
        await limitStates(inTx, actor.customerId, quote.from.currencyCode),
        quote.sourceAmount,
      );
      return quote;
    },
    options,
  );
}

/**
 * The same for a quote made elsewhere (a prepaid card load, issue 16): `makeQuote` runs after the
 * customer lock and the idempotency check, in tx, and refuses what its own limits refuse.
 */
export async function executeQuoted(
  tx: Tx,
  deps: Pick<TransferDeps, 'mailer'>,
  actor: TransferMaker,
  makeQuote: (tx: Tx) => Promise<Quote>,
  options: ExecuteOptions,
): Promise<Executed> {
  await tx.execute(
    sql`select id from ${customers} where ${customers.id} = ${actor.customerId} for update`,
  );
  const [earlier] = await tx
    .select()
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.customerId, actor.customerId),
        eq(ledgerTransfers.idempotencyKey, options.idempotencyKey),
      ),
    );
  if (earlier) {
    if (earlier.requestHash !== options.requestHash) {
      throw AppError.invalid(
        { idempotencyKey: 'validation.idempotencyKeyReused' },
        'This idempotency key was already used for a different request',
      );
    }
    return {
      result: storedResult(earlier.details),
      transferId: earlier.id,
      replayed: true,
      accountIds: [],
    };
  }
  const quote = await makeQuote(tx);

  const plan = options.confirm
    ? await confirmationPlan(tx, actor.userId, actor.ownCustomerId)
    : { approveType: 0, available: [0], usable: [], smsPhone: null, email: '', brandName: '' };
  const operationId = plan.approveType === 0 ? null : randomUUID();
  const pending = operationId !== null;
  const result: SubmitResult = {
    transactionId: '',
    operationId,
    approveType: plan.approveType,
    approvalSentTo: pending ? sentToOf(plan) : null,
    availableApprovalMethods: plan.available,
    fee: moneyText(quote.fee),
    status: pending ? 'pending' : 'settled',
  };
  const transfer = await postTransfer(tx, {
    kind: quote.kind,
    customerId: actor.customerId,
    initiatedByUserId: actor.userId,
    approvedByUserId: options.approvedByUserId ?? null,
    idempotencyKey: options.idempotencyKey,
    requestHash: options.requestHash,
    postings: await postingsOf(tx, quote),
    status: pending ? 'pending' : 'settled',
    amount: moneyText(quote.sourceAmount),
    currencyCode: quote.from.currencyCode,
    fee: moneyText(quote.fee),
    details: { ...quote.details, ...options.details, submit: result },
  });
  result.transactionId = transfer.id;
  await tx
    .update(ledgerTransfers)
    .set({ details: { ...transfer.details, submit: result } })
    .where(eq(ledgerTransfers.id, transfer.id));
  if (operationId !== null)
    await startConfirmation(tx, deps, { operationId, transferId: transfer.id, actor, plan, quote });
  else await noticeMerchantOfPayment(tx, transfer.id);
  await audit(tx, {
    action: `transfer.${quote.kind}`,
    userId: actor.userId,
    customerId: actor.customerId,
    ip: actor.ip,
    details: {
      transferId: transfer.id,
      amount: moneyText(quote.sourceAmount),
      currency: quote.from.currencyCode,
      fee: moneyText(quote.fee),
      status: transfer.status,
    },
  });
  return {
    result,
    transferId: transfer.id,
    replayed: false,
    accountIds: [quote.from.id, quote.to.id],
  };
}
