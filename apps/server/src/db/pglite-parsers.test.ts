import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { date, integer, interval, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDrizzleParsers } from './pglite-parsers';

/*
 * drizzle's text parsers installed on the PGlite instance once, instead of sent with every query
 * (decision 121): every answer must read exactly as drizzle's own driver reads it, in and out of
 * transactions, and a query's own parsers still count.
 */

const moments = pgTable('moments', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  local: timestamp('local').notNull(),
  day: date('day').notNull(),
  span: interval('span').notNull(),
  amounts: numeric('amounts').array().notNull(),
  days: date('days').array().notNull(),
  ats: timestamp('ats', { withTimezone: true }).array().notNull(),
});

let plain: PGlite;
let installed: PGlite;

async function fill(client: PGlite): Promise<void> {
  await client.exec(`
    create table moments (id integer primary key, at timestamptz not null, local timestamp not null,
      day date not null, span interval not null, amounts numeric[] not null, days date[] not null,
      ats timestamptz[] not null);
    insert into moments values
      (1, '2026-11-28 10:11:12.345+02', '2026-02-28 23:59:59.999', '2024-02-29', '1 day 02:03:04',
       '{0.00000001,12345678901234567890.12}', '{2026-01-01,1999-12-31}',
       '{"2026-11-28 10:11:12+00","0001-01-01 00:00:00+00"}'),
      (2, 'infinity', '-infinity', '9999-12-31', '-3 mons', '{}', '{}', '{}');`);
}

beforeAll(async () => {
  plain = new PGlite();
  installed = new PGlite();
  await Promise.all([fill(plain), fill(installed)]);
});
afterAll(async () => {
  await Promise.all([plain.close(), installed.close()]);
});

describe('drizzle on PGlite with its parsers installed once', () => {
  it('reads dates, times, intervals and arrays as drizzle’s own driver reads them', async () => {
    const expected = await drizzle(plain).select().from(moments).orderBy(moments.id);
    const db = drizzle(withDrizzleParsers(installed));
    expect(await db.select().from(moments).orderBy(moments.id)).toEqual(expected);
    expect(expected[0]?.at).toEqual(new Date('2026-11-28T08:11:12.345Z'));
    expect(expected[0]?.amounts).toEqual(['0.00000001', '12345678901234567890.12']);
    // Raw statements too (drizzle's `execute`, which gives the text of these types).
    const query = sql`select at, day, span, amounts from moments order by id`;
    expect((await db.execute(query)).rows).toEqual((await drizzle(plain).execute(query)).rows);
  });

  it('reads the same inside a transaction and its savepoints', async () => {
    const expected = await drizzle(plain).select().from(moments).orderBy(moments.id);
    const db = drizzle(withDrizzleParsers(installed));
    const read = await db.transaction(async (tx) => {
      const outer = await tx.select().from(moments).orderBy(moments.id);
      const inner = await tx.transaction(async (nested) =>
        nested.select().from(moments).orderBy(moments.id),
      );
      return { outer, inner };
    });
    expect(read).toEqual({ outer: expected, inner: expected });
  });

  it('keeps a query’s own parsers for the types drizzle does not read as text', async () => {
    const client = withDrizzleParsers(installed);
    const { rows } = await client.query<{ n: unknown; at: unknown }>(
      `select 7::int4 as n, at from moments where id = 1`,
      [],
      { parsers: { 23: (value: string) => `int ${value}`, 1184: (value: string) => value } },
    );
    expect(rows).toEqual([{ n: 'int 7', at: '2026-11-28 08:11:12.345+00' }]);
  });
});
