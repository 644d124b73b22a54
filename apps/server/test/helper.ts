import { readFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import type { ErrorEnvelope, MainMethodName, MainMethods } from '@ledgerline/contract';
import type { Language } from '@ledgerline/domain';
import { buildServer, type LedgerlineServer } from '../src/app';
import { loadConfig, type Env } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/connect';
import { DEMO_PASSWORD } from '../src/db/seed';
import { buildPgliteSnapshot, copyPostgresTemplate } from './database-snapshot';
import { leaseSeededPglite } from './pglite-pool';

export { DEMO_PASSWORD, DEMO_USERS } from '../src/db/seed';

/**
 * The database a test server runs on: a copy of the one database migrated and seeded for the whole
 * run (test/global-setup.ts, test/database-snapshot.ts). An in-memory PGlite loaded from the dumped
 * data directory by default, kept for the worker's next server once this one closes
 * (test/pglite-pool.ts); with TEST_DATABASE_URL (CI's PostgreSQL pass) a database on that server
 * copied from the template. Run without the global setup, a worker seeds its own copy once.
 */
let snapshot: Promise<Blob> | undefined;

function pgliteSnapshot(): Promise<Blob> {
  const path = inject('pgliteSnapshotPath');
  snapshot ??= path ? readFile(path).then((bytes) => new Blob([bytes])) : buildPgliteSnapshot();
  return snapshot;
}

async function copySeededDatabase(): Promise<{
  url: string | undefined;
  open: () => Promise<DatabaseHandle>;
  drop: () => Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    return {
      url: undefined,
      open: () => leaseSeededPglite(pgliteSnapshot),
      drop: async () => {},
    };
  const template = inject('postgresTemplate');
  if (!template)
    throw new Error('No template database: run the server tests through vitest.config.ts');
  const copy = await copyPostgresTemplate(adminUrl, template);
  return {
    url: copy.url,
    open: () => openDatabase({ databaseUrl: copy.url, dataDir: '' }),
    drop: copy.drop,
  };
}

/** Who makes a main-API call and from where. */
export interface CallOptions {
  /** The caller's access token; none for a public method. */
  token?: string;
  /** Acts on behalf of this customer (the envelope's fromCustomerId, spec 1 §7). */
  fromCustomerId?: number;
  /** The envelope's lang. */
  lang?: Language;
  /** The caller's address (the sign-in IP whitelist and rate limits read it). */
  ip?: string;
  headers?: Record<string, string>;
}

/** What a main-API method accepts: its request schema's input (the envelope's fields aside). */
export type MainPayload<M extends MainMethodName> = z.input<MainMethods[M]['request']>;

/**
 * A main-API answer as it travels: the method's data fields (the contract's response schema, as
 * sent: money as decimal strings) beside the envelope. Typed as a success; a failed call carries
 * only the envelope, so check responseCode or status before reading data.
 */
export type MainAnswer<M extends MainMethodName> = z.input<MainMethods[M]['response']> &
  ErrorEnvelope;

export interface TestServer extends LedgerlineServer {
  /** Every log line the server wrote, for tests that check what must never be logged. */
  logs: string[];
  /**
   * POST /api/main/?{method} with a payload the contract accepts for that method (its request
   * schema; the envelope's fields come through options); answers the HTTP status and the typed
   * answer. Bad input goes through send().
   */
  call<M extends MainMethodName>(
    method: M,
    payload: MainPayload<M>,
    options?: CallOptions,
  ): Promise<{ status: number; body: MainAnswer<M> }>;
  /**
   * As call(), for bad input: any method name, any payload; the answer is typed as the envelope
   * alone (responseCode, responseDescription, validationErrors).
   */
  send(
    method: string,
    payload: unknown,
    options?: CallOptions,
  ): Promise<{ status: number; body: ErrorEnvelope & Record<string, unknown> }>;
  /** POST /api/main/?{method} with any body (a string is sent as it is): the raw HTTP answer. */
  main(
    method: string,
    body?: unknown,
    options?: { token?: string; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** Signs a demo user in through POST /api/auth/login and answers the access token. */
  signIn(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export async function startTestServer(env: Partial<Env> = {}): Promise<TestServer> {
  if (env.CARD_DATA_KEY)
    throw new Error('The seeded copy has its own card data key: a test cannot choose another');
  const database = await copySeededDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'info',
    DATABASE_URL: database.url,
    // Server tests post to /api/auth/login directly; the bot-check tests turn it on.
    BOT_CHECK: 'false',
    // New passwords hash at scrypt N=2^10, not 2^17: registrations and password changes spent
    // most of their tests' CPU in the hash. Production refuses a cost below 17 (config.ts).
    PASSWORD_HASH_COST: env.NODE_ENV === 'production' ? undefined : '10',
    ...env,
  } as Record<string, string | undefined>);
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const handle = await database.open();
  // The copy is migrated and seeded already.
  const server = await buildServer({ config, db: handle, logStream, migrate: false });
  const app: FastifyInstance = server.app;
  await app.ready();

  async function send(
    method: string,
    payload: unknown,
    options: CallOptions = {},
  ): Promise<{ status: number; body: never }> {
    const response = await app.inject({
      method: 'POST',
      url: `/api/main/?${method}`,
      ...(options.ip ? { remoteAddress: options.ip } : {}),
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      payload: JSON.stringify({
        ...(payload as object),
        ...(options.fromCustomerId === undefined ? {} : { fromCustomerId: options.fromCustomerId }),
        ...(options.lang === undefined ? {} : { lang: options.lang }),
      }),
    });
    // The answer's type is the caller's (call: the method's contract; send: the envelope).
    return { status: response.statusCode, body: response.json<never>() };
  }

  return {
    ...server,
    logs,
    main(method, body = {}, options = {}) {
      return app.inject({
        method: 'POST',
        url: `/api/main/?${method}`,
        headers: {
          'content-type': 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
    },
    call: (method, payload, options) => send(method, payload, options),
    send,
    async signIn(email, password = DEMO_PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { client: 'web', username: email, password, codeChallenge: 'x'.repeat(43) },
      });
      if (response.statusCode !== 200)
        throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
      return (response.json() as { accessToken: string }).accessToken;
    },
    async close() {
      await app.close();
      await handle.close();
      await database.drop();
    },
  };
}
