/**
 * Transfer figures: money moved through the real main API (transferBetweenAccounts between many
 * account pairs, transferP2P from many payers into one hot account), on PGlite and on PostgreSQL,
 * beside the raw speed of the same database committing transactions of as many plain inserts as a
 * transfer writes rows; and the latency of a transfer at a steady 200 requests per second.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import autocannon, { type RawRequest, type Result } from 'autocannon';
import pg from 'pg';
import { startLedgerline, type RunningServer } from './child';
import { cpuNow, cpuSince, postmasterOf } from './cpu';
import { num } from './format';
import { BENCH_PASSWORD, HOT_EMAIL, payerEmail } from './bench-users';

const PAYERS = 50;
const CONNECTIONS = 10;
const DURATION_S = 10;
const WARMUP_S = 2;
/** The steady-rate run: enough sockets that a slow answer does not hold the rate back. */
const STEADY_RATE = 200;
const STEADY_CONNECTIONS = 50;
const STEADY_S = 15;
const AMOUNT = '1.00';
/** Rows a settled transfer updates besides what it inserts: both accounts' balances and its own details. */
const UPDATES_PER_TRANSFER = 3;

interface Payer {
  token: string;
  from: number;
  to: number;
}

export interface ThroughputFigures {
  label: string;
  /** Settled transfers (HTTP 200) per second. */
  tps: number;
  p50: number;
  p99: number;
  failed: number;
  settled: number;
  /** CPU milliseconds a settled transfer cost the server and PostgreSQL (NaN on PGlite). */
  cpuMs: { server: number; postgres: number };
}

export interface RawFigures {
  rowsPerCommit: number;
  commitsPerSecond: number;
  commits: number;
}

export interface SteadyFigures {
  rate: number;
  achieved: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  failed: number;
}

export type TransfersOutcome =
  | {
      ok: true;
      database: string;
      pairs: ThroughputFigures;
      hot: ThroughputFigures;
      raw: RawFigures;
      steady: SteadyFigures;
      /** Only when 200 req/s is beyond the server: the same at half its measured throughput, where latency is not queueing. */
      sustainable: SteadyFigures | undefined;
    }
  | { ok: false; database: string; reason: string };

export interface TransfersReport {
  outcomes: TransfersOutcome[];
}

export async function call<T>(
  baseUrl: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(baseUrl + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status >= 300)
    throw new Error(`POST ${path} answered HTTP ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

export async function signIn(baseUrl: string, email: string): Promise<string> {
  const answer = await call<{ accessToken?: string }>(baseUrl, '/api/auth/login', {
    client: 'web',
    username: email,
    password: BENCH_PASSWORD,
    codeChallenge: 'x'.repeat(43),
  });
  if (!answer.accessToken) throw new Error(`sign-in of ${email} gave no access token`);
  return answer.accessToken;
}

async function payers(baseUrl: string): Promise<Payer[]> {
  const out: Payer[] = [];
  for (let i = 0; i < PAYERS; i += 1) {
    const token = await signIn(baseUrl, payerEmail(i));
    const { accounts } = await call<{ accounts: { accountId: number; currencyCode: string }[] }>(
      baseUrl,
      '/api/main/?getAccounts',
      {},
      token,
    );
    // The EUR payment account and the EUR wallet: a same-currency transfer, free of fees.
    const eur = accounts
      .filter((account) => account.currencyCode === 'EUR')
      .map((account) => account.accountId);
    if (eur.length < 2) throw new Error(`${payerEmail(i)} has ${eur.length} EUR accounts, not 2`);
    out.push({ token, from: eur[0]!, to: eur[1]! });
  }
  return out;
}

/** Each request goes out as the next payer in turn, with a fresh idempotency key. */
function requestFor(kind: 'pairs' | 'hot', list: Payer[]): (request: RawRequest) => RawRequest {
  let next = 0;
  return (request) => {
    const payer = list[next % list.length]!;
    next += 1;
    const body =
      kind === 'pairs'
        ? {
            fromAccount: payer.from,
            toAccount: payer.to,
            toAmount: AMOUNT,
            currency: 'EUR',
            idempotencyKey: randomUUID(),
          }
        : {
            fromAccount: payer.from,
            email: HOT_EMAIL,
            amount: AMOUNT,
            idempotencyKey: randomUUID(),
          };
    return {
      ...request,
      path: `/api/main/?${kind === 'pairs' ? 'transferBetweenAccounts' : 'transferP2P'}`,
      headers: {
        ...request.headers,
        'content-type': 'application/json',
        authorization: `Bearer ${payer.token}`,
      },
      body: JSON.stringify(body),
    };
  };
}

function cannon(
  baseUrl: string,
  setup: (request: RawRequest) => RawRequest,
  options: { durationS: number; connections: number },
  firstError: { text?: string },
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        method: 'POST',
        connections: options.connections,
        duration: options.durationS,
        timeout: 10,
        requests: [
          {
            method: 'POST',
            setupRequest: setup,
            onResponse: (status, body) => {
              if (status !== 200 && firstError.text === undefined)
                firstError.text = `HTTP ${status}: ${body.slice(0, 300)}`;
            },
          },
        ],
      },
      (error, result) => {
        clearTimeout(guard);
        if (error) reject(error);
        else resolve(result);
      },
    );
    const guard = setTimeout(() => instance.stop(), (options.durationS + 30) * 1000);
  });
}

interface Written {
  transfers: number;
  postings: number;
  audit: number;
}

async function written(baseUrl: string): Promise<Written> {
  const response = await fetch(`${baseUrl}/bench/written`, { signal: AbortSignal.timeout(30_000) });
  return (await response.json()) as Written;
}

async function throughput(
  label: string,
  server: Measured,
  kind: 'pairs' | 'hot',
  list: Payer[],
): Promise<ThroughputFigures> {
  const { baseUrl } = server;
  const firstError: { text?: string } = {};
  await cannon(
    baseUrl,
    requestFor(kind, list),
    { durationS: WARMUP_S, connections: CONNECTIONS },
    firstError,
  );
  const cpuBefore = await cpuNow(server.pid, server.postmaster);
  const result = await cannon(
    baseUrl,
    requestFor(kind, list),
    { durationS: DURATION_S, connections: CONNECTIONS },
    firstError,
  );
  const cpu = cpuSince(cpuBefore, await cpuNow(server.pid, server.postmaster));
  const settled = result['2xx'];
  const figures: ThroughputFigures = {
    label,
    tps: settled / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors,
    settled,
    cpuMs: {
      server: (cpu.server * 1000) / Math.max(1, settled),
      postgres: (cpu.postgres * 1000) / Math.max(1, settled),
    },
  };
  console.log(
    `    ${label}: ${num(figures.tps, 1)} transfers/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ${num(settled)} settled, ${figures.failed} failed` +
      (firstError.text ? ` (first failure: ${firstError.text})` : ''),
  );
  console.log(
    `      CPU a transfer: server ${figures.cpuMs.server.toFixed(2)} ms` +
      (Number.isNaN(figures.cpuMs.postgres)
        ? ' (PGlite runs inside the server)'
        : `, PostgreSQL ${figures.cpuMs.postgres.toFixed(2)} ms`),
  );
  return figures;
}

/**
 * One request every 1000/rate ms on its own schedule (an open loop), whatever the answers before it
 * did; each latency counts from the moment its request was due, so a late send is not hidden.
 * autocannon's rate limit is not used here: it sends each connection's share of a second at once
 * when the second begins, so every second starts with a burst and its latencies are that burst's
 * queue (decision 110).
 */
async function openLoop(
  baseUrl: string,
  setup: () => { path: string; token: string; body: string },
  rate: number,
  durationS: number,
  firstError: { text?: string },
): Promise<{ latencies: number[]; settled: number; failed: number; seconds: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: STEADY_CONNECTIONS });
  const url = new URL(baseUrl);
  const latencies: number[] = [];
  let settled = 0;
  let failed = 0;
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const { path, token, body } = setup();
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path,
          method: 'POST',
          agent,
          timeout: 30_000,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: `Bearer ${token}`,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            latencies.push(performance.now() - due);
            if (response.statusCode === 200) settled += 1;
            else {
              failed += 1;
              firstError.text ??= `HTTP ${response.statusCode}: ${Buffer.concat(chunks).toString().slice(0, 300)}`;
            }
            resolve();
          });
        },
      );
      request.on('error', (error) => {
        failed += 1;
        firstError.text ??= error.message;
        resolve();
      });
      request.end(body);
    });
  const interval = 1000 / rate;
  const total = Math.round(rate * durationS);
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send(due));
  }
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { latencies, settled, failed, seconds };
}

const percentile = (sorted: number[], p: number): number =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0);

async function steady(baseUrl: string, list: Payer[], rate: number): Promise<SteadyFigures> {
  const firstError: { text?: string } = {};
  let next = 0;
  const setup = () => {
    const payer = list[next % list.length]!;
    next += 1;
    return {
      path: '/api/main/?transferBetweenAccounts',
      token: payer.token,
      body: JSON.stringify({
        fromAccount: payer.from,
        toAccount: payer.to,
        toAmount: AMOUNT,
        currency: 'EUR',
        idempotencyKey: randomUUID(),
      }),
    };
  };
  await openLoop(baseUrl, setup, rate, WARMUP_S, firstError);
  const result = await openLoop(baseUrl, setup, rate, STEADY_S, firstError);
  const sorted = result.latencies.sort((a, b) => a - b);
  const figures: SteadyFigures = {
    rate,
    achieved: result.settled / result.seconds,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: Math.round(sorted.at(-1) ?? 0),
    failed: result.failed,
  };
  console.log(
    `    steady ${rate} req/s for ${STEADY_S} s (between accounts, evenly spaced): achieved ${num(figures.achieved, 1)}/s, ` +
      `p50 ${figures.p50} ms, p90 ${figures.p90} ms, p99 ${figures.p99} ms, max ${figures.max} ms, ${figures.failed} failed` +
      (firstError.text ? ` (first failure: ${firstError.text})` : ''),
  );
  return figures;
}

async function raw(baseUrl: string, rowsPerCommit: number, commits: number): Promise<RawFigures> {
  const response = await fetch(`${baseUrl}/bench/raw-commits`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rows: rowsPerCommit, transactions: commits, concurrency: CONNECTIONS }),
    signal: AbortSignal.timeout(300_000),
  });
  const { seconds } = (await response.json()) as { seconds: number };
  const figures = { rowsPerCommit, commits, commitsPerSecond: commits / seconds };
  console.log(
    `    raw database: ${num(figures.commitsPerSecond, 1)} commits/s of ${rowsPerCommit} single-row inserts each ` +
      `(${num(commits)} commits, ${CONNECTIONS} at a time, through the server's own database handle)`,
  );
  return figures;
}

/** The bench's server, and the local PostgreSQL's postmaster when there is one (for CPU figures). */
type Measured = RunningServer & { postmaster: number | undefined };

/**
 * An access token lives 5 minutes (ACCESS_TOKEN_TTL_SECONDS), and the bench does not refresh it:
 * on a busy machine a later phase would otherwise run on expired tokens and measure 401s.
 */
const SIGN_IN_AGAIN_AFTER_MS = 4 * 60_000;

/** The payers, signed in, with tokens that outlive the next phase: signed in again when old. */
function signedInPayers(baseUrl: string): () => Promise<Payer[]> {
  let list: Payer[] | undefined;
  let at = 0;
  return async () => {
    if (!list || Date.now() - at > SIGN_IN_AGAIN_AFTER_MS) {
      at = Date.now();
      list = await payers(baseUrl);
    }
    return list;
  };
}

async function measure(database: string, server: Measured): Promise<TransfersOutcome> {
  const payersNow = signedInPayers(server.baseUrl);
  const before = await written(server.baseUrl);
  const pairs = await throughput(
    'between own accounts, 50 pairs',
    server,
    'pairs',
    await payersNow(),
  );
  const after = await written(server.baseUrl);
  const transfers = after.transfers - before.transfers;
  if (transfers <= 0) throw new Error('no transfer was recorded');
  // Rows one transfer inserts (its row, its postings, its audit entry) plus the rows it updates.
  const inserted =
    (after.transfers -
      before.transfers +
      after.postings -
      before.postings +
      after.audit -
      before.audit) /
    transfers;
  const rowsPerCommit = Math.round(inserted) + UPDATES_PER_TRANSFER;
  const hot = await throughput(
    'P2P from 50 payers into one hot account',
    server,
    'hot',
    await payersNow(),
  );
  const rawFigures = await raw(
    server.baseUrl,
    rowsPerCommit,
    Math.max(500, Math.min(5000, pairs.settled)),
  );
  const steadyFigures = await steady(server.baseUrl, await payersNow(), STEADY_RATE);
  // Over capacity the figures above are queueing time; half the throughput shows a transfer's own latency.
  let sustainable: SteadyFigures | undefined;
  if (steadyFigures.achieved < STEADY_RATE * 0.95) {
    console.log(
      `    (${STEADY_RATE} req/s is beyond this server here: the latencies above are mostly queueing)`,
    );
    sustainable = await steady(
      server.baseUrl,
      await payersNow(),
      Math.max(1, Math.floor(pairs.tps / 2)),
    );
  }
  return { ok: true, database, pairs, hot, raw: rawFigures, steady: steadyFigures, sustainable };
}

async function run(database: string, databaseUrl: string | undefined): Promise<TransfersOutcome> {
  console.log(`  ${database}: starting the server and seeding ${PAYERS} payers…`);
  let server: RunningServer | undefined;
  try {
    server = await startLedgerline({
      script: 'bench/src/transfer-server.ts',
      env: { BOT_CHECK: 'false', BENCH_PAYERS: String(PAYERS) },
      ...(databaseUrl ? { databaseUrl } : {}),
    });
    const postmaster = databaseUrl ? await postmasterOf(databaseUrl) : undefined;
    return await measure(database, { ...server, postmaster });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.log(`  ${database}: NOT MEASURED: ${reason}`);
    return { ok: false, database, reason: reason.split('\n')[0] ?? reason };
  } finally {
    await server?.stop();
  }
}

/** A fresh database on the PostgreSQL server for one run (the bench users are seeded into it), dropped afterwards. */
export async function withFreshDatabase<T>(
  adminUrl: string,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const name = `ll_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await use(url.toString());
  } finally {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}

export async function runTransfersPart(): Promise<TransfersReport> {
  console.log(
    `  ${CONNECTIONS} connections, ${DURATION_S} s measured after ${WARMUP_S} s warm-up; ${AMOUNT} EUR a transfer, confirmation mode 0 (settles at once), a new idempotency key each`,
  );
  const outcomes: TransfersOutcome[] = [await run('PGlite', undefined)];
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (adminUrl) {
    try {
      outcomes.push(await withFreshDatabase(adminUrl, (url) => run('PostgreSQL', url)));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.log(`  PostgreSQL: NOT MEASURED: ${reason}`);
      outcomes.push({ ok: false, database: 'PostgreSQL', reason });
    }
  } else {
    console.log('  PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL to measure it)');
  }
  return { outcomes };
}
