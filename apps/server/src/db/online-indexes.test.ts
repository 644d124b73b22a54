import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helper';
import { selectRows } from './client';
import { ONLINE_INDEXES } from './online-indexes';

/*
 * Indexes on large tables are built after the migrations, CONCURRENTLY on PostgreSQL (decision
 * 118): a started server has them, valid; one missing or left invalid by a failed build is built
 * again at the next start; a node that finds another building does not wait for it.
 */

let server: TestServer;
const db = () => server.database.db;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function indexStates(): Promise<Record<string, { valid: boolean; definition: string }>> {
  const rows = await selectRows<{ name: string; valid: boolean; definition: string }>(
    db(),
    sql`select c.relname as name, i.indisvalid as valid, pg_get_indexdef(c.oid) as definition
        from pg_class c join pg_index i on i.indexrelid = c.oid
        where c.relname in ('ledger_transfers_open', 'postings_account_pending_first',
          'postings_pending_transfer')`,
  );
  return Object.fromEntries(rows.map(({ name, ...state }) => [name, state]));
}

describe('indexes built after the migrations', () => {
  it('a migrated database holds each of them, valid, as schema.ts declares it', async () => {
    const states = await indexStates();
    // postings_pending_transfer (decision 109) is dropped by migration 0033 (decision 122).
    expect(Object.keys(states).sort()).toEqual(ONLINE_INDEXES.map((index) => index.name).sort());
    expect(states.ledger_transfers_open).toMatchObject({ valid: true });
    expect(states.ledger_transfers_open?.definition).toMatch(
      /ON public\.ledger_transfers USING btree \(id, status\) WHERE \(\(status\)::text = ANY/,
    );
    expect(states.postings_account_pending_first).toMatchObject({ valid: true });
    expect(states.postings_account_pending_first?.definition).toMatch(
      /ON public\.postings USING btree \(account_id, transfer_id\) WHERE \(pending AND first_on_account\)$/,
    );
  });

  it('one that is missing is built again when the server migrates at its next start', async () => {
    await db().execute(sql`drop index ledger_transfers_open`);
    expect(Object.keys(await indexStates())).toEqual(['postings_account_pending_first']);
    await server.database.migrate();
    expect((await indexStates()).ledger_transfers_open).toMatchObject({ valid: true });
  });

  it.skipIf(!onPostgres)(
    'one left invalid by a build that failed half-way is dropped and built again',
    async () => {
      // What an interrupted CREATE INDEX CONCURRENTLY leaves behind: the index, marked invalid.
      await db().execute(
        sql`update pg_index set indisvalid = false where indexrelid = 'postings_account_pending_first'::regclass`,
      );
      expect((await indexStates()).postings_account_pending_first).toMatchObject({ valid: false });
      await server.database.migrate();
      expect((await indexStates()).postings_account_pending_first).toMatchObject({ valid: true });
    },
  );

  it.skipIf(!onPostgres)(
    'a node that finds another building starts without waiting, and the next start builds',
    async () => {
      // Advisory locks belong to a database: the other node connects to this test's copy.
      const [current] = await selectRows<{ name: string }>(
        db(),
        sql`select current_database() as name`,
      );
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${current?.name ?? ''}`;
      const other = new pg.Client({ connectionString: url.toString() });
      await other.connect();
      try {
        await other.query('select pg_advisory_lock(7243002)');
        await db().execute(sql`drop index postings_account_pending_first`);
        await server.database.migrate();
        expect(Object.keys(await indexStates())).toEqual(['ledger_transfers_open']);
      } finally {
        await other.query('select pg_advisory_unlock(7243002)');
        await other.end();
      }
      await server.database.migrate();
      expect((await indexStates()).postings_account_pending_first).toMatchObject({ valid: true });
    },
  );
});
