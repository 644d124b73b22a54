/**
 * History figures at scale (issue 7): one account with HISTORY_BENCH_ROWS transfers (1,000,000 by
 * default, made by the same bulk generator as `npm run seed:volume`), on PGlite and on PostgreSQL:
 * - the latency (p50, p99) of getTransactionHistory pages through the real main API (in-process
 *   inject: routing, bearer check, validation, handler, serialisation): the first page (with its
 *   capped total and status totals), keyset pages at random depths, a filtered page;
 * - the CSV export of the whole history: its time and the process's peak memory (RSS sampled
 *   every 20 ms, and the V8 heap), beside the database's own time to read the same rows with a
 *   plain SELECT streamed through a cursor (FETCH 5000), in the same process and run.
 *
 * `node --import tsx bench/src/history.ts` runs it alone; run.ts calls runHistoryPart. Each
 * database is measured in a child process of its own (`… history.ts --child`), so memory figures
 * are that process's. HISTORY_BENCH_DATA_DIR reuses a PGlite directory (e.g. the one
 * `npm run seed:volume` filled): generating a million rows into PGlite takes minutes.
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { and, asc, eq, sql } from 'drizzle-orm';
import { buildServer } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { selectRows, type Database } from '../../apps/server/src/db/client';
import { accounts, historyExports, users } from '../../apps/server/src/db/schema';
import { DEMO_PASSWORD, seedDemo } from '../../apps/server/src/db/seed';
import { runExport } from '../../apps/server/src/modules/history/exports';
import { encodeCursor } from '../../apps/server/src/modules/history/query';
import { generateHistoryVolume } from '../../apps/server/src/modules/history/volume';
import { spawnChild } from './child';
import { num, table } from './format';

const ROWS = Number(process.env.HISTORY_BENCH_ROWS ?? 1_000_000);
const EMAIL = 'personal@ledgerline.test';
const SAMPLES = 100;
const WARMUP = 10;

export interface HistoryFigures {
  database: string;
  rows: number;
  generatedSeconds: number;
  pages: { label: string; p50: number; p99: number; max: number }[];
  exportSeconds: number;
  exportBytes: number;
  exportRows: number;
  baselineRssMb: number;
  peakRssMb: number;
  peakHeapMb: number;
  /** The largest heap left after a full collection during the export (needs --expose-gc). */
  peakLiveHeapMb: number;
  readSeconds: number;
  readRows: number;
}

export type HistoryOutcome =
  ({ ok: true } & HistoryFigures) | { ok: false; database: string; reason: string };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function timeMany(
  label: string,
  make: (index: number) => Promise<void>,
  prepare: () => Promise<void>,
): Promise<HistoryFigures['pages'][number]> {
  for (let index = 0; index < WARMUP; index += 1) {
    await prepare();
    await make(index);
  }
  const times: number[] = [];
  let slowest = { ms: 0, cpuMs: 0, at: '' };
  for (let index = 0; index < SAMPLES; index += 1) {
    await prepare();
    const cpu = process.cpuUsage();
    const started = performance.now();
    await make(index);
    const ms = performance.now() - started;
    times.push(ms);
    if (ms > slowest.ms) {
      const used = process.cpuUsage(cpu);
      slowest = { ms, cpuMs: (used.user + used.system) / 1000, at: new Date().toISOString() };
    }
  }
  // When the slowest sample ended, to find it in the database's log (autovacuum, checkpoints).
  const slowestLog = process.env.HISTORY_BENCH_SLOWEST;
  if (slowestLog)
    appendFileSync(
      slowestLog,
      `${process.env.HISTORY_BENCH_CHILD ?? ''}: slowest of ${label}: ${slowest.ms.toFixed(1)} ms (this process's CPU ${slowest.cpuMs.toFixed(1)} ms), ended ${slowest.at}\n`,
    );
  times.sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    label,
    p50: round(percentile(times, 50)),
    p99: round(percentile(times, 99)),
    max: round(times.at(-1) ?? 0),
  };
}

/** Reads every history row of the account with a plain SELECT through a server-side cursor. */
async function plainRead(
  db: Database,
  accountId: number,
): Promise<{ seconds: number; rows: number }> {
  const started = performance.now();
  let rows = 0;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`declare bench_read no scroll cursor for
          select p.id, p.created_at, p.amount, p.pending, t.id as transfer_id, t.kind, t.status, t.fee, t.details
          from postings p join ledger_transfers t on t.id = p.transfer_id
          where p.account_id = ${accountId}
          order by p.created_at desc, p.id desc`,
    );
    for (;;) {
      const batch = await selectRows<unknown>(tx, sql`fetch 5000 from bench_read`);
      rows += batch.length;
      if (batch.length === 0) break;
    }
    await tx.execute(sql`close bench_read`);
  });
  return { seconds: (performance.now() - started) / 1000, rows };
}

/** The child: opens the database, fills the account, measures, prints one JSON line. */
async function child(database: string): Promise<void> {
  const slowestLog = process.env.HISTORY_BENCH_SLOWEST;
  // Garbage collections of 5 ms or more, with when they ended, beside the slowest samples.
  if (slowestLog)
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.duration >= 5)
          appendFileSync(
            slowestLog,
            `${database}: gc ${entry.duration.toFixed(1)} ms, ended ${new Date(performance.timeOrigin + entry.startTime + entry.duration).toISOString()}\n`,
          );
    }).observe({ entryTypes: ['gc'] });
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    BOT_CHECK: 'false',
    SEED_DEMO: 'false',
    RATE_LIMIT_MAX: '1000000000',
  } as Record<string, string | undefined>);
  const { app, database: handle } = await buildServer({ config });
  try {
    const db = handle.db;
    await seedDemo(db, { cardDataKey: config.cardDataKey });
    const [user] = await db
      .select({ customerId: users.customerId })
      .from(users)
      .where(sql`lower(${users.email}) = ${EMAIL}`);
    const [account] = await db
      .select()
      .from(accounts)
      .where(
        and(
          eq(accounts.customerId, user!.customerId),
          eq(accounts.type, 1001),
          eq(accounts.currencyCode, 'EUR'),
        ),
      )
      .orderBy(asc(accounts.id))
      .limit(1);
    if (!account) throw new Error('no EUR account for the bench');
    const generatedAt = performance.now();
    await generateHistoryVolume(db, { accountId: account.id, count: ROWS });
    const generatedSeconds = (performance.now() - generatedAt) / 1000;

    await app.ready();
    const signIn = async () => {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: {
          client: 'web',
          username: EMAIL,
          password: DEMO_PASSWORD,
          codeChallenge: 'x'.repeat(43),
        },
      });
      const token = (login.json() as { accessToken?: string }).accessToken;
      if (!token) throw new Error(`sign-in failed: ${login.body.slice(0, 200)}`);
      return token;
    };
    let token = await signIn();
    let signedInAt = performance.now();
    // Outside the timed part: a new token once the old one is a minute old (they last five).
    const freshToken = async () => {
      if (performance.now() - signedInAt < 60_000) return;
      token = await signIn();
      signedInAt = performance.now();
    };
    const page = async (body: Record<string, unknown>) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/main/?getTransactionHistory',
        headers: { authorization: `Bearer ${token}` },
        payload: body,
      });
      if (response.statusCode !== 200)
        throw new Error(
          `history page answered ${response.statusCode}: ${response.body.slice(0, 200)}`,
        );
    };
    // Cursors at random depths: the (created_at, id) of random postings of the account.
    const positions = await selectRows<{ at_us: string; id: string }>(
      db,
      sql`select (extract(epoch from created_at) * 1000000)::bigint::text as at_us, id::text from postings
          where account_id = ${account.id} order by random() limit ${SAMPLES + WARMUP}`,
    );
    const cursors = positions.map((row) =>
      encodeCursor({ atMicros: BigInt(row.at_us), postingId: BigInt(row.id) }),
    );
    const filter = { transactionType: 'wire', amountFrom: '10', amountTo: '100', direction: 'out' };
    const month = {
      fromDate: new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10),
      toDate: new Date(Date.now() - 170 * 86_400_000).toISOString().slice(0, 10),
    };
    const groups: [string, (index: number) => Promise<void>][] = [
      ['first page (20) with total and totals', () => page({ accountId: account.id })],
      [
        'next page at a random depth (keyset, no totals)',
        (index) => page({ accountId: account.id, cursor: cursors[index % cursors.length] }),
      ],
      [
        'page at a random depth with totals',
        (index) =>
          page({
            accountId: account.id,
            cursor: cursors[index % cursors.length],
            withTotals: true,
          }),
      ],
      [
        'filtered first page (wire, 10–100, out) with totals',
        () => page({ accountId: account.id, ...filter }),
      ],
      [
        'filtered next page at a random depth',
        (index) =>
          page({ accountId: account.id, ...filter, cursor: cursors[index % cursors.length] }),
      ],
      ['one month, first page with totals', () => page({ accountId: account.id, ...month })],
    ];
    const pages: HistoryFigures['pages'] = [];
    for (const [label, make] of groups) pages.push(await timeMany(label, make, freshToken));

    // The whole history as CSV, the way the background worker writes it, with memory sampled.
    global.gc?.();
    const baselineRss = process.memoryUsage().rss;
    let peakRss = baselineRss;
    let peakHeap = process.memoryUsage().heapUsed;
    let peakLiveHeap = 0;
    let ticks = 0;
    const sampler = setInterval(() => {
      const usage = process.memoryUsage();
      peakRss = Math.max(peakRss, usage.rss);
      peakHeap = Math.max(peakHeap, usage.heapUsed);
      // Every second, the heap after a full collection: what the export really keeps alive.
      ticks += 1;
      if (global.gc && ticks % 50 === 0) {
        global.gc();
        peakLiveHeap = Math.max(peakLiveHeap, process.memoryUsage().heapUsed);
      }
    }, 20);
    const [job] = await db
      .insert(historyExports)
      .values({
        customerId: user!.customerId,
        userId: (
          await db
            .select({ id: users.id })
            .from(users)
            .where(sql`lower(${users.email}) = ${EMAIL}`)
        )[0]!.id,
        accountId: account.id,
        source: 'history',
        format: 'csv',
        params: { lang: 'en', filter: {} },
        fileName: 'bench.csv',
        status: 'running',
      })
      .returning();
    const exportStarted = performance.now();
    await runExport(db, job!);
    const exportSeconds = (performance.now() - exportStarted) / 1000;
    clearInterval(sampler);
    const [done] = await db.select().from(historyExports).where(eq(historyExports.id, job!.id));
    const read = await plainRead(db, account.id);
    const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    const figures: HistoryFigures = {
      database,
      rows: ROWS,
      generatedSeconds: Math.round(generatedSeconds * 10) / 10,
      pages,
      exportSeconds: Math.round(exportSeconds * 100) / 100,
      exportBytes: done?.byteSize ?? 0,
      exportRows: done?.rowCount ?? 0,
      baselineRssMb: mb(baselineRss),
      peakRssMb: mb(peakRss),
      peakHeapMb: mb(peakHeap),
      peakLiveHeapMb: mb(peakLiveHeap),
      readSeconds: Math.round(read.seconds * 100) / 100,
      readRows: read.rows,
    };
    console.log(`HISTORY_FIGURES ${JSON.stringify(figures)}`);
  } finally {
    await app.close();
  }
}

async function runChild(database: string, env: Record<string, string>): Promise<HistoryOutcome> {
  console.log(
    `  ${database}: filling one account with ${num(ROWS)} transfers (skipped when already there) and measuring…`,
  );
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete childEnv.DATABASE_URL;
  if (env.DATABASE_URL) childEnv.DATABASE_URL = env.DATABASE_URL;
  // --expose-gc: the live heap after collections shows whether the export holds its file.
  const running = spawnChild(
    `history bench (${database})`,
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'bench/src/history.ts'],
    { env: childEnv },
  );
  const code = await running.exited;
  const line = running
    .tail(400)
    .split('\n')
    .find((text) => text.includes('HISTORY_FIGURES '));
  if (code !== 0 || !line)
    return { ok: false, database, reason: `the child exited with ${code}: ${running.tail(5)}` };
  return {
    ok: true,
    ...(JSON.parse(
      line.slice(line.indexOf('HISTORY_FIGURES ') + 'HISTORY_FIGURES '.length),
    ) as HistoryFigures),
  };
}

/** Issue 19's goals: the first page with its totals, and the CSV export's speed and memory. */
const GOALS = { firstPageP99Ms: 50, exportRowsPerSecond: 100_000, exportRssGrowthMb: 50 };
const FIRST_PAGE = 'first page (20) with total and totals';

export function historySummaryRows(outcomes: HistoryOutcome[]): string[][] {
  const rows: string[][] = [];
  const verdict = (met: boolean) => (met ? 'met' : 'not met');
  for (const outcome of outcomes) {
    if (!outcome.ok) {
      rows.push([
        `history on ${outcome.database}`,
        'not measured',
        '',
        outcome.reason.split('\n')[0] ?? '',
      ]);
      continue;
    }
    for (const pageFigures of outcome.pages)
      rows.push([
        `${outcome.database}: ${pageFigures.label}`,
        `p50 ${pageFigures.p50} ms, p99 ${pageFigures.p99} ms`,
        pageFigures.label === FIRST_PAGE
          ? `p99 ≤ ${GOALS.firstPageP99Ms} ms: ${verdict(pageFigures.p99 <= GOALS.firstPageP99Ms)}`
          : '',
        `max ${pageFigures.max} ms, ${num(outcome.rows)} rows`,
      ]);
    const rowsPerSecond = Math.round(outcome.exportRows / Math.max(outcome.exportSeconds, 0.001));
    const growth = Math.round((outcome.peakRssMb - outcome.baselineRssMb) * 10) / 10;
    rows.push([
      `${outcome.database}: CSV export of ${num(outcome.exportRows)} rows`,
      `${num(rowsPerSecond)} rows/s (${outcome.exportSeconds} s), RSS +${growth} MB`,
      `≥ ${num(GOALS.exportRowsPerSecond)} rows/s: ${verdict(rowsPerSecond >= GOALS.exportRowsPerSecond)}; ≤ ${GOALS.exportRssGrowthMb} MB: ${verdict(growth <= GOALS.exportRssGrowthMb)}`,
      `${(outcome.exportBytes / 1024 / 1024).toFixed(1)} MB file; peak RSS ${outcome.peakRssMb} MB (from ${outcome.baselineRssMb} MB), heap ${outcome.peakHeapMb} MB, live after GC ${outcome.peakLiveHeapMb} MB`,
    ]);
    rows.push([
      `${outcome.database}: plain SELECT of the same rows (cursor)`,
      `${outcome.readSeconds} s`,
      '',
      `${num(outcome.readRows)} postings, export ${(outcome.exportSeconds / Math.max(outcome.readSeconds, 0.001)).toFixed(1)}× the read`,
    ]);
  }
  return rows;
}

export async function runHistoryPart(): Promise<HistoryOutcome[]> {
  const outcomes: HistoryOutcome[] = [];
  const reuse = process.env.HISTORY_BENCH_DATA_DIR;
  const dataDir = reuse ?? (await mkdtemp(join(tmpdir(), 'ledgerline-history-bench-')));
  try {
    outcomes.push(await runChild('PGlite', { HISTORY_BENCH_CHILD: 'PGlite', DATA_DIR: dataDir }));
  } finally {
    if (!reuse) await rm(dataDir, { recursive: true, force: true });
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `ll_history_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      outcomes.push(
        await runChild('PostgreSQL', {
          HISTORY_BENCH_CHILD: 'PostgreSQL',
          DATABASE_URL: url.toString(),
        }),
      );
    } finally {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    }
  } else {
    console.log('  PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL to measure it)');
  }
  console.log(table(['measure', 'figure', 'goal', 'note'], historySummaryRows(outcomes)));
  return outcomes;
}

// Run directly: the parent (or a child when HISTORY_BENCH_CHILD names its database).
if (process.argv[1]?.endsWith('history.ts')) {
  const childOf = process.env.HISTORY_BENCH_CHILD;
  const run = childOf ? child(childOf) : runHistoryPart().then(() => undefined);
  run.then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    },
  );
}
