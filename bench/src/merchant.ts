/**
 * Merchant figures (issue 18), through the real server (bench/src/merchant-server.ts, production
 * mode) over HTTP, on PGlite and on PostgreSQL:
 * - webhook deliveries per second: WEBHOOK_BENCH_EVENTS payment.received events written into the
 *   outbox in one transaction, one endpoint (registered through public-api/webhook) on a loopback
 *   receiver that answers 200 at once and checks nothing; from the commit until the last message
 *   is recorded delivered (the server's own clock for both ends), the sender as it runs in
 *   production (its background loop, nothing called by hand);
 * - the public API's payments list: a key with the read scope (public-api/apikey), the merchant's
 *   account holding BENCH_MERCHANT_PAYMENTS transfers; GET /api/public/v1/payments pages (the
 *   first, and keyset pages down to 500 deep by the cursors a walk collected) from CONNECTIONS
 *   concurrent connections: p50, p99 and requests per second. Each call goes through the whole
 *   door: the key's lookup, the allowed ranges, the per-key rate count, its last use, and a row of
 *   the request log. PUBLIC_API_RATE_LIMIT is set to its most (100,000 a minute) so no call is
 *   refused; the per-key count then reads every call of the last minute, more than a real
 *   limit lets it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon, { type RawRequest, type Result } from 'autocannon';
import { MERCHANT_EMAIL } from './bench-users';
import { LOOPBACK, startLedgerline, type RunningServer } from './child';
import { num } from './format';
import { signIn, withFreshDatabase } from './transfers';

const EVENTS = Number(process.env.WEBHOOK_BENCH_EVENTS ?? 2000);
const PAYMENTS = Number(process.env.BENCH_MERCHANT_PAYMENTS ?? 20_000);
const CONNECTIONS = 10;
const DURATION_S = 10;
const WARMUP_S = 2;
/** Keyset pages collected for the load (the first page is one of them). */
const PAGES = 500;
/** The most the server allows (config.ts): the limiter runs but never refuses. */
const RATE_LIMIT = '100000';

export interface WebhookFigures {
  events: number;
  enqueueSeconds: number;
  deliverSeconds: number;
  perSecond: number;
  received: number;
}

export interface PaymentsListFigures {
  payments: number;
  pages: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
}

export type MerchantOutcome =
  | { ok: true; database: string; webhooks: WebhookFigures; list: PaymentsListFigures }
  | { ok: false; database: string; reason: string };

/** The merchant's server: answers 200 at once, counts what it got. */
async function startReceiver(): Promise<{ server: Server; url: string; received: () => number }> {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.statusCode = 200;
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://${LOOPBACK}:${port}/hooks`, received: () => received };
}

async function json<T>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(baseUrl + path, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(120_000),
  });
  const text = await response.text();
  if (response.status >= 300)
    throw new Error(`${method} ${path} answered HTTP ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

interface Status {
  pending: number;
  delivered: number;
  failed: number;
  lastDeliveredAt: number | null;
}

async function measureWebhooks(
  server: RunningServer,
  token: string,
  customerId: number,
): Promise<WebhookFigures> {
  const receiver = await startReceiver();
  try {
    await json(server.baseUrl, 'POST', '/api/public-api/webhook', {
      token,
      body: { customerId, name: 'Bench receiver', url: receiver.url },
    });
    const enqueued = await json<{ messages: number; startedAt: number; committedAt: number }>(
      server.baseUrl,
      'POST',
      '/bench/webhook-events',
      { body: { count: EVENTS } },
    );
    if (enqueued.messages !== EVENTS)
      throw new Error(`${enqueued.messages} messages were written for ${EVENTS} events`);
    const deadline = Date.now() + 10 * 60_000;
    let status: Status;
    for (;;) {
      status = await json<Status>(server.baseUrl, 'GET', '/bench/webhook-status');
      if (status.delivered + status.failed >= EVENTS) break;
      if (Date.now() > deadline)
        throw new Error(`after 10 minutes ${status.delivered} of ${EVENTS} were delivered`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (status.failed > 0 || status.lastDeliveredAt === null)
      throw new Error(`${status.failed} messages failed`);
    const deliverSeconds = (status.lastDeliveredAt - enqueued.committedAt) / 1000;
    return {
      events: EVENTS,
      enqueueSeconds: (enqueued.committedAt - enqueued.startedAt) / 1000,
      deliverSeconds,
      perSecond: EVENTS / deliverSeconds,
      received: receiver.received(),
    };
  } finally {
    await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
  }
}

function cannon(baseUrl: string, key: string, paths: string[], durationS: number): Promise<Result> {
  let next = 0;
  let firstError: string | undefined;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: CONNECTIONS,
        duration: durationS,
        timeout: 10,
        requests: [
          {
            method: 'GET',
            setupRequest: (request: RawRequest) => {
              const path = paths[next % paths.length]!;
              next += 1;
              return {
                ...request,
                method: 'GET',
                path,
                headers: { authorization: `Bearer ${key}` },
              };
            },
            onResponse: (status, body) => {
              if (status !== 200 && firstError === undefined)
                firstError = `HTTP ${status}: ${body.slice(0, 300)}`;
            },
          },
        ],
      },
      (error, result) => {
        clearTimeout(guard);
        if (error) reject(error);
        else if (result.non2xx > 0 && firstError) reject(new Error(firstError));
        else resolve(result);
      },
    );
    const guard = setTimeout(() => instance.stop(), (durationS + 30) * 1000);
  });
}

async function measurePaymentsList(
  server: RunningServer,
  token: string,
  customerId: number,
): Promise<PaymentsListFigures> {
  const { secret } = await json<{ secret: string }>(
    server.baseUrl,
    'POST',
    '/api/public-api/apikey',
    { token, body: { customerId, name: 'Bench key', scopes: ['read'] } },
  );
  // Walk the pages once for their cursors: the load then asks for pages at every depth.
  const paths = ['/api/public/v1/payments'];
  let seen = 0;
  for (let page = 0; page < PAGES - 1; page += 1) {
    const answer = await json<{ payments: unknown[]; nextCursor: string | null }>(
      server.baseUrl,
      'GET',
      paths[paths.length - 1]!,
      { token: secret },
    );
    seen += answer.payments.length;
    if (answer.nextCursor === null) break;
    paths.push(`/api/public/v1/payments?cursor=${encodeURIComponent(answer.nextCursor)}`);
  }
  if (seen === 0) throw new Error('the payments list is empty');
  await cannon(server.baseUrl, secret, paths, WARMUP_S);
  const result = await cannon(server.baseUrl, secret, paths, DURATION_S);
  return {
    payments: PAYMENTS,
    pages: paths.length,
    rps: result.requests.mean,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function run(database: string, databaseUrl: string | undefined): Promise<MerchantOutcome> {
  console.log(`  ${database}: starting the server and writing ${num(PAYMENTS)} payments…`);
  let server: RunningServer | undefined;
  try {
    server = await startLedgerline({
      script: 'bench/src/merchant-server.ts',
      env: {
        BOT_CHECK: 'false',
        PUBLIC_API_RATE_LIMIT: RATE_LIMIT,
        BENCH_MERCHANT_PAYMENTS: String(PAYMENTS),
      },
      startTimeoutMs: 300_000,
      ...(databaseUrl ? { databaseUrl } : {}),
    });
    const token = await signIn(server.baseUrl, MERCHANT_EMAIL);
    const { customer } = await json<{ customer: { customerId: number } }>(
      server.baseUrl,
      'POST',
      '/api/main/?getCustomerInfo',
      { token, body: {} },
    );
    const webhooks = await measureWebhooks(server, token, customer.customerId);
    console.log(
      `    ${database}: ${num(webhooks.events)} webhook events written in ${webhooks.enqueueSeconds.toFixed(2)} s; ` +
        `all delivered ${webhooks.deliverSeconds.toFixed(2)} s after the commit: ${num(webhooks.perSecond, 1)} deliveries/s ` +
        `(the receiver got ${num(webhooks.received)} requests)`,
    );
    const list = await measurePaymentsList(server, token, customer.customerId);
    console.log(
      `    ${database}: payments list (${num(list.pages)} pages of 20 over ${num(list.payments)} transfers, ${CONNECTIONS} connections): ` +
        `${num(list.rps)} req/s, p50 ${list.p50} ms, p99 ${list.p99} ms, max ${list.max} ms, non-2xx ${list.non2xx}, errors ${list.errors}`,
    );
    return { ok: true, database, webhooks, list };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.log(`  ${database}: NOT MEASURED: ${reason}`);
    return { ok: false, database, reason: reason.split('\n')[0] ?? reason };
  } finally {
    await server?.stop();
  }
}

export async function runMerchantPart(): Promise<MerchantOutcome[]> {
  console.log(
    `  ${num(EVENTS)} webhook events to one loopback endpoint answering 200; the payments list of a key, ` +
      `${CONNECTIONS} connections, ${DURATION_S} s after ${WARMUP_S} s warm-up, PUBLIC_API_RATE_LIMIT=${RATE_LIMIT}`,
  );
  const outcomes: MerchantOutcome[] = [await run('PGlite', undefined)];
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
  return outcomes;
}

/** The summary's rows. */
export function merchantRows(outcomes: MerchantOutcome[]): string[][] {
  return outcomes.flatMap((outcome) =>
    outcome.ok
      ? [
          [
            `${outcome.database}: webhook deliveries, outbox to loopback`,
            `${num(outcome.webhooks.perSecond, 1)} /s`,
            `${num(outcome.webhooks.events)} events in ${outcome.webhooks.deliverSeconds.toFixed(2)} s after the commit`,
          ],
          [
            `${outcome.database}: public API payments list`,
            `${num(outcome.list.rps)} req/s, p50 ${outcome.list.p50} ms, p99 ${outcome.list.p99} ms`,
            `${num(outcome.list.payments)} transfers, ${num(outcome.list.pages)} pages, non-2xx ${outcome.list.non2xx}`,
          ],
        ]
      : [[`${outcome.database}: merchant figures`, 'not measured', outcome.reason]],
  );
}
