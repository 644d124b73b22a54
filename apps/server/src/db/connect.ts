import {
  mkdirSync,
  openSync,
  closeSync,
  readFileSync,
  writeFileSync,
  unlinkSync,
  existsSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import type { Database } from './client';

export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Receives NOTIFY payloads on a channel; the realtime hub fans events out across nodes with it. */
export interface Notifier {
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  notifier: Notifier;
  migrate(): Promise<void>;
  /** PGlite only: the whole data directory as an uncompressed tar, to open copies of it (loadDataDir). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/**
 * PGlite has one connection and nothing stops a second process opening the same directory
 * (STACK.md), so we hold a lock file with our PID and refuse a directory a live process holds.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'ledgerline.lock');
  if (existsSync(lockPath)) {
    const pid = Number(readFileSync(lockPath, 'utf8').trim());
    let alive = false;
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid) {
      try {
        process.kill(pid, 0);
        alive = true;
      } catch {
        alive = false;
      }
    }
    if (alive)
      throw new Error(
        `The data directory ${dataDir} is in use by process ${pid}. Stop it, or set DATA_DIR to another directory.`,
      );
    unlinkSync(lockPath);
  }
  const fd = openSync(lockPath, 'wx');
  writeFileSync(fd, String(process.pid));
  closeSync(fd);
  return () => {
    try {
      unlinkSync(lockPath);
    } catch {
      // already gone
    }
  };
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  const unlock = inMemory ? () => undefined : lockDataDir(dataDir);
  const options = loadDataDir ? { loadDataDir } : {};
  const client = inMemory ? new PGlite(options) : new PGlite(resolve(dataDir, 'pglite'), options);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    notifier: {
      async listen(channel, onPayload) {
        const stop = await client.listen(channel, onPayload);
        return stop;
      },
      async notify(channel, payload) {
        await client.query('select pg_notify($1, $2)', [channel, payload]);
      },
    },
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), {
        migrationsFolder: MIGRATIONS_FOLDER,
      });
    },
    dumpDataDir() {
      return client.dumpDataDir('none');
    },
    async close() {
      await client.close();
      unlock();
    },
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (a restart, an administrator, a dropped test database) is
  // an 'error' event on the pool; without a listener it would crash the process. The pool drops
  // that connection and opens a new one for the next query.
  pool.on('error', () => undefined);
  let closed = false;
  // Fail fast with a clear message when the server is not reachable.
  await pool.query('select 1');
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  // LISTEN needs its own client, not a pooled one (STACK.md).
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  async function ensureListener(): Promise<pg.Client> {
    if (listener) return listener;
    // A subscription that arrives while the node shuts down must not open a connection nobody ends.
    if (closed) throw new Error('database closed');
    listener = new pg.Client({ connectionString: url });
    listener.on('error', () => undefined);
    await listener.connect();
    listener.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    return listener;
  }
  return {
    db,
    kind: 'postgres',
    notifier: {
      async listen(channel, onPayload) {
        const client = await ensureListener();
        let set = handlers.get(channel);
        if (!set) {
          set = new Set();
          handlers.set(channel, set);
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        }
        set.add(onPayload);
        return async () => {
          set.delete(onPayload);
        };
      },
      async notify(channel, payload) {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
    },
    async migrate() {
      // Several nodes may start at once: an advisory lock on one connection lets one migrate at a time.
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => undefined);
      await client.connect();
      try {
        await client.query('select pg_advisory_lock(7243001)');
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock(7243001)').catch(() => undefined);
        await client.end();
      }
    },
    async close() {
      closed = true;
      await listener?.end();
      await pool.end();
    },
  };
}

/**
 * Opens the configured database: PostgreSQL when a URL is given, else PGlite in dataDir (or
 * memory://). PGlite may start from a dumped data directory (loadDataDir) when dataDir is empty.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  loadDataDir?: Blob | undefined;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.loadDataDir);
}
