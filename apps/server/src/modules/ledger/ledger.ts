import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { CRYPTO_ASSETS, CURRENCIES, RESPONSE_CODES, minorUnits } from '@ledgerline/domain';
import { selectRows, type Tx } from '../../db/client';
import { accounts, auditLog, ledgerTransfers, postings } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { Money, moneyText, parseMoney, requireMinorUnits } from './money';

/*
 * The double-entry ledger (DESIGN.md "The ledger", STYLE.md "Money"). Every movement is one
 * ledger_transfers row and postings that sum to zero per currency. Customer accounts are locked
 * (SELECT … FOR UPDATE, in id order so two transfers never wait on each other in a cycle) and
 * their cached balance / pending_amount change in the same transaction as the postings. System
 * accounts (opening balance, fee revenue, FX, clearing) have no minimum and no cache: they are
 * never locked, so they do not serialise unrelated transfers.
 *
 * Lock order everywhere: a transfer row (settle, reject, reverse) before account rows.
 */

/** suspense: money that arrived for no customer we can name (an unknown or mismatched funding reference). */
export const SYSTEM_ROLES = [
  'openingBalance',
  'feeRevenue',
  'fx',
  'clearing',
  'suspense',
  // Card payments the acquiring simulator approved on hosted pay pages (issue 18 "card").
  'cardAcquiring',
] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];
export type TransferStatus = 'pending' | 'settled' | 'reversed' | 'rejected';

/** Account status and type ids that refuse any posting (spec 2 §3: 11 closed; status 4 closed/canceled). */
export const CLOSED_TYPE = 11;
export const CLOSED_STATUS = 4;
/** System accounts have no customer-facing type. */
const SYSTEM_ACCOUNT_TYPE = 0;

export interface PostingInput {
  accountId: number;
  /** Signed decimal string: negative takes money out of the account. */
  amount: string;
}

export interface PostTransferInput {
  kind: string;
  /** The customer the transfer is made for; needed with an idempotency key. */
  customerId: number | null;
  initiatedByUserId: number | null;
  approvedByUserId?: number | null;
  /** Created by the client before it submits and reused on retry (STYLE.md "Money"). */
  idempotencyKey?: string;
  /** Hash of the request (see hashRequest); the same key with another request is refused. */
  requestHash?: string;
  postings: PostingInput[];
  /** 'pending' reserves the money of the accounts it takes from; 'settled' moves it now. */
  status: 'pending' | 'settled';
  /** The transfer's headline amount and currency; by default the sum of the credits in the first posting's currency. */
  amount?: string;
  currencyCode?: string;
  fee?: string;
  details?: Record<string, unknown>;
  reversesTransferId?: string;
  /** The new transfer's id, when the caller needs it before posting (a stored answer naming it). */
  id?: string;
  /** An audit row written with the transfer (not on a replay). */
  audit?: LedgerAudit;
}

/** The audit row of a posting (modules/audit's entry, written by the ledger in the same statement). */
export interface LedgerAudit {
  action: string;
  userId: number | null;
  customerId: number | null;
  ip: string | null;
  details: Record<string, unknown>;
}

export interface PostedPosting {
  accountId: number;
  amount: string;
  currencyCode: string;
  pending: boolean;
}

export interface PostedTransfer {
  id: string;
  customerId: number | null;
  kind: string;
  status: TransferStatus;
  amount: string;
  currencyCode: string;
  fee: string;
  details: Record<string, unknown>;
  createdAt: Date;
  settledAt: Date | null;
  /** True when an earlier transfer with the same idempotency key and request was answered again. */
  replayed: boolean;
  postings: PostedPosting[];
}

export type AccountRow = typeof accounts.$inferSelect;
type TransferRow = typeof ledgerTransfers.$inferSelect;

/** SHA-256 of a request with its keys sorted, so the same request always hashes the same. */
export function hashRequest(request: unknown): string {
  return sha256(JSON.stringify(canonical(request)));
}

/**
 * A copy of the value with every object's keys in sorted order and undefined entries left out
 * (JSON.stringify then writes it the same way every time). Written with plain loops: a mass batch
 * hashes every row of 10,000 (its payee hash, each row's request).
 */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(source).sort()) {
    const entry = source[key];
    if (entry !== undefined) sorted[key] = canonical(entry);
  }
  return sorted;
}

export function ledgerError(description: string, field = 'amount'): AppError {
  return AppError.invalid({ [field]: description }, description);
}

/** The system account of a role in a currency, created on first use (safe under races). */
export async function systemAccount(
  tx: Tx,
  role: SystemRole,
  currencyCode: string,
): Promise<AccountRow> {
  const find = async () =>
    (
      await tx
        .select()
        .from(accounts)
        .where(and(eq(accounts.systemRole, role), eq(accounts.currencyCode, currencyCode)))
    )[0];
  const existing = await find();
  if (existing) return existing;
  await tx
    .insert(accounts)
    .values({
      systemRole: role,
      currencyCode,
      type: SYSTEM_ACCOUNT_TYPE,
      subType: 'DEBIT',
      accountStatusId: 2,
      customerId: null,
    })
    .onConflictDoNothing();
  const created = await find();
  if (!created) throw new Error(`ledger: could not create the ${role} account in ${currencyCode}`);
  return created;
}

/** Locks the customer accounts among ids (in id order) and reads the system ones; every id must exist. */
export async function loadAccounts(tx: Tx, ids: number[]): Promise<Map<number, AccountRow>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const locked = await tx
    .select()
    .from(accounts)
    .where(and(inArray(accounts.id, unique), isNotNull(accounts.customerId)))
    .orderBy(asc(accounts.id))
    .for('update');
  const system = await tx
    .select()
    .from(accounts)
    .where(and(inArray(accounts.id, unique), isNull(accounts.customerId)));
  const byId = new Map<number, AccountRow>([...locked, ...system].map((row) => [row.id, row]));
  for (const id of unique) if (!byId.has(id)) throw AppError.notFound('Account not found');
  return byId;
}

/** Net amount per account of a list of postings. */
export function netByAccount(list: { accountId: number; amount: Money }[]): Map<number, Money> {
  const net = new Map<number, Money>();
  for (const posting of list)
    net.set(posting.accountId, (net.get(posting.accountId) ?? new Money(0)).plus(posting.amount));
  return net;
}

/**
 * Marks each leg of a NEW transfer that is the transfer's first posting on its account (decision
 * 122): history lists one item per transfer and account, on that posting, without looking for an
 * earlier one. Legs go in in this order, so the first leg of each account gets the lowest id.
 * Postings added later to an existing transfer (settled legs) are never first: the account already
 * has the transfer's pending legs.
 */
export function firstOnAccountFlags(legs: readonly { accountId: number }[]): boolean[] {
  const seen = new Set<number>();
  return legs.map(({ accountId }) => {
    if (seen.has(accountId)) return false;
    seen.add(accountId);
    return true;
  });
}

/**
 * Each leg's phase rest (decision 128): the sum of the other legs of the same new phase on its
 * account (every leg of a call has one pending flag), so a leg's amount plus its rest is the
 * account's net of the phase, which history shows without summing the postings again. Zero
 * unless two legs share an account.
 */
export function phaseRests(legs: readonly { accountId: number; amount: Money }[]): string[] {
  // The usual case, every leg on its own account, without decimal sums (a mass batch's rows).
  if (new Set(legs.map((leg) => leg.accountId)).size === legs.length) return legs.map(() => '0');
  const net = netByAccount([...legs]);
  return legs.map((leg) => net.get(leg.accountId)!.minus(leg.amount).toFixed());
}

/** What a pending transfer holds back from an account: the money it takes out, never what it brings. */
export function reservationOf(net: Money): Money {
  return net.isNegative() ? net.negated() : new Money(0);
}

function toPosted(
  transfer: TransferRow,
  rows: (typeof postings.$inferSelect)[],
  replayed: boolean,
): PostedTransfer {
  return {
    id: transfer.id,
    customerId: transfer.customerId,
    kind: transfer.kind,
    status: transfer.status as TransferStatus,
    amount: moneyText(transfer.amount),
    currencyCode: transfer.currencyCode,
    fee: moneyText(transfer.fee),
    details: transfer.details,
    createdAt: transfer.createdAt,
    settledAt: transfer.settledAt,
    replayed,
    postings: rows.map((row) => ({
      accountId: row.accountId,
      amount: moneyText(row.amount),
      currencyCode: row.currencyCode,
      pending: row.pending,
    })),
  };
}

async function loadTransfer(tx: Tx, id: string, replayed: boolean): Promise<PostedTransfer> {
  const [transfer] = await tx.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, id));
  if (!transfer) throw AppError.notFound('Transfer not found');
  const rows = await tx
    .select()
    .from(postings)
    .where(eq(postings.transferId, id))
    .orderBy(asc(postings.id));
  return toPosted(transfer, rows, replayed);
}

/** Looks the transfer up by the transfer id or throws not found; locks its row. */
async function lockTransfer(tx: Tx, id: string): Promise<TransferRow> {
  const [transfer] = await tx
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.id, id))
    .for('update');
  if (!transfer) throw AppError.notFound('Transfer not found');
  return transfer;
}

/**
 * A transfer's postings as amounts, with the checks every way of posting makes first: at least two
 * postings, an idempotency key only with a customer, decimals of at most 8 places, none zero.
 */
export function parseLegs(input: PostTransferInput): { accountId: number; amount: Money }[] {
  if (input.postings.length < 2)
    throw ledgerError('A transfer needs at least two postings', 'postings');
  if (input.idempotencyKey !== undefined && input.customerId === null)
    throw new Error('ledger: an idempotency key needs a customer');
  return input.postings.map((posting) => {
    let amount: Money;
    try {
      amount = parseMoney(posting.amount);
    } catch {
      throw ledgerError('Amounts are decimals with at most 8 decimal places');
    }
    if (amount.isZero()) throw ledgerError('A posting amount cannot be zero');
    return { accountId: posting.accountId, amount };
  });
}

/** A transfer's legs, each with its account's currency, and its headline amount and currency. */
export interface CheckedLegs {
  legs: { accountId: number; amount: Money; currencyCode: string }[];
  amount: string;
  currencyCode: string;
}

/**
 * Checks a transfer's parsed legs against their (locked) accounts as every posting path does: no
 * closed customer account, postings summing to zero per currency, nothing finer than its currency.
 */
export function checkLegs(
  input: PostTransferInput,
  parsed: { accountId: number; amount: Money }[],
  byId: Map<number, AccountRow>,
): CheckedLegs {
  const sums = new Map<string, Money>();
  const legs = parsed.map((posting) => {
    const account = byId.get(posting.accountId)!;
    // A closed account (or canceled card) takes no postings: move its money before closing it.
    if (
      account.customerId !== null &&
      (account.type === CLOSED_TYPE || account.accountStatusId === CLOSED_STATUS)
    ) {
      throw new AppError(RESPONSE_CODES.closedAccount, 'The account is closed');
    }
    sums.set(
      account.currencyCode,
      (sums.get(account.currencyCode) ?? new Money(0)).plus(posting.amount),
    );
    return { ...posting, currencyCode: account.currencyCode };
  });
  for (const [currency, sum] of sums) {
    if (!sum.isZero())
      throw new Error(`ledger: postings in ${currency} sum to ${sum.toFixed()}, not zero`);
  }
  // The last line of defence: no posting finer than its currency is paid in (issue 12).
  for (const leg of legs) requireMinorUnits(leg.amount, leg.currencyCode, 'amount');
  const currencyCode = input.currencyCode ?? legs[0]!.currencyCode;
  const amount =
    input.amount ??
    moneyText(
      legs
        .filter((leg) => leg.currencyCode === currencyCode && leg.amount.isPositive())
        .reduce((sum, leg) => sum.plus(leg.amount), new Money(0)),
    );
  return { legs, amount, currencyCode };
}

/** The ledger_transfers row of a checked input, as the single and the batch path write it. */
export function transferRowOf(
  id: string,
  {
    input,
    amount,
    currencyCode,
  }: Pick<CheckedLegs, 'amount' | 'currencyCode'> & {
    input: PostTransferInput;
  },
  now: Date,
) {
  return {
    id,
    customerId: input.customerId,
    idempotencyKey: input.idempotencyKey ?? null,
    requestHash: input.requestHash ?? null,
    kind: input.kind,
    status: input.status,
    amount,
    currencyCode,
    fee: input.fee ?? '0',
    initiatedByUserId: input.initiatedByUserId,
    approvedByUserId: input.approvedByUserId ?? null,
    reversesTransferId: input.reversesTransferId ?? null,
    details: input.details ?? {},
    createdAt: now,
    settledAt: input.status === 'pending' ? null : now,
  };
}

/**
 * Records a transfer: validates that postings sum to zero per currency, locks the customer
 * accounts, refuses one that would end below its accountBalanceMin (after reservations), inserts
 * the transfer and its postings and updates the cached balance (settled) or pending_amount
 * (pending) in the caller's transaction. With an idempotency key, a retry of the same request
 * answers the first transfer; the same key with a different request is refused (TA1).
 *
 * The statement-by-statement reference of postTransfer (before decision 107): postTransfer does
 * the same in one call of the database's ledger_post, and a test runs both on the same requests.
 */
export async function postTransferStatements(
  tx: Tx,
  input: PostTransferInput,
): Promise<PostedTransfer> {
  const parsed = parseLegs(input);

  const byId = await loadAccounts(
    tx,
    parsed.map((posting) => posting.accountId),
  );

  // After the locks: a retry racing its first attempt waits on the same rows and then sees it.
  if (input.idempotencyKey !== undefined && input.customerId !== null) {
    const [earlier] = await tx
      .select()
      .from(ledgerTransfers)
      .where(
        and(
          eq(ledgerTransfers.customerId, input.customerId),
          eq(ledgerTransfers.idempotencyKey, input.idempotencyKey),
        ),
      );
    if (earlier) {
      if (earlier.requestHash !== (input.requestHash ?? null)) {
        throw AppError.invalid(
          { idempotencyKey: 'validation.idempotencyKeyReused' },
          'This idempotency key was already used for a different request',
        );
      }
      return loadTransfer(tx, earlier.id, true);
    }
  }

  const { legs: withCurrency, amount, currencyCode } = checkLegs(input, parsed, byId);

  const pending = input.status === 'pending';
  const updates: { id: number; balance: Money; pendingAmount: Money }[] = [];
  for (const [accountId, net] of netByAccount(withCurrency)) {
    const account = byId.get(accountId)!;
    if (account.customerId === null) continue;
    const balance = new Money(account.balance).plus(pending ? 0 : net);
    const pendingAmount = new Money(account.pendingAmount).plus(pending ? reservationOf(net) : 0);
    // Only money leaving an account is checked: a credit never makes a customer worse off.
    if (net.isNegative() && balance.minus(pendingAmount).lessThan(account.accountBalanceMin)) {
      throw new AppError(RESPONSE_CODES.invalidParameters, 'Insufficient funds', {
        validationErrors: { amount: 'validation.insufficientFunds' },
        extra: { accountId },
      });
    }
    updates.push({ id: accountId, balance, pendingAmount });
  }

  const id = input.id ?? randomUUID();
  const now = new Date();
  await tx.insert(ledgerTransfers).values(transferRowOf(id, { input, amount, currencyCode }, now));
  const firsts = firstOnAccountFlags(withCurrency);
  const rests = phaseRests(withCurrency);
  await tx.insert(postings).values(
    withCurrency.map((posting, index) => ({
      transferId: id,
      accountId: posting.accountId,
      amount: posting.amount.toFixed(),
      currencyCode: posting.currencyCode,
      pending,
      firstOnAccount: firsts[index]!,
      phaseRest: rests[index]!,
    })),
  );
  for (const update of updates) {
    await tx
      .update(accounts)
      .set({ balance: update.balance.toFixed(), pendingAmount: update.pendingAmount.toFixed() })
      .where(eq(accounts.id, update.id));
  }
  if (input.audit) await tx.insert(auditLog).values(input.audit);
  return loadTransfer(tx, id, false);
}

/**
 * Every currency whose minor unit is not 2 (JPY 0, crypto assets 8…), for ledger_post's check of
 * minor units: the same answers as minorUnits(), which the database cannot call.
 */
const MINOR_UNITS: string = JSON.stringify(
  Object.fromEntries(
    [
      ...new Set([
        ...Intl.supportedValuesOf('currency'),
        ...CURRENCIES.map((currency) => currency.code),
        ...CRYPTO_ASSETS,
      ]),
    ]
      .map((code) => [code, minorUnits(code)] as const)
      .filter(([, decimals]) => decimals !== 2),
  ),
);

/** ledger_post's JSON answer: a PostedTransfer whose times are still text. */
interface LedgerPostAnswer {
  replayed: boolean;
  transfer: Omit<PostedTransfer, 'createdAt' | 'settledAt' | 'replayed' | 'postings'> & {
    createdAt: string;
    settledAt: string | null;
  };
  postings: PostedPosting[];
}

/** The facts a refusal of ledger_post carries in its DETAIL (JSON). */
function refusalDetail(error: { detail?: unknown }): Record<string, unknown> {
  try {
    return typeof error.detail === 'string'
      ? (JSON.parse(error.detail) as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The database error under a driver's wrapping (drizzle wraps it as `cause`), when it is ledger_post's refusal. */
function ledgerRefusal(error: unknown): { code: string; detail?: unknown } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('LL'))
      return current as { code: string; detail?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** ledger_post's refusal as the error postTransferStatements throws for the same request. */
function refusalError(refusal: { code: string; detail?: unknown }): Error {
  const detail = refusalDetail(refusal);
  switch (refusal.code) {
    case 'LL404':
      return AppError.notFound('Account not found');
    case 'LL409':
      return AppError.invalid(
        { idempotencyKey: 'validation.idempotencyKeyReused' },
        'This idempotency key was already used for a different request',
      );
    case 'LL423':
      return new AppError(RESPONSE_CODES.closedAccount, 'The account is closed');
    case 'LL400':
      return new Error(
        `ledger: postings in ${String(detail.currency)} sum to ${new Money(String(detail.sum)).toFixed()}, not zero`,
      );
    case 'LL401':
      try {
        requireMinorUnits(String(detail.amount), String(detail.currency), 'amount');
      } catch (error) {
        return error as Error;
      }
      return new Error('ledger: ledger_post refused the minor units of an amount');
    case 'LL402':
      return new AppError(RESPONSE_CODES.invalidParameters, 'Insufficient funds', {
        validationErrors: { amount: 'validation.insufficientFunds' },
        extra: { accountId: Number(detail.accountId) },
      });
    default:
      return new Error(`ledger: ledger_post refused with ${refusal.code}`);
  }
}

/**
 * Records a transfer (decision 107): the same rules as postTransferStatements, checked and written
 * by one call of the database function ledger_post (migration 0030): postings that sum to zero
 * per currency, the customer accounts locked in id order, a closed account or one that would end
 * below its accountBalanceMin (after reservations) refused, the transfer, its postings, the cached
 * balance (settled) or pending_amount (pending) and the optional audit row written in the caller's
 * transaction. With an idempotency key, a retry of the same request answers the first transfer;
 * the same key with a different request is refused (TA1). A refusal writes nothing.
 */
export async function postTransfer(
  tx: Tx,
  input: PostTransferInput,
  options: {
    /**
     * An expression evaluated in the same statement, such as the AccountChanged notices the
     * COMMIT then sends (transfers/events.ts `accountChangesSql`): one round trip fewer.
     */
    alongside?: SQL;
  } = {},
): Promise<PostedTransfer> {
  const legs = parseLegs(input).map(({ accountId, amount }) => ({
    a: accountId,
    m: amount.toFixed(),
  }));
  const request = {
    id: input.id ?? randomUUID(),
    customerId: input.customerId,
    idempotencyKey: input.idempotencyKey ?? null,
    requestHash: input.requestHash ?? null,
    kind: input.kind,
    status: input.status,
    amount: input.amount ?? null,
    currencyCode: input.currencyCode ?? null,
    fee: input.fee ?? '0',
    initiatedByUserId: input.initiatedByUserId,
    approvedByUserId: input.approvedByUserId ?? null,
    reversesTransferId: input.reversesTransferId ?? null,
    details: input.details ?? {},
    postings: legs,
    ...(input.audit ? { audit: input.audit } : {}),
  };
  let answer: LedgerPostAnswer;
  try {
    const [row] = await selectRows<{ answer: LedgerPostAnswer }>(
      tx,
      sql`select ledger_post(${JSON.stringify(request)}::jsonb, ${MINOR_UNITS}::jsonb) as answer${
        options.alongside ? sql`, ${options.alongside} as alongside` : sql``
      }`,
    );
    answer = row!.answer;
  } catch (error) {
    const refusal = ledgerRefusal(error);
    if (refusal) throw refusalError(refusal);
    throw error;
  }
  const { transfer } = answer;
  return {
    id: transfer.id,
    customerId: transfer.customerId,
    kind: transfer.kind,
    status: transfer.status,
    amount: moneyText(transfer.amount),
    currencyCode: transfer.currencyCode,
    fee: moneyText(transfer.fee),
    details: transfer.details,
    createdAt: new Date(transfer.createdAt),
    settledAt: transfer.settledAt === null ? null : new Date(transfer.settledAt),
    replayed: answer.replayed,
    postings: answer.postings.map((posting) => ({
      accountId: posting.accountId,
      amount: moneyText(posting.amount),
      currencyCode: posting.currencyCode,
      pending: posting.pending,
    })),
  };
}

/** Moves a pending transfer's reserved money: adds its settled postings and releases the reservation. Settling twice answers the same. */
export async function settleTransfer(
  tx: Tx,
  transferId: string,
  options: { approvedByUserId?: number | null } = {},
): Promise<PostedTransfer> {
  const transfer = await lockTransfer(tx, transferId);
  if (transfer.status === 'settled') return loadTransfer(tx, transferId, true);
  if (transfer.status !== 'pending')
    throw ledgerError(`A ${transfer.status} transfer cannot be settled`, 'transferId');
  const legs = (
    await tx
      .select()
      .from(postings)
      .where(and(eq(postings.transferId, transferId), eq(postings.pending, true)))
  ).map((row) => ({
    accountId: row.accountId,
    amount: new Money(row.amount),
    currencyCode: row.currencyCode,
    phaseRest: row.phaseRest,
  }));
  const byId = await loadAccounts(
    tx,
    legs.map((leg) => leg.accountId),
  );
  await tx.insert(postings).values(
    legs.map((leg) => ({
      transferId,
      accountId: leg.accountId,
      amount: leg.amount.toFixed(),
      currencyCode: leg.currencyCode,
      pending: false,
      // The account already holds the transfer's pending legs (decision 122).
      firstOnAccount: false,
      // The settled phase's legs are the pending phase's, so their rests are too (decision 128).
      phaseRest: leg.phaseRest,
    })),
  );
  for (const [accountId, net] of netByAccount(legs)) {
    const account = byId.get(accountId)!;
    if (account.customerId === null) continue;
    await tx
      .update(accounts)
      .set({
        balance: new Money(account.balance).plus(net).toFixed(),
        pendingAmount: new Money(account.pendingAmount).minus(reservationOf(net)).toFixed(),
      })
      .where(eq(accounts.id, accountId));
  }
  await tx
    .update(ledgerTransfers)
    .set({
      status: 'settled',
      settledAt: new Date(),
      ...(options.approvedByUserId ? { approvedByUserId: options.approvedByUserId } : {}),
    })
    .where(eq(ledgerTransfers.id, transferId));
  return loadTransfer(tx, transferId, false);
}

/** A pending transfer that will not happen (refused by a rail, declined, cancelled): releases its reservation. */
export async function rejectTransfer(
  tx: Tx,
  transferId: string,
  details: Record<string, unknown> = {},
): Promise<PostedTransfer> {
  const transfer = await lockTransfer(tx, transferId);
  if (transfer.status === 'rejected') return loadTransfer(tx, transferId, true);
  if (transfer.status !== 'pending')
    throw ledgerError(`A ${transfer.status} transfer cannot be rejected`, 'transferId');
  const legs = (
    await tx
      .select()
      .from(postings)
      .where(and(eq(postings.transferId, transferId), eq(postings.pending, true)))
  ).map((row) => ({
    accountId: row.accountId,
    amount: new Money(row.amount),
  }));
  const byId = await loadAccounts(
    tx,
    legs.map((leg) => leg.accountId),
  );
  for (const [accountId, net] of netByAccount(legs)) {
    const account = byId.get(accountId)!;
    if (account.customerId === null) continue;
    await tx
      .update(accounts)
      .set({ pendingAmount: new Money(account.pendingAmount).minus(reservationOf(net)).toFixed() })
      .where(eq(accounts.id, accountId));
  }
  await tx
    .update(ledgerTransfers)
    .set({ status: 'rejected', details: { ...transfer.details, ...details } })
    .where(eq(ledgerTransfers.id, transferId));
  return loadTransfer(tx, transferId, false);
}

/**
 * Undoes a settled transfer with a new settled transfer of opposite postings (rows are never
 * edited); the original becomes 'reversed'. The reversal is refused like any transfer when it
 * would take a customer account below its minimum.
 */
export async function reverseTransfer(
  tx: Tx,
  transferId: string,
  options: { initiatedByUserId: number | null; kind?: string; details?: Record<string, unknown> },
): Promise<PostedTransfer> {
  const transfer = await lockTransfer(tx, transferId);
  if (transfer.status !== 'settled')
    throw ledgerError(`A ${transfer.status} transfer cannot be reversed`, 'transferId');
  const legs = await tx
    .select()
    .from(postings)
    .where(and(eq(postings.transferId, transferId), eq(postings.pending, false)));
  const reversal = await postTransfer(tx, {
    kind: options.kind ?? 'reversal',
    customerId: transfer.customerId,
    initiatedByUserId: options.initiatedByUserId,
    status: 'settled',
    amount: moneyText(transfer.amount),
    currencyCode: transfer.currencyCode,
    postings: legs.map((leg) => ({
      accountId: leg.accountId,
      amount: new Money(leg.amount).negated().toFixed(),
    })),
    details: { ...options.details, reverses: transferId },
    reversesTransferId: transferId,
  });
  await tx
    .update(ledgerTransfers)
    .set({ status: 'reversed' })
    .where(eq(ledgerTransfers.id, transferId));
  return reversal;
}
