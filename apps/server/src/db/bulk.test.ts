import { asc, gt, lte, sql } from 'drizzle-orm';
import { boolean, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helper';
import { insertMany, insertStatements, runInTurn } from './bulk';
import { selectRows } from './client';
import { auditLog } from './schema';

/*
 * runInTurn runs statements one after another while the next is being built (decision 113): on
 * both drivers, every statement runs, in order, and a failure stops the rest.
 */

let server: TestServer;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  await db().execute(sql`create table bulk_turns (n integer primary key, label text)`);
  await db().execute(
    sql`create table bulk_mixed (id integer primary key, label text, amount numeric(30, 8),
        at timestamp with time zone, flag boolean, details jsonb)`,
  );
});
afterAll(async () => {
  await server.close();
});

const labels = async () =>
  (
    await selectRows<{ n: number; label: string | null }>(
      db(),
      sql`select n, label from bulk_turns order by n`,
    )
  ).map((row) => `${row.n}:${row.label}`);

describe('runInTurn', () => {
  it('runs every statement in order', async () => {
    const statements = function* () {
      for (let n = 1; n <= 3; n++) {
        yield sql`insert into bulk_turns (n, label) values (${n}, 'first')`;
      }
      // Runs after the inserts, or it would change nothing.
      yield sql`update bulk_turns set label = 'second' where n = 2`;
    };
    await db().transaction((tx) => runInTurn(tx, statements()));
    expect(await labels()).toEqual(['1:first', '2:second', '3:first']);
  });

  it('stops at a failing statement: its error is the answer and the statements after it never run', async () => {
    await db().execute(sql`delete from bulk_turns`);
    const run = runInTurn(db(), [
      sql`insert into bulk_turns (n, label) values (10, 'kept')`,
      sql`insert into bulk_turns (n, label) values (10, 'twice')`,
      sql`insert into bulk_turns (n, label) values (11, 'never')`,
    ]);
    // The second insert's own error: a unique violation (drizzle wraps it with the query).
    await expect(run).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(await labels()).toEqual(['10:kept']);
  });

  it('answers with the failed statement when it fails while the next is still being read for', async () => {
    await db().execute(sql`delete from bulk_turns`);
    const run = db().transaction((tx) =>
      runInTurn(
        tx,
        (async function* () {
          yield sql`insert into bulk_turns (n, label) values (20, 'one'), (20, 'twice')`;
          // Waits behind the failing insert, so the failure arrives during this read.
          await selectRows(tx, sql`select count(*) from bulk_turns`);
          yield sql`insert into bulk_turns (n, label) values (21, 'never')`;
        })(),
      ),
    );
    await expect(run).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(await labels()).toEqual([]);
  });

  it('stores a list in parts exactly as one insert would, and none of it when the transaction fails', async () => {
    const rows = Array.from({ length: 2_500 }, (_, index) => ({
      action: `bulk.test.${index % 3}`,
      details: { index, text: index % 2 ? 'tab\there' : null },
    }));
    const parts = [...insertStatements(auditLog, rows, 1_000)];
    expect(parts).toHaveLength(3);
    const before = await auditCount();
    await db().transaction((tx) => runInTurn(tx, parts));
    expect(await auditCount()).toBe(before + 2_500);
    const stored = await selectRows<{ details: { index: number; text: string | null } }>(
      db(),
      sql`select details from audit_log where action like 'bulk.test.%' order by (details->>'index')::int`,
    );
    expect(stored.map((row) => row.details)).toEqual(rows.map((row) => row.details));

    const again = db().transaction(async (tx) => {
      await runInTurn(tx, insertStatements(auditLog, rows, 1_000));
      throw new Error('the caller gives up');
    });
    await expect(again).rejects.toThrow('the caller gives up');
    expect(await auditCount()).toBe(before + 2_500);
  });
});

async function auditCount(): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db(),
    sql`select count(*)::int as count from audit_log where action like 'bulk.test.%'`,
  );
  return Number(row!.count);
}

const mixed = pgTable('bulk_mixed', {
  id: integer('id').primaryKey(),
  label: text('label'),
  amount: numeric('amount', { precision: 30, scale: 8 }),
  at: timestamp('at', { withTimezone: true }),
  flag: boolean('flag'),
  details: jsonb('details').$type<unknown>(),
});

describe('insertMany', () => {
  it('stores every value exactly as drizzle’s own insert does', async () => {
    const labels = [
      '',
      'null',
      'quote " and \\ backslash',
      "it's",
      'tab\there\nnew line\r',
      'Zoë “Ω” 😀 עברית',
      '\\u0041 written out',
      '{"looks":"like json"}',
      '  spaces  ',
      'x'.repeat(3_000),
    ];
    const amounts = ['0', '-0.00000001', '12345678901234567890.12345678', '1.5', '100'];
    const details: unknown[] = [
      { nested: { list: [1, 'two', null, true, { deep: [] }] } },
      { big: 1e21, small: 1e-7, negativeZero: -0, fraction: 0.1, safe: 2 ** 53 - 1 },
      { ключ: 'значение', 'key with "quotes"': 'a\\b', emoji: '😀' },
      [],
      'just a string',
      42,
      null,
    ];
    const rows = Array.from({ length: 70 }, (_, index) => ({
      label: index % 11 === 10 ? null : labels[index % labels.length]!,
      amount: index % 13 === 12 ? null : amounts[index % amounts.length]!,
      at: index % 7 === 6 ? null : new Date(Date.UTC(2026, 0, 1, 0, 0, index, index)),
      flag: index % 3 === 2 ? null : index % 2 === 0,
      details: details[index % details.length],
    }));
    await insertMany(
      db(),
      mixed,
      rows.map((row, index) => ({ id: index + 1, ...row })),
    );
    await db()
      .insert(mixed)
      .values(rows.map((row, index) => ({ id: 1_000 + index, ...row })));
    const read = (ours: boolean) =>
      db()
        .select()
        .from(mixed)
        .where(ours ? lte(mixed.id, 999) : gt(mixed.id, 999))
        .orderBy(asc(mixed.id));
    const strip = (list: (typeof mixed.$inferSelect)[]) => list.map(({ id: _id, ...rest }) => rest);
    const [bulk, drizzle] = [strip(await read(true)), strip(await read(false))];
    expect(bulk).toHaveLength(rows.length);
    expect(bulk).toEqual(drizzle);
  });
});
