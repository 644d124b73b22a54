import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nameRepeatedStatements, statementName } from './named-statements';

/*
 * What PostgreSQL holds for a pool that names its repeated statements: one connection (max 1), so
 * pg_prepared_statements shows that connection's statements. PostgreSQL pass only.
 */

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('named statements on PostgreSQL', () => {
  let pool: pg.Pool;
  beforeEach(() => {
    pool = new pg.Pool({ connectionString: url, max: 1 });
    nameRepeatedStatements(pool);
  });
  afterEach(async () => {
    await pool.end();
  });

  async function prepared(): Promise<string[]> {
    const { rows } = await pool.query<{ name: string }>(
      'select name from pg_prepared_statements order by name',
    );
    return rows.map((row) => row.name);
  }

  it('prepares a parameterised text on its second use, once, and answers each call with its own values', async () => {
    const text = 'select $1::int * 2 as doubled';
    const answers: number[] = [];
    for (const value of [1, 2, 3, 4])
      answers.push((await pool.query<{ doubled: number }>(text, [value])).rows[0]!.doubled);
    expect(answers).toEqual([2, 4, 6, 8]);
    expect(await prepared()).toEqual([statementName(text)]);
  });

  it('leaves texts without parameters unnamed, so several commands in one text still run', async () => {
    for (let round = 0; round < 3; round += 1) {
      await pool.query('create temporary table if not exists scratch (n int); select 1');
    }
    expect(await prepared()).toEqual([]);
  });

  it('keeps a connection’s prepared statements bounded', async () => {
    for (let index = 0; index < 450; index += 1) {
      const text = `select $1::int + ${index} as n`;
      await pool.query(text, [1]);
      const { rows } = await pool.query<{ n: number }>(text, [2]);
      expect(rows[0]!.n).toBe(index + 2);
    }
    expect((await prepared()).length).toBe(400);
  });

  it('a prepared statement that fails keeps working for the next call', async () => {
    const text = 'select 10 / $1::int as q';
    await pool.query(text, [5]);
    await expect(pool.query(text, [0])).rejects.toThrow(/division by zero/);
    const { rows } = await pool.query<{ q: number }>(text, [2]);
    expect(rows[0]!.q).toBe(5);
    expect(await prepared()).toEqual([statementName(text)]);
  });
});
