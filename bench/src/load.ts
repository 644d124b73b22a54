/**
 * Load figures: the dictionary method of the real server (PGlite, and PostgreSQL when a URL is
 * given) against bare Fastify on the same machine, with autocannon's programmatic API.
 */
import autocannon, { type Result } from 'autocannon';
import { startBare, startLedgerline, type RunningServer } from './child';
import { num } from './format';

const CONNECTIONS = 10;
const DURATION_S = 10;
/** Not counted: lets the JIT and the connection pools settle first. */
const WARMUP_S = 2;
const BODY = '{}';

export interface LoadFigures {
  label: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  total: number;
  answerBytes: number;
}

export type LoadOutcome =
  { ok: true; figures: LoadFigures } | { ok: false; label: string; reason: string };

export interface LoadReport {
  outcomes: LoadOutcome[];
  /** Ledgerline requests/s divided by bare Fastify requests/s, per Ledgerline run. */
  ratios: { label: string; ratio: number }[];
}

function cannon(url: string, durationS: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: BODY,
        connections: CONNECTIONS,
        duration: durationS,
        timeout: 10,
      },
      (error, result) => {
        clearTimeout(guard);
        if (error) reject(error);
        else resolve(result);
      },
    );
    // Bound in time even if the server stops answering.
    const guard = setTimeout(() => instance.stop(), (durationS + 20) * 1000);
  });
}

async function post(url: string): Promise<{ status: number; bytes: number }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: BODY,
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
}

/** getCurrencies when the server has it, otherwise getCountries. */
async function dictionaryPath(baseUrl: string): Promise<string> {
  for (const method of ['getCurrencies', 'getCountries']) {
    const path = `/api/main/?${method}`;
    if ((await post(baseUrl + path)).status < 300) return path;
  }
  throw new Error('neither getCurrencies nor getCountries answered 2xx');
}

async function measure(label: string, server: RunningServer, path: string): Promise<LoadFigures> {
  const url = server.baseUrl + path;
  const check = await post(url);
  if (check.status >= 300) throw new Error(`POST ${path} answered HTTP ${check.status}`);
  await cannon(url, WARMUP_S);
  const result = await cannon(url, DURATION_S);
  const figures: LoadFigures = {
    label,
    path,
    rps: result.requests.mean,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
    answerBytes: check.bytes,
  };
  console.log(
    `  ${label}: ${num(figures.rps)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ` +
      `errors ${figures.errors} (timeouts ${figures.timeouts}), non-2xx ${figures.non2xx}, ${num(figures.total)} requests, answer ${num(figures.answerBytes)} B`,
  );
  return figures;
}

async function run(
  label: string,
  start: () => Promise<RunningServer>,
  pathFor: (server: RunningServer) => Promise<string>,
): Promise<LoadOutcome> {
  console.log(`  starting ${label}…`);
  let server: RunningServer | undefined;
  try {
    server = await start();
    return { ok: true, figures: await measure(label, server, await pathFor(server)) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.log(`  ${label}: NOT MEASURED: ${reason}`);
    return { ok: false, label, reason: reason.split('\n')[0] ?? reason };
  } finally {
    await server?.stop();
  }
}

/** Hides the password of a connection URL for printing. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

export async function runLoadPart(): Promise<LoadReport> {
  console.log(
    `  ${CONNECTIONS} connections, ${DURATION_S} s measured after ${WARMUP_S} s warm-up, POST body ${BODY}, loopback only`,
  );
  console.log(
    '  Ledgerline runs with NODE_ENV=production, SEED_DEMO=false, LOG_LEVEL=warn and RATE_LIMIT_MAX=1e9',
  );
  console.log('  (the public-method limiter still runs on every request but never answers 429)');
  const bare = await run('bare fastify', startBare, async () => '/api/main/');
  const outcomes: LoadOutcome[] = [
    bare,
    await run(
      'ledgerline PGlite',
      () => startLedgerline(),
      (server) => dictionaryPath(server.baseUrl),
    ),
  ];
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (databaseUrl) {
    console.log(`  PostgreSQL: ${redact(databaseUrl)} (the server applies its migrations there)`);
    outcomes.push(
      await run(
        'ledgerline PostgreSQL',
        () => startLedgerline({ databaseUrl }),
        (server) => dictionaryPath(server.baseUrl),
      ),
    );
  } else {
    console.log('  PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL to measure it)');
  }
  const ratios: LoadReport['ratios'] = [];
  if (bare.ok && bare.figures.rps > 0) {
    for (const outcome of outcomes.slice(1)) {
      if (outcome.ok)
        ratios.push({
          label: outcome.figures.label,
          ratio: outcome.figures.rps / bare.figures.rps,
        });
    }
  }
  for (const { label, ratio } of ratios)
    console.log(`  ratio ${label} / bare fastify: ${ratio.toFixed(3)}`);
  return { outcomes, ratios };
}
