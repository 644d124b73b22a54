import type { PGlite } from '@electric-sql/pglite';
import { createPglite, pgliteHandle, type DatabaseHandle } from '../src/db/connect';

/*
 * Seeded PGlite copies kept for the next test server of the same worker. Opening a copy from the
 * snapshot (loadDataDir: untar 46 MB, start PostgreSQL in WebAssembly) cost about 1.7 s of CPU,
 * and the server suite starts some seventy test servers; putting a closed server's database back
 * to the seeded state costs a tenth of that. The server project shares one module graph per
 * worker (isolate: false), so a worker's files take turns with its copies; a file that holds two
 * servers at once gets a second copy.
 *
 * Back to the seed means: every table's rows as the seed left them (kept once per worker with
 * COPY … TO '/dev/blob' and loaded back with COPY … FROM), every sequence where the seed left it,
 * and the session as new (DISCARD ALL: settings, prepared statements, LISTEN, advisory locks).
 * A server's use of a copy ends with its close: a query it sends later (a job that outlived its
 * server) fails as on a closed database instead of writing into the next file's data.
 */

interface SeedState {
  /** Every table, quoted, with its rows (binary COPY) when it has any. */
  tables: { name: string; rows: Blob | undefined }[];
  /** Every sequence, quoted, with the value setval must restore. */
  sequences: { name: string; value: string; called: boolean }[];
}

const idle: PGlite[] = [];
let seedState: Promise<SeedState> | undefined;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function captureSeed(client: PGlite): Promise<SeedState> {
  const { rows: tableRows } = await client.query<{ schema: string; table: string }>(
    `select schemaname as schema, tablename as table from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
  const tables: SeedState['tables'] = [];
  for (const { schema, table } of tableRows) {
    const name = `${quote(schema)}.${quote(table)}`;
    const { rows } = await client.query<{ any: boolean }>(
      `select exists (select from ${name}) as any`,
    );
    const copied = rows[0]?.any
      ? await client.query(`copy ${name} to '/dev/blob' with (format binary)`)
      : undefined;
    tables.push({ name, rows: copied?.blob });
  }
  const { rows: sequenceRows } = await client.query<{
    schema: string;
    sequence: string;
    last: string | null;
    start: string;
  }>(
    `select schemaname as schema, sequencename as sequence,
            last_value::text as last, start_value::text as start from pg_sequences`,
  );
  return {
    tables,
    sequences: sequenceRows.map((row) => ({
      name: `${quote(row.schema)}.${quote(row.sequence)}`,
      value: row.last ?? row.start,
      called: row.last !== null,
    })),
  };
}

async function resetToSeed(client: PGlite, seed: SeedState): Promise<void> {
  // A transaction a closed server left open would hold the rows (there should be none).
  if (client.isInTransaction()) await client.exec('rollback');
  await client.exec('discard all');
  await client.transaction(async (tx) => {
    // Replica mode: no foreign key or user trigger fires while the rows go back in any order.
    await tx.exec(`set local session_replication_role = replica`);
    await tx.exec(`truncate ${seed.tables.map((table) => table.name).join(', ')}`);
    for (const table of seed.tables)
      if (table.rows)
        await tx.query(`copy ${table.name} from '/dev/blob' with (format binary)`, [], {
          blob: table.rows,
        });
    for (const sequence of seed.sequences)
      await tx.query('select setval($1, $2::bigint, $3)', [
        sequence.name,
        sequence.value,
        sequence.called,
      ]);
  });
}

/** Fails every call once `ended()` is true; otherwise it is the client itself. */
function guarded(client: PGlite, ended: () => boolean): PGlite {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (ended()) throw new Error('PGlite is closed (this test server has been closed)');
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** A seeded copy for one test server: a kept one when the worker has one free, else a new one. */
export async function leaseSeededPglite(snapshot: () => Promise<Blob>): Promise<DatabaseHandle> {
  let client = idle.pop();
  if (!client) {
    client = await createPglite('memory://', await snapshot());
    seedState ??= captureSeed(client);
    await seedState;
  }
  const own = client;
  let ended = false;
  const stops: (() => Promise<void>)[] = [];
  const handle = pgliteHandle(
    guarded(own, () => ended),
    {
      async close() {
        if (ended) return;
        ended = true;
        for (const stop of stops) await stop();
        try {
          await resetToSeed(own, await seedState!);
          idle.push(own);
        } catch {
          // A copy that cannot be put back is not kept.
          await own.close();
        }
      },
    },
  );
  // The listeners a server leaves end with its use of the copy.
  const listen = handle.notifier.listen.bind(handle.notifier);
  handle.notifier.listen = async (channel, onPayload) => {
    const stop = await listen(channel, onPayload);
    const once = async () => {
      const at = stops.indexOf(once);
      if (at < 0) return;
      stops.splice(at, 1);
      await stop();
    };
    stops.push(once);
    return once;
  };
  return handle;
}
