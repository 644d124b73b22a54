/**
 * Indexes added to tables that may already be large when the migration arrives (postings, the
 * ledger's transfers), built after the migrations without blocking writes (decision 118).
 *
 * Drizzle's migrator runs every pending migration in one transaction, and CREATE INDEX
 * CONCURRENTLY cannot run inside one; a plain CREATE INDEX holds a lock that stops every posting
 * until the index is built, minutes on a ledger of millions of rows. So an index on such a table
 * is declared in schema.ts as usual (drizzle-kit's snapshot keeps it), left out of the migration's
 * SQL, and listed here. On PostgreSQL each is built CONCURRENTLY once the migrations have run; a
 * build that failed half-way (a crash, a cancelled start) leaves an invalid index, which is
 * dropped and built again. PGlite is one connection inside the process, so it builds them plainly.
 */
export interface OnlineIndex {
  name: string;
  /** The rest of CREATE INDEX after the name, as schema.ts declares it. */
  definition: string;
}

export const ONLINE_INDEXES: readonly OnlineIndex[] = [
  {
    name: 'ledger_transfers_open',
    definition: `on "ledger_transfers" using btree ("id", "status") where "status" in ('pending', 'rejected')`,
  },
  {
    name: 'postings_account_pending_first',
    definition: `on "postings" using btree ("account_id", "transfer_id") where "pending" and "first_on_account"`,
  },
];

/** Runs one statement outside any transaction and answers its rows. */
export type RunStatement = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/** Session lock for the builds, apart from the migrations' lock (connect.ts). */
const BUILD_LOCK = 7243002;

/**
 * Builds the online indexes that are missing or invalid. On PostgreSQL only one node builds at a
 * time: another that starts meanwhile does not wait for the lock and starts without them (its
 * queries are slower until the builder ends, never wrong). Waiting would deadlock: a build waits
 * for every statement older than it, and a node blocked on the lock is one.
 */
export async function buildOnlineIndexes(
  run: RunStatement,
  kind: 'pglite' | 'postgres',
  indexes: readonly OnlineIndex[] = ONLINE_INDEXES,
): Promise<void> {
  if (kind === 'pglite') {
    for (const index of indexes)
      await run(`create index if not exists "${index.name}" ${index.definition}`);
    return;
  }
  const { rows } = await run('select pg_try_advisory_lock($1) as locked', [BUILD_LOCK]);
  if ((rows[0] as { locked: boolean } | undefined)?.locked !== true) return;
  try {
    for (const index of indexes) {
      const state = await run(
        `select i.indisvalid as valid from pg_class c join pg_index i on i.indexrelid = c.oid
         where c.relname = $1 and c.relnamespace = current_schema()::regnamespace`,
        [index.name],
      );
      const found = state.rows[0] as { valid: boolean } | undefined;
      if (found?.valid) continue;
      if (found) await run(`drop index concurrently if exists "${index.name}"`);
      await run(`create index concurrently "${index.name}" ${index.definition}`);
    }
  } finally {
    await run('select pg_advisory_unlock($1)', [BUILD_LOCK]).catch(() => undefined);
  }
}
