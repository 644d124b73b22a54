import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SubmitResult } from '@ledgerline/contract';
import { selectRows, type Database, type DbOrTx, type Tx } from '../../db/client';
import type { ReadCache } from '../../db/read-cache';
import { customers, ledgerTransfers, transferPermissions } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { assertTransferPermission } from '../customers';
import { moneyText, type PostingInput, postTransfer } from '../ledger';
import type { Mailer } from '../notifications';
import type { RealtimeHub } from '../realtime';
import { quoteExternal } from './external';
import { QuoteReads } from './quote-reads';
import { checkLimits } from './limits';
import {
  quoteBetweenAccounts,
  quoteInvoicePayment,
  quoteP2P,
  type Quote,
  type TransferRequest,
} from './quote';
import { confirmationPlan, type ConfirmationPlan, sentToOf } from '../security';
import { accountChangesSql } from './events';
import { noticeMerchantOfTransfer } from './merchant-notice';
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
  /** The process's cache of fee rules, rates and brands (db/read-cache.ts); without it, each is read. */
  readCache?: ReadCache;
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
      accountId: await reads.systemAccountId('feeRevenue', source),
      amount: quote.fee.toFixed(),
    });
  if (source === target) {
    legs.push({ accountId: quote.to.id, amount: quote.sourceAmount.toFixed() });
  } else {
    legs.push({
      accountId: await reads.systemAccountId('fx', source),
      amount: quote.sourceAmount.toFixed(),
    });
    legs.push({
      accountId: await reads.systemAccountId('fx', target),
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
  /** Quote with the process's cache of fee rules, rates and brands. */
  readCache?: ReadCache | undefined;
  /** The reads the quote was made with, for the postings' system accounts (executeTransfer's). */
  reads?: QuoteReads | undefined;
  /**
   * The access level and permission flag to check, read with the customer lock (a customer's own
   * submit); absent when the caller has checked them already, or acts for the bank.
   */
  permission?: { level: number; flag: string } | undefined;
  /**
   * Send AccountChanged for a settled transfer from the posting's own statement, at COMMIT
   * (decision 126); the caller then need not publish it (Executed.announced).
   */
  announce?: boolean;
}

export interface Executed {
  result: SubmitResult;
  transferId: string;
  replayed: boolean;
  /** The customer accounts it touched (for AccountChanged once settled). */
  accountIds: number[];
  /** AccountChanged for them goes out with the COMMIT (ExecuteOptions.announce). */
  announced: boolean;
}

/** The plan of a transfer that needs no second factor (confirmation mode 0, approvals, schedules). */
const NO_SECOND_FACTOR: ConfirmationPlan = {
  approveType: 0,
  available: [0],
  usable: [],
  smsPhone: null,
  email: '',
  brandName: '',
};

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
  // The account read brings the limits and the fee account along (decision 126).
  const reads = QuoteReads.direct(tx, options.readCache).withLimits(actor.customerId);
  return executeQuoted(
    tx,
    deps,
    actor,
    async (inTx) => {
      const quote = await quoteOf(inTx, actor.customerId, request, reads);
      checkLimits(
        await reads.limits(actor.customerId, quote.from.currencyCode),
        quote.sourceAmount,
      );
      return quote;
    },
    { ...options, reads },
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
  // One statement: the customer lock, the idempotency key's earlier transfer, the user's
  // confirmation mode (most transfers need no second factor: then nothing more is read for it)
  // and, when asked, the customer's standing and the user's permission flags.
  const [locked] = await selectRows<{
    mode: number;
    earlierId: string | null;
    earlierHash: string | null;
    earlierDetails: Record<string, unknown> | null;
    verified: boolean;
    limited: boolean;
    flags: Record<string, boolean> | null;
  }>(
    tx,
    sql`select own.transaction_approve_mode as "mode", t.id as "earlierId",
          t.request_hash as "earlierHash", t.details as "earlierDetails",
          c.verified, c.limited, p.flags
        from ${customers} c
        join ${customers} own on own.id = ${actor.ownCustomerId}
        left join ${ledgerTransfers} t
          on t.customer_id = c.id and t.idempotency_key = ${options.idempotencyKey}
        left join ${transferPermissions} p
          on p.customer_id = c.id and p.user_id = ${actor.userId}
        where c.id = ${actor.customerId}
        for update of c`,
  );
  if (options.permission)
    assertTransferPermission(locked, options.permission.level, options.permission.flag);
  if (locked?.earlierId) {
    if (locked.earlierHash !== options.requestHash) {
      throw AppError.invalid(
        { idempotencyKey: 'validation.idempotencyKeyReused' },
        'This idempotency key was already used for a different request',
      );
    }
    return {
      result: storedResult(locked.earlierDetails ?? {}),
      transferId: locked.earlierId,
      replayed: true,
      accountIds: [],
      announced: false,
    };
  }
  const quote = await makeQuote(tx);

  const plan =
    options.confirm && (locked === undefined || locked.mode !== 0)
      ? await confirmationPlan(tx, actor.userId, actor.ownCustomerId)
      : NO_SECOND_FACTOR;
  const operationId = plan.approveType === 0 ? null : randomUUID();
  const pending = operationId !== null;
  // The transfer's id is chosen here, so its stored answer and audit row name it as it is posted.
  const transferId = randomUUID();
  const result: SubmitResult = {
    transactionId: transferId,
    operationId,
    approveType: plan.approveType,
    approvalSentTo: pending ? sentToOf(plan) : null,
    availableApprovalMethods: plan.available,
    fee: moneyText(quote.fee),
    status: pending ? 'pending' : 'settled',
  };
  const status = pending ? 'pending' : 'settled';
  const details = { ...quote.details, ...options.details, submit: result };
  // Before the posting: the posting's locks (the payee's account row, a hot one) are then held
  // for that one statement until the commit.
  if (!pending)
    await noticeMerchantOfTransfer(
      tx,
      { id: transferId, kind: quote.kind, status, customerId: actor.customerId, details },
      quote.payeeIsBusiness,
    );
  const accountIds = [quote.from.id, quote.to.id];
  const announced = options.announce === true && !pending;
  const transfer = await postTransfer(
    tx,
    {
      id: transferId,
      kind: quote.kind,
      customerId: actor.customerId,
      initiatedByUserId: actor.userId,
      approvedByUserId: options.approvedByUserId ?? null,
      idempotencyKey: options.idempotencyKey,
      requestHash: options.requestHash,
      postings: await postingsOf(tx, quote, options.reads),
      status,
      amount: moneyText(quote.sourceAmount),
      currencyCode: quote.from.currencyCode,
      fee: moneyText(quote.fee),
      details,
      audit: {
        action: `transfer.${quote.kind}`,
        userId: actor.userId,
        customerId: actor.customerId,
        ip: actor.ip,
        details: {
          transferId,
          amount: moneyText(quote.sourceAmount),
          currency: quote.from.currencyCode,
          fee: moneyText(quote.fee),
          status,
        },
      },
    },
    announced ? { alongside: accountChangesSql(accountIds) } : {},
  );
  if (transfer.replayed)
    return {
      result: storedResult(transfer.details),
      transferId: transfer.id,
      replayed: true,
      accountIds: [],
      announced: false,
    };
  if (operationId !== null)
    await startConfirmation(tx, deps, { operationId, transferId, actor, plan, quote });
  return { result, transferId: transfer.id, replayed: false, accountIds, announced };
}
