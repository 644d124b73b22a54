/**
 * `npm run bench [-- --only size|load]`: prints figures; never passes or fails on timing.
 * Exits 1 only when a part could not be measured at all (e.g. the web app does not build).
 */
import { parseArgs } from 'node:util';
import { budgetVerdict, runSizePart, type SizeReport } from './bundle-size';
import { installCleanup, stopAll } from './child';
import { heading, kb, num, table } from './format';
import { runLoadPart, type LoadReport } from './load';

/** The whole run is bounded: a build, three servers and the measurements fit well inside. */
const WATCHDOG_MS = 15 * 60_000;

type Part = 'size' | 'load';

const USAGE = 'usage: npm run bench [-- --only size|load]';

function parts(): Part[] {
  let only: string | undefined;
  try {
    only = parseArgs({ options: { only: { type: 'string' } }, strict: true }).values.only;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  if (only === undefined) return ['size', 'load'];
  if (only === 'size' || only === 'load') return [only];
  console.error(`--only must be "size" or "load" (got "${only}")\n${USAGE}`);
  process.exit(2);
}

function summary(size: SizeReport | undefined, load: LoadReport | undefined): string {
  const rows: string[][] = [];
  if (size) {
    if (size.ok) {
      const { figures } = size;
      rows.push([
        `sign-in page, gzip (${figures.method})`,
        `JS ${kb(figures.js)} + CSS ${kb(figures.css)} = ${kb(figures.total)}`,
        budgetVerdict(figures.total),
      ]);
      if (size.crossCheck)
        rows.push(['  static closure (no lazy chunks)', kb(size.crossCheck.total), '']);
    } else {
      rows.push(['sign-in page, gzip', 'not measured', size.reason]);
    }
  }
  if (load) {
    for (const outcome of load.outcomes) {
      if (!outcome.ok) {
        rows.push([outcome.label, 'not measured', outcome.reason]);
        continue;
      }
      const f = outcome.figures;
      rows.push([
        `${f.label} ${f.path}`,
        `${num(f.rps)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms`,
        `errors ${f.errors}, non-2xx ${f.non2xx}`,
      ]);
    }
    for (const { label, ratio } of load.ratios)
      rows.push([`ratio ${label} / bare`, ratio.toFixed(3), '']);
  }
  return table(['measure', 'figure', 'note'], rows);
}

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
  if (wanted.includes('size')) {
    console.log(heading('Sign-in page weight'));
    size = await runSizePart();
  }
  if (wanted.includes('load')) {
    console.log(heading('Dictionary method under load'));
    load = await runLoadPart();
  }
  console.log(heading('Summary'));
  console.log(summary(size, load));
  console.log(
    `  (${new Date().toISOString()}, Node ${process.version}; figures only, nothing here passes or fails)`,
  );
  const unmeasured =
    (size !== undefined && !size.ok) || (load?.outcomes.some((outcome) => !outcome.ok) ?? false);
  process.exitCode = unmeasured ? 1 : 0;
}

main()
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
