import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  MASS_TYPE_SINGLE_TRANSFER,
  type MassTransferType,
} from '@ledgerline/domain/mass-transfers';
import type { DbOrTx, Tx } from '../../db/client';
import type { batchTransfers } from '../../db/schema';
import { batchTransferRows } from '../../db/schema';
import type { AccountRow } from '../accounts';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import {
  hashRequest,
  Money,
  moneyText,
  postTransferList,
  postTransfers,
  systemAccount,
  type PostedInBatch,
  type PostingInput,
  type PostTransferInput,
} from '../ledger';
import { checkBatchLimits, postingsOf, QuoteReads, quoteOf, type Quote } from '../transfers';
import { enqueueWebhookEvent } from '../webhooks';
import type { Actor } from '../../lib/actor';

/** Who the rows are paid by: the submitter, or the initiator of an approved batch. */
export type Maker = Pick<Actor, 'userId' | 'customerId' | 'ownCustomerId' | 'ip' | 'lang'>;

/*
 * Paying a mass batch's valid rows (issue 17E): one ledger transfer per row, all in ONE
 * transaction (ledger postTransfers), each with the idempotency key `mass-<batch>-row-<n>` so a
 * retried or concurrent submit never pays a row twice. The workbench (part A) validated each row
 * with the rules of the single transfer of its type and kept its amount and fee, which the customer
 * saw in the dry run and confirmed with its total: external rows are paid from those into the
 * rail's clearing account (as a single wire, EFT, card payout… is) and go to the rail simulator row
 * by row; a P2P row is quoted again as a single P2P transfer (the payee's account, its currency)
 * and settles at once. The batch is all-or-nothing for funds: the ledger refuses the whole list
 * when the account cannot cover every row with its fee. A P2P payee who can no longer receive fails
 * that row alone, as a rail would.
 */

export type BatchRow = typeof batchTransfers.$inferSelect;
export type RowRecord = typeof batchTransferRows.$inferSelect;

/** What a row the rails carry looks like to the rail, the history and the second factor. */
export interface Payee {
  name: string;
  /** Masked: what history and the confirmation show. */
  shown: string;
  /** Whom it pays, exactly (bound into an approval through the payee hash). */
  key: string;
}

function last4(value: string): string {
  const compact = value.replace(/\s+/g, '');
  return compact.length > 4 ? `•••• ${compact.slice(-4)}` : compact;
}

const cell = (fields: Record<string, string>, key: string): string => (fields[key] ?? '').trim();

/** The payee of a row, by its type's columns (domain MASS_COLUMNS). */
export function payeeOf(type: MassTransferType, fields: Record<string, string>): Payee {
  const name = cell(fields, 'beneficiaryName') || cell(fields, 'cardholderName');
  switch (type) {
    case 'wire': {
      const iban = cell(fields, 'iban').replace(/\s+/g, '').toUpperCase();
      const account = cell(fields, 'accountNumber');
      const bank =
        cell(fields, 'routingNumber') ||
        cell(fields, 'sortCode') ||
        cell(fields, 'swift').toUpperCase();
      return iban
        ? { name, shown: last4(iban), key: `iban:${iban}` }
        : { name, shown: last4(account), key: `account:${bank}:${account}` };
    }
    case 'eft':
      return {
        name,
        shown: last4(cell(fields, 'accountNumber')),
        key: `eft:${cell(fields, 'countryCode').toUpperCase()}:${cell(fields, 'bankCode')}:${cell(fields, 'branchCode')}:${cell(fields, 'accountNumber')}`,
      };
    case 'oct':
      // Never the card number itself beyond its last four digits.
      return {
        name,
        shown: last4(cell(fields, 'cardNumber')),
        key: `card:${hashRequest({ card: cell(fields, 'cardNumber').replace(/\D/g, '') })}`,
      };
    case 'digital':
      return {
        name,
        shown: `${cell(fields, 'network')} ${last4(cell(fields, 'walletAddress'))}`,
        key: `wallet:${cell(fields, 'network')}:${cell(fields, 'walletAddress')}`,
      };
    case 'instant_payment':
      return {
        name,
        shown: cell(fields, 'instantKey'),
        key: `instant:${cell(fields, 'instantKeyType')}:${cell(fields, 'instantKey')}`,
      };
    case 'interac': {
      const to = cell(fields, 'email').toLowerCase() || cell(fields, 'phone');
      return { name, shown: to, key: `interac:${to}` };
    }
    case 'p2p': {
      const email = cell(fields, 'email').toLowerCase();
      return { name: '', shown: email, key: `email:${email}` };
    }
  }
}

/**
 * The hash a batch approval is bound to: every valid row's number, cells and amount. Fixing,
 * dropping or restoring a row after the approval was asked for changes it (issue 17).
 */
export function payeeHashOf(rows: Pick<RowRecord, 'rowNumber' | 'fields' | 'amount'>[]): string {
  return hashRequest(
    [...rows]
      .sort((a, b) => a.rowNumber - b.rowNumber)
      .map((row) => [
        row.rowNumber,
        row.fields,
        row.amount === null ? null : moneyText(row.amount),
      ]),
  );
}

export function rowKey(batchId: number, rowNumber: number): string {
  return `mass-${batchId}-row-${rowNumber}`;
}

/**
 * The request hash of a row's transfer: hashRequest({ batchId, rowNumber }) written out (its keys
 * are already in order), without building and sorting an object for each of 10,000 rows.
 */
export function rowRequestHash(batchId: number, rowNumber: number): string {
  return sha256(`{"batchId":${batchId},"rowNumber":${rowNumber}}`);
}

export function rowStatusAfterPaying(type: MassTransferType): 'settled' | 'submitted' {
  return type === 'p2p' ? 'settled' : 'submitted';
}

interface Planned {
  row: RowRecord;
  input: PostTransferInput;
}

export interface PaidBatch {
  /** Customer accounts whose money moved or is reserved (AccountChanged after commit). */
  accountIds: number[];
  /** The first paid row's transfer: a pending batch's confirmation names it. */
  anchorTransferId: string | null;
  paidCount: number;
  failedCount: number;
}

/** The reason a row failed before any rail saw it: the first field error's key. */
function reasonOf(error: AppError): string {
  const first = Object.values(error.validationErrors ?? {})[0];
  return (typeof first === 'string' ? first : 'validation.payeeCannotReceive').slice(0, 64);
}

/** Writes the rows' new status, transfer, key, fee and reason (a VALUES list per chunk). */
export async function updateRows(
  tx: Tx,
  updates: {
    id: number;
    status: string;
    transferId: string | null;
    idempotencyKey: string | null;
    fee: string | null;
    failureReason: string | null;
  }[],
): Promise<void> {
  if (updates.length === 0) return;
  // One array per column (db/bulk.ts): the statement is the same size for any number of rows.
  const column = <K extends keyof (typeof updates)[number]>(key: K) =>
    sql.param(updates.map((update) => update[key]));
  await tx.execute(
    sql`update ${batchTransferRows} set status = v.status, transfer_id = v.transfer_id,
          idempotency_key = v.idempotency_key, fee = coalesce(v.fee, ${batchTransferRows.fee}),
          failure_reason = v.failure_reason, updated_at = now()
        from unnest(${column('id')}::integer[], ${column('status')}::varchar[],
          ${column('transferId')}::uuid[], ${column('idempotencyKey')}::varchar[],
          ${column('fee')}::numeric[], ${column('failureReason')}::varchar[])
          as v(id, status, transfer_id, idempotency_key, fee, failure_reason)
        where ${batchTransferRows.id} = v.id`,
  );
}

/**
 * Pays the rows in tx (see the comment above): the customer lock and limits, one ledger transfer
 * per row (pending until the submitter's second factor when `pending`), the rows' new state.
 */
export async function payRows(
  tx: Tx,
  input: {
    batch: BatchRow;
    account: AccountRow;
    rows: RowRecord[];
    maker: Maker;
    pending: boolean;
    approvedByUserId: number | null;
  },
): Promise<PaidBatch> {
  const { batch, account, rows, maker } = input;
  const type = batch.type as MassTransferType;
  // Limits are per customer: two payments must not both pass the same remaining limit (execute.ts).
  await tx.execute(sql`select id from customers where id = ${batch.customerId} for update`);
  await checkBatchLimits(
    tx,
    batch.customerId,
    account.currencyCode,
    rows.map((row) => new Money(row.amount ?? '0')),
  );

  const kind = MASS_TYPE_SINGLE_TRANSFER[type];
  const common = {
    customerId: batch.customerId,
    initiatedByUserId: maker.userId,
    approvedByUserId: input.approvedByUserId,
    status: input.pending ? ('pending' as const) : ('settled' as const),
  };
  const planned: Planned[] = [];
  const failures: { row: RowRecord; reason: string }[] = [];
  const touched = new Set<number>([account.id]);
  let posted: PostedInBatch[];
  if (type === 'p2p') {
    // Each row is quoted first: its payee's account is locked with the others before any posting.
    const reads = QuoteReads.batch(tx);
    for (const row of rows) {
      let quote: Quote;
      try {
        quote = await quoteOf(
          tx,
          batch.customerId,
          {
            kind: 'p2p',
            fromAccount: account.id,
            email: cell(row.fields, 'email'),
            amount: moneyText(row.amount ?? '0'),
            description: cell(row.fields, 'description') || undefined,
          },
          reads,
        );
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        failures.push({ row, reason: reasonOf(error) });
        continue;
      }
      touched.add(quote.to.id);
      planned.push({
        row,
        input: {
          ...common,
          kind: 'p2p',
          idempotencyKey: rowKey(batch.id, row.rowNumber),
          requestHash: rowRequestHash(batch.id, row.rowNumber),
          postings: await postingsOf(tx, quote, reads),
          amount: moneyText(quote.sourceAmount),
          currencyCode: account.currencyCode,
          fee: moneyText(quote.fee),
          details: {
            ...quote.details,
            payeeText: quote.payeeText,
            massBatchId: batch.id,
            massRow: row.rowNumber,
          },
        },
      });
    }
    posted = await postTransfers(
      tx,
      planned.map((entry) => entry.input),
    );
  } else {
    // Every row pays into the rail's clearing account: the accounts are known before any row is
    // built, so each row's transfer is built as the ledger stores the part before it.
    const clearing = await systemAccount(tx, 'clearing', account.currencyCode);
    const feeRevenue = await systemAccount(tx, 'feeRevenue', account.currencyCode);
    const railInput = (row: RowRecord): PostTransferInput => {
      const amount = new Money(row.amount ?? '0');
      const fee = new Money(row.fee ?? '0');
      // Each text once: a non-zero amount's moneyText is its toFixed.
      const amountText = moneyText(amount);
      const feeText = moneyText(fee);
      const payee = payeeOf(type, row.fields);
      const payeeText = payee.name ? `${payee.name} (${payee.shown})` : payee.shown;
      const postings: PostingInput[] = [
        { accountId: account.id, amount: amount.plus(fee).negated().toFixed() },
        { accountId: clearing.id, amount: amountText },
      ];
      if (fee.greaterThan(0)) postings.push({ accountId: feeRevenue.id, amount: feeText });
      return {
        ...common,
        kind,
        idempotencyKey: rowKey(batch.id, row.rowNumber),
        requestHash: rowRequestHash(batch.id, row.rowNumber),
        postings,
        amount: amountText,
        currencyCode: account.currencyCode,
        fee: feeText,
        // The shape of a single external transfer's details (transfers/external.ts quoteExternal).
        details: {
          fromAccount: account.id,
          toAccount: null,
          toAmount: amountText,
          toCurrency: account.currencyCode,
          rate: '1',
          fee: feeText,
          email: null,
          name: payee.name || null,
          description: cell(row.fields, 'description') || null,
          beneficiary: payeeText,
          payeeText,
          toOwnAccount: false,
          countryCode: cell(row.fields, 'countryCode').toUpperCase() || null,
          rail: {
            type: kind,
            scheme: cell(row.fields, 'scheme') || null,
            destination: payee.shown,
            bankCode: cell(row.fields, 'bankCode') || null,
            branchCode: cell(row.fields, 'branchCode') || null,
            swift: cell(row.fields, 'swift').toUpperCase() || null,
            network: cell(row.fields, 'network') || null,
            instantKeyType: cell(row.fields, 'instantKeyType') || null,
            securityQuestion: cell(row.fields, 'securityQuestion') || null,
            extraParams: [],
          },
          massBatchId: batch.id,
          massRow: row.rowNumber,
        },
      };
    };
    posted = await postTransferList(tx, {
      accountIds: [account.id, clearing.id, feeRevenue.id],
      keys: new Map([[batch.customerId, rows.map((row) => rowKey(batch.id, row.rowNumber))]]),
      inputs: (function* () {
        for (const row of rows) {
          const entry = { row, input: railInput(row) };
          planned.push(entry);
          yield entry.input;
        }
      })(),
    });
  }
  const paidStatus = input.pending ? 'pending' : rowStatusAfterPaying(type);
  await updateRows(tx, [
    ...planned.map((entry, index) => ({
      id: entry.row.id,
      status: paidStatus,
      transferId: posted[index]!.id,
      idempotencyKey: entry.input.idempotencyKey ?? null,
      fee: entry.input.fee ?? null,
      failureReason: null,
    })),
    ...failures.map(({ row, reason }) => ({
      id: row.id,
      status: 'failed',
      transferId: null,
      idempotencyKey: null,
      fee: null,
      failureReason: reason,
    })),
  ]);
  // The company's server hears of the payout in the same transaction (issue 18 webhooks, IPN).
  if (!input.pending && planned.length > 0) {
    const total = planned.reduce(
      (sum, entry) => sum.plus(new Money(entry.input.amount ?? '0')),
      new Money('0'),
    );
    await enqueueWebhookEvent(tx, {
      customerId: batch.customerId,
      type: 'payout.sent',
      data: {
        kind: 'massBatch',
        batchId: batch.id,
        batchName: batch.name,
        accountId: account.id,
        currency: account.currencyCode,
        total: moneyText(total),
        paid: planned.length,
        failed: failures.length,
        transactionIds: posted.map((transfer) => transfer.id),
      },
    });
  }
  return {
    accountIds: [...touched],
    anchorTransferId: posted[0]?.id ?? null,
    paidCount: planned.length,
    failedCount: failures.length,
  };
}

/** The batch's rows of some statuses, in file order. */
export async function rowsOf(
  tx: DbOrTx,
  batchId: number,
  statuses: string[],
): Promise<RowRecord[]> {
  return tx
    .select()
    .from(batchTransferRows)
    .where(and(eq(batchTransferRows.batchId, batchId), inArray(batchTransferRows.status, statuses)))
    .orderBy(asc(batchTransferRows.rowNumber));
}
