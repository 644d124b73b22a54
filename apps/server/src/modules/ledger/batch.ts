import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { RESPONSE_CODES } from '@ledgerline/domain';
import { anyOf, insertMany, insertTogether, runInTurn } from '../../db/bulk';
import type { Tx } from '../../db/client';
import { ledgerTransfers, postings } from '../../db/schema';
import { AppError } from '../../lib/errors';
import {
  checkLegs,
  firstOnAccountFlags,
  phaseRests,
  loadAccounts,
  parseLegs,
  netByAccount,
  reservationOf,
  transferRowOf,
  type CheckedLegs,
  type PostTransferInput,
  type TransferStatus,
} from './ledger';
import { Money } from './money';

/*
 * Many transfers in ONE transaction (issue 17: a mass-transfer batch of up to 10,000 rows). The
 * rules are postTransfer's, applied to the whole list at once: every transfer's postings sum to
 * zero per currency, every customer account is locked once (in id order) before anything is read,
 * a repeated idempotency key posts nothing new (the first transfer answers again), and the batch is
 * all-or-nothing: when the sum of what leaves an account would take it below its minimum, nothing
 * is posted. Transfers are checked and go in a thousand at a time, one statement a part (the
 * transfers and their postings, db/bulk.ts insertTogether), each part built while the database
 * stores the one before (db/bulk.ts runInTurn); a caller may build the
 * list itself as it goes (postTransferList). Each touched account's cached balance and pending
 * amount are written once, so the cost grows with the rows, not with round trips per row.
 */

const ACCOUNTS_PER_UPDATE = 2_000;
const KEYS_PER_LOOKUP = 5_000;
/** Transfers per part: small enough that checking and building one overlaps storing the last. */
const ROWS_PER_INSERT = 1_000;

export interface PostedInBatch {
  id: string;
  status: TransferStatus;
  /** True when an earlier transfer with the same idempotency key and request answered again. */
  replayed: boolean;
}

type Prepared = CheckedLegs & { input: PostTransferInput };

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < list.length; start += size) out.push(list.slice(start, start + size));
  return out;
}

function keyOf(customerId: number | null, key: string): string {
  return `${customerId ?? ''}\u0000${key}`;
}

/** A list's idempotency keys, by customer. */
export type KeysByCustomer = Map<number, string[]>;

function keysOf(inputs: readonly PostTransferInput[]): KeysByCustomer {
  const byCustomer: KeysByCustomer = new Map();
  for (const input of inputs) {
    if (input.idempotencyKey === undefined || input.customerId === null) continue;
    const keys = byCustomer.get(input.customerId) ?? [];
    keys.push(input.idempotencyKey);
    byCustomer.set(input.customerId, keys);
  }
  return byCustomer;
}

/** The earlier transfers of the keys in the list, by customer and key (after the account locks). */
async function earlierTransfers(tx: Tx, byCustomer: KeysByCustomer) {
  const found = new Map<string, { id: string; status: string; requestHash: string | null }>();
  for (const [customerId, keys] of byCustomer) {
    for (const part of chunks([...new Set(keys)], KEYS_PER_LOOKUP)) {
      const rows = await tx
        .select({
          id: ledgerTransfers.id,
          status: ledgerTransfers.status,
          key: ledgerTransfers.idempotencyKey,
          requestHash: ledgerTransfers.requestHash,
        })
        .from(ledgerTransfers)
        .where(
          and(
            eq(ledgerTransfers.customerId, customerId),
            anyOf(ledgerTransfers.idempotencyKey, part),
          ),
        );
      for (const row of rows) if (row.key !== null) found.set(keyOf(customerId, row.key), row);
    }
  }
  return found;
}

const reusedKey = () =>
  AppError.invalid(
    { idempotencyKey: 'validation.idempotencyKeyReused' },
    'This idempotency key was already used for a different request',
  );

/**
 * Posts every transfer of the list in the caller's transaction, or none: see the comment above.
 * Answers one entry per input, in order. Transfers whose key was used before (or earlier in the
 * list) with the same request hash answer that transfer; with another hash the whole call fails.
 */
export async function postTransfers(tx: Tx, inputs: PostTransferInput[]): Promise<PostedInBatch[]> {
  if (inputs.length === 0) return [];
  return postTransferList(tx, {
    accountIds: inputs.flatMap((input) => input.postings.map((posting) => posting.accountId)),
    keys: keysOf(inputs),
    inputs,
  });
}

/**
 * A list of transfers built as it is stored: a mass batch's rows become transfers a part at a
 * time, each part built while the database stores the one before. What must hold for the whole
 * list is given up front: every account a leg touches (all are locked, in id order, before the
 * first transfer is checked) and every idempotency key (earlier transfers are looked up once).
 */
export interface TransferList {
  accountIds: number[];
  keys: KeysByCustomer;
  inputs: Iterable<PostTransferInput>;
}

/** postTransfers for a list built as it is stored (see TransferList). */
export async function postTransferList(tx: Tx, list: TransferList): Promise<PostedInBatch[]> {
  const byId =
    list.accountIds.length > 0 ? await loadAccounts(tx, list.accountIds) : new Map<number, never>();
  const earlier = await earlierTransfers(tx, list.keys);
  const declared = new Set<string>();
  for (const [customerId, keys] of list.keys)
    for (const key of keys) declared.add(keyOf(customerId, key));

  const answers: (PostedInBatch | null)[] = [];
  /** The first transfer of each key in the list: its index and request hash. */
  const firstOfKey = new Map<string, { index: number; requestHash: string | null }>();
  const repeats: { index: number; key: string }[] = [];
  // What the list does to each account, summed as each part is built: settled legs move the
  // balance, pending ones reserve what leaves.
  const settledNet = new Map<number, Money>();
  const reserved = new Map<number, Money>();
  const addUp = (prepared: Prepared) => {
    if (prepared.input.status === 'settled') {
      // What settled legs do to an account is their sum: no transfer's net is needed.
      for (const leg of prepared.legs)
        settledNet.set(
          leg.accountId,
          settledNet.get(leg.accountId)?.plus(leg.amount) ?? leg.amount,
        );
      return;
    }
    // A pending transfer reserves what it takes out of each account, net of what it brings.
    for (const [accountId, net] of netByAccount(prepared.legs))
      reserved.set(accountId, (reserved.get(accountId) ?? new Money(0)).plus(reservationOf(net)));
  };
  /** Checks one input and answers what it posts; null when an earlier transfer answers it. */
  const prepare = (input: PostTransferInput, index: number): Prepared | null => {
    const parsed = parseLegs(input);
    for (const leg of parsed)
      if (!byId.has(leg.accountId))
        throw new Error(`ledger: account ${leg.accountId} was not in the list's accounts`);
    if (input.idempotencyKey !== undefined) {
      const key = keyOf(input.customerId, input.idempotencyKey);
      if (!declared.has(key))
        throw new Error(
          `ledger: idempotency key ${input.idempotencyKey} was not in the list's keys`,
        );
      const requestHash = input.requestHash ?? null;
      const before = earlier.get(key);
      if (before) {
        if (before.requestHash !== requestHash) throw reusedKey();
        answers[index] = {
          id: before.id,
          status: before.status as TransferStatus,
          replayed: true,
        };
        return null;
      }
      const first = firstOfKey.get(key);
      if (first !== undefined) {
        if (first.requestHash !== requestHash) throw reusedKey();
        // Filled in below once the first one has its id.
        repeats.push({ index, key });
        return null;
      }
      firstOfKey.set(key, { index, requestHash });
    }
    return { input, ...checkLegs(input, parsed, byId) };
  };

  const now = new Date();
  const transferRow = (index: number, prepared: Prepared) => {
    const id = randomUUID();
    answers[index] = { id, status: prepared.input.status, replayed: false };
    return transferRowOf(id, prepared, now);
  };
  const postingRows = (index: number, prepared: Prepared): (typeof postings.$inferInsert)[] => {
    const firsts = firstOnAccountFlags(prepared.legs);
    const rests = phaseRests(prepared.legs);
    return prepared.legs.map((leg, legIndex) => ({
      transferId: answers[index]!.id,
      accountId: leg.accountId,
      amount: leg.amount.toFixed(),
      currencyCode: leg.currencyCode,
      pending: prepared.input.status === 'pending',
      firstOnAccount: firsts[legIndex]!,
      phaseRest: rests[legIndex]!,
      createdAt: now,
    }));
  };
  // The list is checked and stored a part at a time: each part is built (by the caller's
  // iterable), checked and turned into statements while the database stores the part before
  // (db/bulk.ts runInTurn). A refusal, here or in the funds check below, fails the caller's
  // transaction, which takes back what was stored.
  let count = 0;
  await runInTurn(
    tx,
    (function* () {
      const iterator = list.inputs[Symbol.iterator]();
      for (let done = false; !done;) {
        const part: { index: number; prepared: Prepared }[] = [];
        while (part.length < ROWS_PER_INSERT) {
          const next = iterator.next();
          if (next.done) {
            done = true;
            break;
          }
          const index = count++;
          answers.push(null);
          const prepared = prepare(next.value, index);
          if (prepared) part.push({ index, prepared });
        }
        if (part.length === 0) continue;
        for (const { prepared } of part) addUp(prepared);
        // One statement a part: the next part is built while the database stores all of this one.
        const statement = insertTogether([
          {
            table: ledgerTransfers,
            rows: part.map(({ index, prepared }) => transferRow(index, prepared)),
          },
          {
            table: postings,
            rows: part.flatMap(({ index, prepared }) => postingRows(index, prepared)),
          },
        ]);
        if (statement) yield statement;
      }
    })(),
  );

  // What the whole list does to each customer account: checked against its minimum once.
  const updates: { id: number; balance: Money; pendingAmount: Money }[] = [];
  for (const accountId of new Set([...settledNet.keys(), ...reserved.keys()])) {
    const account = byId.get(accountId)!;
    if (account.customerId === null) continue;
    const net = settledNet.get(accountId) ?? new Money(0);
    const held = reserved.get(accountId) ?? new Money(0);
    const balance = new Money(account.balance).plus(net);
    const pendingAmount = new Money(account.pendingAmount).plus(held);
    // As postTransfer: only money leaving an account is checked.
    if (
      (net.isNegative() || held.isPositive()) &&
      balance.minus(pendingAmount).lessThan(account.accountBalanceMin)
    )
      throw new AppError(RESPONSE_CODES.invalidParameters, 'Insufficient funds', {
        validationErrors: { amount: 'validation.insufficientFunds' },
        extra: { accountId },
      });
    if (!net.isZero() || !held.isZero()) updates.push({ id: accountId, balance, pendingAmount });
  }
  await writeAccounts(tx, updates);

  // Repeats inside the list answer their first occurrence.
  for (const { index, key } of repeats)
    answers[index] = { ...answers[firstOfKey.get(key)!.index]!, replayed: true };
  return answers.map((answer) => answer!);
}

/** Locks the transfers (in id order) and answers those still pending. */
async function lockPending(tx: Tx, transferIds: string[]) {
  const ids = [...new Set(transferIds)].sort();
  const pending: (typeof ledgerTransfers.$inferSelect)[] = [];
  for (const part of chunks(ids, KEYS_PER_LOOKUP)) {
    const rows = await tx
      .select()
      .from(ledgerTransfers)
      .where(anyOf(ledgerTransfers.id, part))
      .orderBy(ledgerTransfers.id)
      .for('update');
    pending.push(...rows.filter((row) => row.status === 'pending'));
  }
  return pending;
}

/** The pending legs of the transfers, by transfer. */
async function pendingLegs(tx: Tx, transferIds: string[]) {
  const legs: {
    transferId: string;
    accountId: number;
    amount: Money;
    currencyCode: string;
    phaseRest: string;
  }[] = [];
  for (const part of chunks(transferIds, KEYS_PER_LOOKUP)) {
    const rows = await tx
      .select()
      .from(postings)
      .where(and(anyOf(postings.transferId, part), eq(postings.pending, true)));
    for (const row of rows)
      legs.push({
        transferId: row.transferId,
        accountId: row.accountId,
        amount: new Money(row.amount),
        currencyCode: row.currencyCode,
        phaseRest: row.phaseRest,
      });
  }
  return legs;
}

/** Writes each customer account's new balance and pending amount once (a VALUES list per chunk). */
async function writeAccounts(
  tx: Tx,
  updates: { id: number; balance: Money; pendingAmount: Money }[],
): Promise<void> {
  for (const part of chunks(updates, ACCOUNTS_PER_UPDATE)) {
    const values = sql.join(
      part.map(
        (update) =>
          sql`(${update.id}::integer, ${update.balance.toFixed()}::numeric, ${update.pendingAmount.toFixed()}::numeric)`,
      ),
      sql`, `,
    );
    await tx.execute(
      sql`update accounts set balance = v.balance, pending_amount = v.pending_amount
          from (values ${values}) as v(id, balance, pending_amount)
          where accounts.id = v.id`,
    );
  }
}

/** What releasing each transfer's reservation (and, when settling, moving its money) does to the accounts. */
async function releaseAndMove(
  tx: Tx,
  legs: { transferId: string; accountId: number; amount: Money }[],
  move: boolean,
): Promise<void> {
  const byTransfer = new Map<string, { accountId: number; amount: Money }[]>();
  for (const leg of legs) {
    const list = byTransfer.get(leg.transferId) ?? [];
    list.push(leg);
    byTransfer.set(leg.transferId, list);
  }
  const released = new Map<number, Money>();
  for (const list of byTransfer.values())
    for (const [accountId, net] of netByAccount(list))
      released.set(accountId, (released.get(accountId) ?? new Money(0)).plus(reservationOf(net)));
  const moved = move ? netByAccount(legs) : new Map<number, Money>();
  const byId = await loadAccounts(tx, [...new Set([...released.keys(), ...moved.keys()])]);
  const updates: { id: number; balance: Money; pendingAmount: Money }[] = [];
  for (const [accountId, account] of byId) {
    if (account.customerId === null) continue;
    updates.push({
      id: accountId,
      balance: new Money(account.balance).plus(moved.get(accountId) ?? 0),
      pendingAmount: new Money(account.pendingAmount).minus(released.get(accountId) ?? 0),
    });
  }
  await writeAccounts(tx, updates);
}

/**
 * settleTransfer for many pending transfers at once (a batch confirmed by its second factor):
 * each gets its settled legs and its reservation is released; the others (already settled or
 * rejected) are left as they are. Answers the ids it settled.
 */
export async function settleTransfers(
  tx: Tx,
  transferIds: string[],
  options: { approvedByUserId?: number | null } = {},
): Promise<string[]> {
  const pending = await lockPending(tx, transferIds);
  if (pending.length === 0) return [];
  const ids = pending.map((row) => row.id);
  const legs = await pendingLegs(tx, ids);
  const now = new Date();
  await insertMany(
    tx,
    postings,
    legs.map((leg) => ({
      transferId: leg.transferId,
      accountId: leg.accountId,
      amount: leg.amount.toFixed(),
      currencyCode: leg.currencyCode,
      pending: false,
      // The account already holds the transfer's pending legs (decision 122).
      firstOnAccount: false,
      // The settled phase's legs are the pending phase's, so their rests are too (decision 128).
      phaseRest: leg.phaseRest,
      createdAt: now,
    })),
  );
  await releaseAndMove(tx, legs, true);
  await tx
    .update(ledgerTransfers)
    .set({
      status: 'settled',
      settledAt: now,
      ...(options.approvedByUserId ? { approvedByUserId: options.approvedByUserId } : {}),
    })
    .where(anyOf(ledgerTransfers.id, ids));
  return ids;
}

/** rejectTransfer for many pending transfers at once: their reservations are released. Answers the ids it rejected. */
export async function rejectTransfers(
  tx: Tx,
  transferIds: string[],
  details: Record<string, unknown> = {},
): Promise<string[]> {
  const pending = await lockPending(tx, transferIds);
  if (pending.length === 0) return [];
  const ids = pending.map((row) => row.id);
  await releaseAndMove(tx, await pendingLegs(tx, ids), false);
  await tx
    .update(ledgerTransfers)
    .set({
      status: 'rejected',
      details: sql`${ledgerTransfers.details} || ${JSON.stringify(details)}::jsonb`,
    })
    .where(anyOf(ledgerTransfers.id, ids));
  return ids;
}
