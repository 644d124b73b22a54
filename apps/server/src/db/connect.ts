import {
  mkdirSync,
  openSync,
  closeSync,
  readFileSync,
  writeFileSync,
  unlinkSync,
  existsSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { nameRepeatedStatements } from './named-statements';
import { buildOnlineIndexes } from './online-indexes';
import { withDrizzleParsers } from './pglite-parsers';
import * as schema from './schema';
import type { Database } from './client';

export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Receives NOTIFY payloads on a channel; the realtime hub fans events out across nodes with it. */
export interface Notifier {
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Sends the payloads on the channel in one statement, in their order. */
  notify(channel: string, ...payloads: string[]): Promise<void>;
}

/** One round trip for any number of notifications; unnest gives them in the array's order. */
const NOTIFY_MANY = 'select pg_notify($1, payload) from unnest($2::text[]) as x(payload)';

/** A connection to the database was lost (`lost`), or one was opened again after that (`restored`). */
export type AvailabilityEvent = { kind: 'lost'; error: unknown } | { kind: 'restored' };

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  notifier: Notifier;
  /** PGlite only: this process created the data directory (the first start on this machine). */
  createdDataDir: boolean;
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query within timeoutMs; rejects otherwise. */
  ping(timeoutMs: number): Promise<void>;
  /**
   * Tells the listener when a connection to PostgreSQL dies and when one opens again, for the
   * outage and recovery log lines. PGlite runs inside the process and never goes away.
   */
  onAvailability(listener: (event: AvailabilityEvent) => void): () => void;
  /** PGlite only: the whole data directory as an uncompressed tar, to open copies of it (loadDataDir). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/** Rejects when `work` has not settled within timeoutMs (the work itself is left to finish). */
function withinTime(work: Promise<unknown>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the database did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  return Promise.race([work.then(() => undefined), late]).finally(() => clearTimeout(timer));
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

type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
/** The runtime's WebAssembly (Node's own; this program's type library has no DOM). */
const wasm = (
  globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }
).WebAssembly;
let pgliteWasm: Promise<WasmModule> | undefined;

/**
 * PGlite's WebAssembly, compiled once per process: every PGlite a process opens (each test
 * server, each copy of the seeded database) instantiates the same module instead of compiling
 * and optimising 9 MB of WebAssembly again (about a tenth of a test server's start).
 */
function compiledPglite(): Promise<WasmModule> {
  pgliteWasm ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    return wasm.compile(readFileSync(join(dirname(entry), 'pglite.wasm')));
  })();
  return pgliteWasm;
}

/** A PGlite in memory (or in dataDir), on the process's compiled WebAssembly, ready to query. */
export async function createPglite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  const options = {
    pgliteWasmModule: await compiledPglite(),
    ...(loadDataDir ? { loadDataDir } : {}),
  };
  const client = dataDir.startsWith('memory://')
    ? new PGlite(options)
    : new PGlite(resolve(dataDir, 'pglite'), options);
  await client.waitReady;
  return client;
}

/**
 * The handle of an open PGlite. `close` ends the handle's use of it: by default PGlite closes;
 * the test suite's pool of seeded copies puts it back instead (test/pglite-pool.ts).
 */
export function pgliteHandle(
  client: PGlite,
  options: { createdDataDir?: boolean; close?: () => Promise<void> } = {},
): DatabaseHandle {
  const driver = withDrizzleParsers(client);
  const db = drizzlePglite(driver) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    createdDataDir: options.createdDataDir ?? false,
    notifier: {
      async listen(channel, onPayload) {
        const stop = await client.listen(channel, onPayload);
        return stop;
      },
      async notify(channel, ...payloads) {
        await client.query(NOTIFY_MANY, [channel, payloads]);
      },
    },
    ping(timeoutMs) {
      return withinTime(client.query('select 1'), timeoutMs);
    },
    onAvailability() {
      return () => undefined;
    },
    async migrate() {
      await migratePglite(drizzlePglite(driver, { schema }), {
        migrationsFolder: MIGRATIONS_FOLDER,
      });
      await buildOnlineIndexes((text, values) => client.query(text, values), 'pglite');
    },
    dumpDataDir() {
      return client.dumpDataDir('none');
    },
    close: options.close ?? (() => client.close()),
  };
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  const createdDataDir = !inMemory && !existsSync(resolve(dataDir, 'pglite'));
  const unlock = inMemory ? () => undefined : lockDataDir(dataDir);
  const client = await createPglite(dataDir, loadDataDir);
  return pgliteHandle(client, {
    createdDataDir,
    async close() {
      await client.close();
      unlock();
    },
  });
}

/** How long the LISTEN connection waits before its next attempt to reconnect, by attempt. */
function listenerRetryDelayMs(attempt: number): number {
  return Math.min(5000, 250 * 2 ** attempt);
}

/** Connections a node keeps open when idle: a history page sends three statements at once. */
const POOL_MIN_CONNECTIONS = 4;

async function openPostgres(url: string): Promise<DatabaseHandle> {
  // connectionTimeoutMillis: a request waits this long for a connection (a free pool slot, or a
  // server that does not answer) and then fails with 503 instead of hanging.
  // min: the pool closes a connection idle for 10 s only above POOL_MIN_CONNECTIONS. A request
  // after a lull otherwise waited for new backends, whose first statements plan with cold
  // catalogue caches: 10–106 ms for history's three page statements against 2–3 ms (decision 128).
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    min: POOL_MIN_CONNECTIONS,
    connectionTimeoutMillis: 15_000,
  });
  nameRepeatedStatements(pool);
  const listeners = new Set<(event: AvailabilityEvent) => void>();
  let available = true;
  const lost = (error: unknown) => {
    if (!available) return;
    available = false;
    for (const listener of listeners) listener({ kind: 'lost', error });
  };
  const restored = () => {
    if (available) return;
    available = true;
    for (const listener of listeners) listener({ kind: 'restored' });
  };
  // An idle connection the server ends (a restart, an administrator, a dropped test database) is
  // an 'error' event on the pool; without a listener it would crash the process. The pool drops
  // that connection and opens a new one for the next query.
  pool.on('error', lost);
  // A connection checked out of the pool (a request's transaction) has no listener of the pool's
  // while it is out: its 'error' when PostgreSQL dies would end the process (issue 20). This one
  // stays for the connection's life; the query in flight fails, that request answers 503, and the
  // pool discards the broken connection when it is released.
  pool.on('connect', (client) => {
    client.on('error', lost);
    restored();
  });
  let closed = false;
  // Fail fast with a clear message when the server is not reachable.
  await pool.query('select 1');
  const db = drizzlePg(pool) as unknown as Database;

  // LISTEN needs its own client, not a pooled one (STACK.md). When its connection dies it is
  // opened again, with a growing pause, and LISTENs on every channel again: realtime events
  // cross nodes again once PostgreSQL is back, without a restart.
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let listener: Promise<pg.Client> | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;

  function scheduleReconnect(attempt: number): void {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      if (closed) return;
      ensureListener().catch(() => scheduleReconnect(attempt + 1));
    }, listenerRetryDelayMs(attempt));
    reconnectTimer.unref();
  }

  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url });
    // Heard from the start, so no error of this client can end the process.
    client.on('error', lost);
    client.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of handlers.keys())
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      void client.end().catch(() => undefined);
      if (listener === opened) listener = undefined;
      scheduleReconnect(0);
    };
    const opened = listener;
    client.on('error', drop);
    client.on('end', drop);
    restored();
    return client;
  }

  function ensureListener(): Promise<pg.Client> {
    // A subscription that arrives while the node shuts down must not open a connection nobody ends.
    if (closed) return Promise.reject(new Error('database closed'));
    if (!listener) {
      const opening = connectListener();
      listener = opening;
      opening.catch(() => {
        if (listener === opening) listener = undefined;
      });
    }
    return listener;
  }

  return {
    db,
    kind: 'postgres',
    createdDataDir: false,
    notifier: {
      async listen(channel, onPayload) {
        let set = handlers.get(channel);
        const isNew = !set;
        if (!set) {
          set = new Set();
          handlers.set(channel, set);
        }
        set.add(onPayload);
        const client = await ensureListener();
        // A client opened just now already listens on every channel; LISTEN twice is harmless.
        if (isNew) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        return async () => {
          set.delete(onPayload);
        };
      },
      async notify(channel, ...payloads) {
        await pool.query(NOTIFY_MANY, [channel, payloads]);
      },
    },
    ping(timeoutMs) {
      return withinTime(pool.query('select 1'), timeoutMs);
    },
    onAvailability(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async migrate() {
      // Several nodes may start at once: an advisory lock on one connection lets one migrate at a time.
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => undefined);
      await client.connect();
      try {
        try {
          await client.query('select pg_advisory_lock(7243001)');
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('select pg_advisory_unlock(7243001)').catch(() => undefined);
        }
        // After the migrations' lock is let go: a node waiting on it would block the builds.
        await buildOnlineIndexes((text, values) => client.query(text, values), 'postgres');
      } finally {
        await client.end();
      }
    },
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      const open = await listener?.catch(() => undefined);
      await open?.end().catch(() => undefined);
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
