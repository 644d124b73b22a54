import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDrizzleParsers } from './pglite-parsers';
import { statementName } from './named-statements';

/*
 * A text PGlite runs again is prepared, and later calls run EXECUTE with the values written as
 * literals (decision 129): every answer must be the one PGlite's own query gives, whatever the
 * values hold, in and out of transactions.
 */

/** The instance: its own `query` is the reference, the wrapped client's answers must match it. */
let installed: PGlite;

beforeAll(async () => {
  installed = new PGlite();
  await installed.exec(
    `create table notes (id serial primary key, body text not null, tags jsonb);`,
  );
});
afterAll(async () => {
  await installed.close();
});

/** The instance's prepared statements, once what was queued before has run. */
async function preparedNames(): Promise<string[]> {
  const { rows } = await installed.query<{ name: string }>(
    'select name from pg_prepared_statements order by name',
  );
  return rows.map((row) => row.name);
}

describe('prepared statements on PGlite', () => {
  it('answers every call as PGlite does, with hostile values, once prepared too', async () => {
    const client = withDrizzleParsers(installed);
    const text = `select $1::text as t, $2::jsonb as j, $3::int[] as a, $4::timestamptz as at,
      $5::bytea as b, $6::boolean as f, $7::numeric as n, $8::text as nothing`;
    const values = [
      "it's a \\ back'slash'); drop table notes; --",
      { quote: "'", line: '\n', unicode: 'Zürich ✓', nested: [1, null, 'x'] },
      [1, 2, 3],
      new Date('2026-11-28T10:11:12.345Z'),
      new Uint8Array([0, 39, 92, 255]),
      true,
      '12345678901234567890.12345678',
      null,
    ];
    const expected = await installed.query(text, values);
    for (let call = 0; call < 4; call += 1) {
      const answer = await client.query(text, values);
      expect(answer.rows).toEqual(expected.rows);
      if (call === 1) expect(await preparedNames()).toContain(statementName(text));
    }
    // The table is still there.
    expect((await client.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 0 }]);
  });

  it('writes and rolls back inside transactions as PGlite does; the statement outlives a rollback', async () => {
    const client = withDrizzleParsers(installed);
    const insert = 'insert into notes (body, tags) values ($1, $2) returning id, body, tags';
    const written: unknown[] = [];
    for (let call = 0; call < 4; call += 1) {
      const body = `note ${call} '${'"'.repeat(call)}`;
      const attempt = client.transaction(async (tx) => {
        const answer = await tx.query(insert, [body, JSON.stringify({ call })]);
        expect(answer.affectedRows).toBe(1);
        expect(answer.rows).toEqual([{ id: call + 1, body, tags: { call } }]);
        if (call === 2) throw new Error('undone');
      });
      if (call === 2) await expect(attempt).rejects.toThrow('undone');
      else {
        await attempt;
        written.push(body);
      }
    }
    expect(await preparedNames()).toContain(statementName(insert));
    const { rows } = await client.query<{ body: string }>(
      'select body from notes where id > $1 order by id',
      [0],
    );
    expect(rows.map((row) => row.body)).toEqual(written);
  });

  it('refuses a NUL byte in a value as PGlite does, prepared or not', async () => {
    const client = withDrizzleParsers(installed);
    const text = 'select length($1::text) as n';
    for (let call = 0; call < 3; call += 1) {
      await expect(installed.query(text, ['a\u0000b'])).rejects.toThrow();
      await expect(client.query(text, ['a\u0000b'])).rejects.toThrow();
      expect((await client.query(text, ['ab'])).rows).toEqual([{ n: 2 }]);
    }
  });
});
