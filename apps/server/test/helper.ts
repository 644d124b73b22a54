import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildServer, type LedgerlineServer } from '../src/app';
import { loadConfig, type Env } from '../src/config';
import { openDatabase } from '../src/db/connect';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed';

export { DEMO_PASSWORD, DEMO_USERS } from '../src/db/seed';

/**
 * The database the server suite runs on: an in-memory PGlite by default, or with TEST_DATABASE_URL
 * (CI's PostgreSQL pass) a fresh database created on that server for each test server.
 */
async function createDatabaseUrl(): Promise<{
  url: string | undefined;
  drop: () => Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { url: undefined, drop: async () => undefined };
  const name = `ll_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestServer extends LedgerlineServer {
  /** Every log line the server wrote, for tests that check what must never be logged. */
  logs: string[];
  /** POST /api/main/?{method} with a JSON body. */
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
  const database = await createDatabaseUrl();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'info',
    DATABASE_URL: database.url,
    // Server tests post to /api/auth/login directly; the bot-check tests turn it on.
    BOT_CHECK: 'false',
    ...env,
  } as Record<string, string | undefined>);
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const server = await buildServer({ config, db: handle, logStream });
  await seedDemo(server.database.db, { cardDataKey: config.cardDataKey });
  const app: FastifyInstance = server.app;
  await app.ready();

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
