/**
 * `npm run bench [-- --only size|load|transfers|mass|merchant|history|lighthouse]`: prints figures; never passes or fails on timing.
 * Exits 1 only when a part could not be measured at all (e.g. the web app does not build).
 */
import { parseArgs } from 'node:util';
import { runSizePart, sizeRows, type SizeReport } from './bundle-size';
import { installCleanup, stopAll } from './child';
import { goal, heading, num, table } from './format';
import { lighthouseRows, type LighthouseReport } from './lighthouse';
import { runLoadPart, type LoadReport } from './load';
import { massRows, runMassPart, type MassOutcome } from './mass';
import { merchantRows, runMerchantPart, type MerchantOutcome } from './merchant';
import { runTransfersPart, type TransfersReport } from './transfers';

/** The whole run is bounded: a build, the servers, a million history rows per database and the measurements fit inside. */
const WATCHDOG_MS = 45 * 60_000;

const PARTS = ['size', 'load', 'transfers', 'mass', 'merchant', 'history', 'lighthouse'] as const;
type Part = (typeof PARTS)[number];

const USAGE = `usage: npm run bench [-- --only ${PARTS.join('|')}]`;

function parts(): Part[] {
  let only: string | undefined;
  try {
    only = parseArgs({ options: { only: { type: 'string' } }, strict: true }).values.only;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  if (only === undefined) return [...PARTS];
  const part = PARTS.find((name) => name === only);
  if (part) return [part];
  console.error(`--only must be one of ${PARTS.join(', ')} (got "${only}")\n${USAGE}`);
  process.exit(2);
}

/** Issue 19's goals, beside the figures they judge. */
const GOALS = {
  /** getCurrencies under load: Fastify with helmet's 16k req/s × 0.75. */
  loadRps: 12_000,
  /** Transfers between 50 account pairs, as a share of the database's raw commits of 7 inserts. */
  pairsShare: 0.4,
  /** P2P into one hot account, as a share of raw commits. */
  hotShare: 0.3,
  /** One transfer at a steady rate the server sustains: the median answer. */
  steadyP50Ms: 20,
  /** A mass batch on PostgreSQL, upload to every row posted. */
  massRowsPerSecond: 5_000,
} as const;

function summary(
  size: SizeReport | undefined,
  load: LoadReport | undefined,
  transfers: TransfersReport | undefined,
  mass: MassOutcome[] | undefined,
  merchant: MerchantOutcome[] | undefined,
  history: string[][] | undefined,
  lighthouse: LighthouseReport | undefined,
): string {
  const rows: string[][] = [];
  // The size and Lighthouse rows are (measure, figure, goal with its verdict).
  if (size) rows.push(...sizeRows(size).map(withGoalLast));
  if (load) {
    for (const outcome of load.outcomes) {
      if (!outcome.ok) {
        rows.push([outcome.label, 'not measured', '', outcome.reason]);
        continue;
      }
      const f = outcome.figures;
      const isLedgerline = !/bare/i.test(f.label);
      rows.push([
        `${f.label} ${f.path}`,
        `${num(f.rps)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms`,
        isLedgerline ? goal(`≥ ${num(GOALS.loadRps)} req/s`, f.rps >= GOALS.loadRps) : '',
        `errors ${f.errors}, non-2xx ${f.non2xx}`,
      ]);
    }
    for (const { label, ratio } of load.ratios)
      rows.push([`ratio ${label} / bare`, ratio.toFixed(3), '', '']);
  }
  for (const outcome of transfers?.outcomes ?? []) {
    if (!outcome.ok) {
      rows.push([`transfers on ${outcome.database}`, 'not measured', '', outcome.reason]);
      continue;
    }
    const { database, pairs, hot, raw, steady } = outcome;
    const share = (tps: number) => tps / raw.commitsPerSecond;
    const percent = (value: number) => `${(value * 100).toFixed(0)} %`;
    const atLeast = (part: number) =>
      `≥ ${percent(part)} of raw (≥ ${num(raw.commitsPerSecond * part)} /s)`;
    rows.push([
      `${database}: transfers, 50 account pairs`,
      `${num(pairs.tps, 1)} /s (${percent(share(pairs.tps))} of raw), p99 ${pairs.p99} ms`,
      goal(atLeast(GOALS.pairsShare), share(pairs.tps) >= GOALS.pairsShare),
      `failed ${pairs.failed}`,
    ]);
    rows.push([
      `${database}: P2P into one hot account`,
      `${num(hot.tps, 1)} /s (${percent(share(hot.tps))} of raw), p99 ${hot.p99} ms`,
      goal(atLeast(GOALS.hotShare), share(hot.tps) >= GOALS.hotShare),
      `failed ${hot.failed}`,
    ]);
    rows.push([
      `${database}: raw commits of ${raw.rowsPerCommit} inserts`,
      `${num(raw.commitsPerSecond, 1)} /s`,
      '',
      'the database alone, no server',
    ]);
    for (const run of [steady, outcome.sustainable]) {
      if (run)
        rows.push([
          `${database}: transfer at ${run.rate} req/s`,
          `p50 ${run.p50} ms, p99 ${run.p99} ms`,
          goal(`p50 ≤ ${GOALS.steadyP50Ms} ms`, run.p50 <= GOALS.steadyP50Ms),
          `achieved ${num(run.achieved, 1)}/s, failed ${run.failed}`,
        ]);
    }
  }
  if (mass)
    rows.push(
      ...massRows(mass, (rowsPerSecond) =>
        goal(`≥ ${num(GOALS.massRowsPerSecond)} rows/s`, rowsPerSecond >= GOALS.massRowsPerSecond),
      ),
    );
  if (merchant) rows.push(...merchantRows(merchant).map(withoutGoal));
  // history.ts's rows already carry their goals (measure, figure, goal, note).
  if (history) rows.push(...history);
  if (lighthouse) rows.push(...lighthouseRows(lighthouse).map(withGoalLast));
  return table(['measure', 'figure', 'goal', 'note'], rows);
}

/** A three-column row whose last cell is its goal and verdict. */
const withGoalLast = ([measure = '', figure = '', judged = '']: string[]): string[] => [
  measure,
  figure,
  judged,
  '',
];

/** A three-column row (measure, figure, note) of a part with no goal in issue 19. */
const withoutGoal = ([measure = '', figure = '', note = '']: string[]): string[] => [
  measure,
  figure,
  '',
  note,
];

async function main(): Promise<void> {
  installCleanup();
  const watchdog = setTimeout(() => {
    console.error(`\nThe bench ran longer than ${WATCHDOG_MS / 60_000} minutes: stopping.`);
    void stopAll().finally(() => process.exit(1));
  }, WATCHDOG_MS);
  watchdog.unref();

  const wanted = parts();
  let size: SizeReport | undefined;
  let load: LoadReport | undefined;
  let transfers: TransfersReport | undefined;
  if (wanted.includes('size')) {
    console.log(heading('Sign-in page weight'));
    size = await runSizePart();
  }
  if (wanted.includes('load')) {
    console.log(heading('Dictionary method under load'));
    load = await runLoadPart();
  }
  if (wanted.includes('transfers')) {
    console.log(heading('Transfers through the main API'));
    transfers = await runTransfersPart();
  }
  // Issue 17: a 10,000-row mass batch from upload to every row posted.
  let mass: MassOutcome[] | undefined;
  if (wanted.includes('mass')) {
    console.log(heading('A mass batch from upload to posted'));
    mass = await runMassPart();
  }
  // Issue 18: webhook deliveries from the outbox, and the public API's payments list.
  let merchant: MerchantOutcome[] | undefined;
  if (wanted.includes('merchant')) {
    console.log(heading('Merchant: webhook deliveries and the public payments list'));
    merchant = await runMerchantPart();
  }
  // Issue 7: history pages and the CSV export at a million rows (bench/src/history.ts prints its own table).
  let history: string[][] | undefined;
  let historyUnmeasured = false;
  if (wanted.includes('history')) {
    console.log(heading('History at a million rows'));
    const { historySummaryRows, runHistoryPart } = await import('./history');
    const outcomes = await runHistoryPart();
    history = historySummaryRows(outcomes);
    historyUnmeasured = outcomes.some((outcome) => !outcome.ok);
  }
  // Issues 13 and 19: Lighthouse's performance, accessibility and CLS on four pages, every brand.
  let lighthouse: LighthouseReport | undefined;
  if (wanted.includes('lighthouse')) {
    console.log(heading('Lighthouse: performance, accessibility and layout shift'));
    const { runLighthousePart } = await import('./lighthouse');
    lighthouse = await runLighthousePart();
  }
  console.log(heading('Summary'));
  console.log(summary(size, load, transfers, mass, merchant, history, lighthouse));
  console.log(
    `  (${new Date().toISOString()}, Node ${process.version}; figures only, nothing here passes or fails)`,
  );
  const unmeasured =
    (size !== undefined && !size.ok) ||
    (load?.outcomes.some((outcome) => !outcome.ok) ?? false) ||
    (transfers?.outcomes.some((outcome) => !outcome.ok) ?? false) ||
    (mass?.some((outcome) => !outcome.ok) ?? false) ||
    (merchant?.some((outcome) => !outcome.ok) ?? false) ||
    historyUnmeasured ||
    (lighthouse !== undefined && !lighthouse.ok);
  process.exitCode = unmeasured ? 1 : 0;
}

main()
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
