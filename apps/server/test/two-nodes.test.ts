import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './helper';
import { openSocket } from './realtime-client';

/**
 * Two server processes on one PostgreSQL: an event raised on node A reaches a socket held by
 * node B through LISTEN/NOTIFY. Runs in CI's PostgreSQL pass (TEST_DATABASE_URL set).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const serverEntry = resolve(dirname(fileURLToPath(import.meta.url)), '../src/main.ts');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}

async function waitUntilUp(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/main/?getCountries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`server on ${port} did not come up`);
}

describe.skipIf(!adminUrl)('realtime across two server nodes on one PostgreSQL', () => {
  const children: ChildProcess[] = [];
  const ports: number[] = [];
  let databaseUrl = '';
  let dbName = '';

  beforeAll(async () => {
    dbName = `ll_nodes_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl as string);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    for (let node = 0; node < 2; node += 1) {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: databaseUrl,
          LOG_LEVEL: 'warn',
          NODE_ENV: 'development',
          WEB_DIST: '/nonexistent',
          BOT_CHECK: 'false',
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      children.push(child);
      ports.push(port);
    }
    await Promise.all(
      ports.map((port, index) => waitUntilUp(port, children[index] as ChildProcess)),
    );
  }, 120_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map((child) =>
        child.exitCode === null ? new Promise((done) => child.once('exit', done)) : undefined,
      ),
    );
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  it('delivers an event raised on node A to a browser connected to node B, and closes it on logout at node A', async () => {
    const [portA, portB] = ports as [number, number];
    const login = await fetch(`http://127.0.0.1:${portA}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client: 'web',
        username: 'anna@pebble.example',
        password: DEMO_PASSWORD,
        codeChallenge: 'z'.repeat(43),
      }),
    });
    const { accessToken, userId } = (await login.json()) as { accessToken: string; userId: number };
    const ticket = await fetch(`http://127.0.0.1:${portB}/api/auth/realtime-ticket`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const { ticket: value } = (await ticket.json()) as { ticket: string };
    const socket = await openSocket(
      `ws://127.0.0.1:${portB}/realtime?ticket=${value}`,
      `http://127.0.0.1:${portB}`,
    );

    // The phone app approves a login request on node A; node A publishes the decision.
    const requestId = randomUUID();
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(
      `insert into device_requests (id, user_id, kind, title, expires_at) values ($1, $2, 'login', 'Sign-in from Chromium', now() + interval '2 minutes')`,
      [requestId, userId],
    );
    await db.end();
    const decision = await fetch(`http://127.0.0.1:${portA}/dev/device/requests/${requestId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=approve',
      redirect: 'manual',
    });
    expect(decision.status).toBe(303);
    expect(await socket.next('LoginRequestDecided')).toMatchObject({
      payload: { key: requestId, approved: true },
    });

    await fetch(`http://127.0.0.1:${portA}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await socket.next('SessionClosed')).toMatchObject({ payload: { reason: 'logout' } });
    expect((await socket.closed).code).toBe(4001);
  }, 60_000);
});
