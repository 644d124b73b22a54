import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { accounts, customers, ledgerTransfers, postings } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';
import { assertLedgerBalanced } from '../../../test/ledger';
import {
  CLOSED_STATUS,
  postTransfer,
  postTransferStatements,
  systemAccount,
  type PostTransferInput,
} from './ledger';
import { Money } from './money';

/*
 * Decision 107: postTransfer posts through the database function ledger_post in one statement;
 * postTransferStatements is the statement-by-statement path it replaced. Both get the same list
 * of requests (made by a seeded generator: settled and pending, within and beyond each account's
 * minimum, an overdraft, a closed account, an unknown one, postings that do not sum to zero or are
 * finer than their currency, JPY, repeated idempotency keys with the same and another request),
 * each on its own mirror of the same accounts, and must answer each the same and leave the same
 * balances, reservations, transfers and postings.
 */

let server: TestServer;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await assertLedgerBalanced(db());
  await server.close();
});

interface Book {
  customerId: number;
  /** The accounts by their place in the request list (the same place in each mirror). */
  ids: number[];
}

/** One mirror: a customer with EUR accounts (one with an overdraft, one closed) and JPY ones. */
async function openBook(): Promise<Book> {
  return db().transaction(async (tx) => {
    const [customer] = await tx
      .insert(customers)
      .values({ brandId: 'pebble', customerType: 0, firstName: 'Mirror', lastName: 'Ledger' })
      .returning({ id: customers.id });
    const customerId = customer!.id;
    const specs: { currency: string; opening: string; min?: string; closed?: boolean }[] = [
      { currency: 'EUR', opening: '100' },
      { currency: 'EUR', opening: '40' },
      { currency: 'EUR', opening: '0', min: '-25' },
      { currency: 'EUR', opening: '5', closed: true },
      { currency: 'JPY', opening: '5000' },
      { currency: 'JPY', opening: '0' },
    ];
    const ids: number[] = [];
    for (const spec of specs) {
      const [row] = await tx
        .insert(accounts)
        .values({
          customerId,
          type: 4002,
          currencyCode: spec.currency,
          accountBalanceMin: spec.min ?? '0',
        })
        .returning({ id: accounts.id });
      const opening = await systemAccount(tx, 'openingBalance', spec.currency);
      if (spec.opening !== '0')
        await postTransferStatements(tx, {
          kind: 'openingBalance',
          customerId,
          initiatedByUserId: null,
          status: 'settled',
          postings: [
            { accountId: opening.id, amount: `-${spec.opening}` },
            { accountId: row!.id, amount: spec.opening },
          ],
        });
      if (spec.closed)
        await tx
          .update(accounts)
          .set({ accountStatusId: CLOSED_STATUS })
          .where(eq(accounts.id, row!.id));
      ids.push(row!.id);
    }
    return { customerId, ids };
  });
}

/** Place numbers of the request list: 0–3 EUR, 4–5 JPY (see openBook), then the system accounts. */
const EUR = [0, 1, 2, 3];
const JPY = [4, 5];
const FEE_EUR = 6;
const UNKNOWN = 7;

interface Request {
  status: 'settled' | 'pending';
  legs: { place: number; amount: string }[];
  key?: string;
  /** Another request under an earlier key: refused. */
  hashSalt?: string;
}

/** A small deterministic generator (mulberry32), so a failure names its request. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function requests(count: number): Request[] {
  const next = random(107);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const out: Request[] = [];
  const keys: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const roll = next();
    const status = next() < 0.3 ? 'pending' : 'settled';
    if (roll < 0.25 && keys.length > 0) {
      // A retry: the same request under an earlier key, or another request under it.
      const key = pick(keys);
      const earlier = out.find((request) => request.key === key)!;
      out.push(next() < 0.5 ? { ...earlier } : { ...earlier, hashSalt: 'other' });
      continue;
    }
    const yen = roll < 0.4;
    const places = yen ? JPY : EUR;
    const from = pick(places);
    let to = pick(places);
    if (to === from) to = places[(places.indexOf(from) + 1) % places.length]!;
    const amount = yen
      ? pick(['1', '250', '999', '1.5', '7000'])
      : pick(['0.01', '1', '12.34', '39.99', '60', '0.005', '150.5']);
    const legs = [
      { place: from, amount: `-${amount}` },
      { place: to, amount },
    ];
    if (roll > 0.97) legs.push({ place: UNKNOWN, amount: '1' }, { place: from, amount: '-1' });
    else if (roll > 0.94) legs[1] = { place: to, amount: '0.5' };
    else if (!yen && roll > 0.8) {
      // A fee leg to the bank's revenue account: the customer pays the amount and the fee.
      legs[0] = { place: from, amount: new Money(amount).plus('0.5').negated().toFixed() };
      legs.push({ place: FEE_EUR, amount: '0.5' });
    }
    const request: Request = { status, legs };
    if (next() < 0.5) {
      request.key = `key-${index}`;
      keys.push(request.key);
    }
    out.push(request);
  }
  return out;
}

function inputOf(book: Book, system: number, request: Request): PostTransferInput {
  return {
    kind: 'mirror',
    customerId: book.customerId,
    initiatedByUserId: null,
    status: request.status,
    postings: request.legs.map((leg) => ({
      accountId:
        leg.place === FEE_EUR
          ? system
          : leg.place === UNKNOWN
            ? 2_000_000_000
            : book.ids[leg.place]!,
      amount: leg.amount,
    })),
    ...(request.key
      ? {
          idempotencyKey: request.key,
          requestHash: `hash-${request.key}-${request.hashSalt ?? ''}`,
        }
      : {}),
  };
}

/** What an answer says, with each account named by its place in the mirror. */
function outcomeOf(book: Book, system: number, answer: unknown): unknown {
  const place = (id: number) => (id === system ? 'fee' : book.ids.indexOf(id));
  if (answer instanceof Error) {
    const error = answer as Error & {
      code?: unknown;
      validationErrors?: unknown;
      extra?: { accountId?: number };
    };
    return {
      refused: error.message,
      code: error.code,
      validationErrors: error.validationErrors,
      account: error.extra?.accountId === undefined ? undefined : place(error.extra.accountId),
    };
  }
  const posted = answer as Awaited<ReturnType<typeof postTransfer>>;
  return {
    kind: posted.kind,
    status: posted.status,
    amount: posted.amount,
    currencyCode: posted.currencyCode,
    fee: posted.fee,
    replayed: posted.replayed,
    settled: posted.settledAt !== null,
    postings: posted.postings.map((posting) => ({
      ...posting,
      accountId: place(posting.accountId),
    })),
  };
}

async function stateOf(book: Book) {
  const rows = await db()
    .select()
    .from(accounts)
    .where(inArray(accounts.id, book.ids))
    .orderBy(asc(accounts.id));
  const transfers = await db()
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.customerId, book.customerId))
    .orderBy(asc(ledgerTransfers.createdAt), asc(ledgerTransfers.id));
  const legs = await db()
    .select()
    .from(postings)
    .where(
      inArray(
        postings.transferId,
        transfers.map((transfer) => transfer.id),
      ),
    )
    .orderBy(asc(postings.id));
  return {
    balances: rows.map((row) => [row.balance, row.pendingAmount]),
    transfers: transfers.map((transfer) => ({
      kind: transfer.kind,
      status: transfer.status,
      amount: transfer.amount,
      currencyCode: transfer.currencyCode,
      idempotencyKey: transfer.idempotencyKey,
      postings: legs
        .filter((leg) => leg.transferId === transfer.id)
        .map((leg) => [book.ids.indexOf(leg.accountId), leg.amount, leg.currencyCode, leg.pending]),
    })),
  };
}

describe('the ledger function and the statements it replaced', () => {
  it('answer the same requests the same and leave the same balances and postings', async () => {
    const fast = await openBook();
    const old = await openBook();
    const system = (await db().transaction((tx) => systemAccount(tx, 'feeRevenue', 'EUR'))).id;
    const list = requests(160);
    let refused = 0;
    let replayed = 0;
    for (const [index, request] of list.entries()) {
      const answers = [];
      for (const [book, post] of [
        [fast, postTransfer],
        [old, postTransferStatements],
      ] as const) {
        const answer = await db()
          .transaction((tx) => post(tx, inputOf(book, system, request)))
          .catch((error: unknown) => error);
        answers.push(outcomeOf(book, system, answer));
      }
      expect(answers[0], `request ${index}: ${JSON.stringify(request)}`).toEqual(answers[1]);
      const first = answers[0] as { refused?: string; replayed?: boolean };
      if (first.refused !== undefined) refused += 1;
      if (first.replayed) replayed += 1;
    }
    // The list reaches both kinds of answer, and retries.
    expect(refused).toBeGreaterThan(10);
    expect(replayed).toBeGreaterThan(3);
    expect(list.length - refused).toBeGreaterThan(30);
    expect(await stateOf(fast)).toEqual(await stateOf(old));
  }, 120_000);
});
