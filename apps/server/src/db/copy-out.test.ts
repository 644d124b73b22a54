import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyOutBinary } from './copy-out';

/*
 * copyOutBinary splits COPY's binary stream into rows whatever the pieces the socket delivers:
 * rows far longer than a piece, empty and null fields, multi-byte text and quoted parameters. It
 * needs a PostgreSQL server (PGlite has no COPY stream), so it runs in the PostgreSQL pass only.
 */

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('COPY … TO STDOUT in the binary format', () => {
  let pool: pg.Pool;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: url, max: 2 });
  });
  afterAll(async () => {
    await pool.end();
  });

  it('hands on every row and field as the database wrote it, across pieces of any size', async () => {
    const word = "Zürich 'quoted' \\ back–slash ✓";
    const rows: { text: string | null; n: number }[] = [];
    const count = await copyOutBinary(
      pool,
      sql`select case when g % 7 = 0 then null when g % 5 = 0 then '' else repeat(${word}, g * 97) end as text, g::int
          from generate_series(1, 60) g order by g`,
      2,
      {
        row(data, starts, lengths) {
          rows.push({
            text:
              lengths[0] === -1
                ? null
                : data.toString('utf8', starts[0]!, starts[0]! + lengths[0]!),
            n: data.readInt32BE(starts[1]!),
          });
        },
        async drain() {},
      },
    );
    expect(count).toBe(60);
    expect(rows.map((row) => row.n)).toEqual(Array.from({ length: 60 }, (_, index) => index + 1));
    for (const { text, n } of rows)
      expect(text).toBe(n % 7 === 0 ? null : n % 5 === 0 ? '' : word.repeat(n * 97));
  });

  it('fails with the database’s error, and the pool stays usable', async () => {
    await expect(
      copyOutBinary(pool, sql`select 1 / (g - 3) from generate_series(1, 5) g`, 1, {
        row() {},
        async drain() {},
      }),
    ).rejects.toThrow(/division by zero/);
    const { rows } = await pool.query<{ ok: number }>('select 1 as ok');
    expect(rows[0]?.ok).toBe(1);
  });
});
