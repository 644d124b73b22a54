// `npm test`: lint, typecheck, unit/server/component tests (vitest) and browser tests (Playwright),
// then one closing line "N passed, N failed" summed over every runner.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const only = process.argv.includes('--only')
  ? process.argv[process.argv.indexOf('--only') + 1]
  : undefined;
const reports = resolve('node_modules', '.test-reports');
/** The migrated and seeded PGlite database the server tests build, kept for the browser tests' server. */
const seeded = join(reports, 'seeded.tar');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
/** Names of the tests that failed, repeated beside the summary (CI shows only the log's tail). */
const failures = [];
/** Browser tests that failed once and passed on their retry (CI only): named, not hidden. */
const flaky = [];
/** Seconds each stage took, for the summary (CI prints it: where the suite's time goes). */
const timings = [];
const startedAt = Date.now();

/** The machine's CPU counters (Linux): idle and total jiffies over all cores; undefined elsewhere. */
function cpuCounters() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
    const values = fields.map(Number);
    return { idle: values[3] + values[4], total: values.reduce((sum, value) => sum + value, 0) };
  } catch {
    return undefined;
  }
}

/** How busy every core was between two readings, in percent: where a stage leaves CPU unused. */
function busySince(before) {
  const after = cpuCounters();
  if (!before || !after || after.total === before.total) return undefined;
  return Math.round(100 * (1 - (after.idle - before.idle) / (after.total - before.total)));
}

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const cpu = cpuCounters();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push({ label, seconds: Math.round((Date.now() - started) / 1000), busy: busySince(cpu) });
  return result.status ?? 1;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

function count(label, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  lines.push(
    `${label.padEnd(12)} ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
  );
}

/**
 * Runs the single-threaded checks (lint, format, typecheck) side by side, so that two cores both
 * work; each one's output is printed whole when it ends, so the logs do not interleave.
 */
async function runSideBySide(stages) {
  const started = Date.now();
  const cpu = cpuCounters();
  const results = await Promise.all(
    stages.map(
      ({ label, args }) =>
        new Promise((resolveStage) => {
          const child = spawn(process.execPath, args, { env: process.env });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => {
            const seconds = Math.round((Date.now() - started) / 1000);
            console.log(`\n▶ ${label}: node ${args.join(' ')} (${seconds} s)\n${output}`);
            timings.push({ label, seconds });
            resolveStage({ label, status: code ?? 1 });
          });
        }),
    ),
  );
  timings.push({ label: '  side by side', seconds: undefined, busy: busySince(cpu) });
  for (const { label, status } of results) count(label, status === 0 ? 1 : 0, status === 0 ? 0 : 1);
}

const staticChecks = [
  { label: 'lint', args: ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings', '0'] },
  {
    label: 'format',
    args: ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', '.'],
  },
  { label: 'typecheck', args: ['scripts/typecheck.mjs'] },
  { label: 'cycles', args: ['scripts/check-cycles.mjs'] },
].filter(({ label }) => !only || only === label || (only === 'lint' && label === 'cycles'));
if (staticChecks.length > 0) await runSideBySide(staticChecks);

if (!only || only === 'unit') {
  const out = join(reports, 'vitest.json');
  const status = run(
    'vitest',
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    { TEST_SNAPSHOT_OUT: seeded },
  );
  const report = readJson(out);
  // Where vitest's time goes: each project's files, summed (files of one run overlap in time).
  const perProject = new Map();
  for (const file of report?.testResults ?? []) {
    const project =
      ['packages/domain', 'packages/contract', 'apps/server', 'apps/web'].find((root) =>
        file.name.includes(`/${root}/`),
      ) ?? 'other';
    perProject.set(project, (perProject.get(project) ?? 0) + (file.endTime - file.startTime));
  }
  for (const file of report?.testResults ?? []) {
    const name = file.name.replace(`${process.cwd()}/`, '');
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) failures.push(`vitest ${name} › ${test.fullName}`);
    if (file.status === 'failed' && failedTests.length === 0)
      failures.push(`vitest ${name}: ${(file.message ?? '').split('\n')[0]}`);
  }
  for (const [project, ms] of perProject)
    timings.push({ label: `  ${project} files`, seconds: Math.round(ms / 1000) });
  if (report)
    count(
      'vitest',
      report.numPassedTests,
      report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0),
      report.numPendingTests + report.numTodoTests,
    );
  else count('vitest', 0, 1);
}

if (!only || only === 'e2e') {
  // The browser tests run against the built app, served by the real server.
  if (run('build web', 'npm', ['run', 'build', '-w', '@ledgerline/web']) !== 0)
    count('build', 0, 1);
  const out = join(reports, 'playwright.json');
  const status = run(
    'playwright',
    process.execPath,
    [
      'node_modules/@playwright/test/cli.js',
      'test',
      '--config',
      'e2e/playwright.config.ts',
      '--reporter=list,json',
    ],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      // Without the unit stage (--only e2e) the server migrates and seeds as on any start.
      ...(existsSync(seeded) ? { PGLITE_START_FROM: seeded } : {}),
    },
  );
  const report = existsSync(out) ? readJson(out) : undefined;
  if (report?.stats) {
    const { expected, unexpected, flaky, skipped } = report.stats;
    count(
      'playwright',
      expected + flaky,
      unexpected + (status !== 0 && unexpected === 0 ? 1 : 0),
      skipped,
    );
    if (flaky > 0) lines.push(`${''.padEnd(12)} (${flaky} of them passed only on the retry)`);
  } else count('playwright', 0, 1);
}

function collectPlaywrightFailures(suite, titles = []) {
  const path = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    const outcomes = (spec.tests ?? []).map((test) => test.status);
    if (spec.ok && outcomes.includes('flaky'))
      flaky.push(
        `playwright ${spec.file}:${spec.line} › ${[...path.slice(1), spec.title].join(' › ')}`,
      );
    if (!spec.ok)
      failures.push(
        `playwright ${spec.file}:${spec.line} › ${[...path.slice(1), spec.title].join(' › ')}`,
      );
  }
  for (const child of suite.suites ?? []) collectPlaywrightFailures(child, path);
}
const playwrightReport = readJson(join(reports, 'playwright.json'));
for (const suite of playwrightReport?.suites ?? []) collectPlaywrightFailures(suite);

if (flaky.length > 0) {
  console.log('\nFlaky (failed, then passed on the retry)');
  for (const name of flaky) console.log(`  ${name}`);
}
if (failures.length > 0) {
  console.log('\nFailed');
  for (const failure of failures) console.log(`  ${failure}`);
}
console.log('\nSummary');
for (const line of lines) console.log(`  ${line}`);
console.log('Time per stage');
for (const { label, seconds, busy } of timings) {
  const time = seconds === undefined ? '' : `${seconds} s`;
  const cores =
    busy === undefined ? '' : `${seconds === undefined ? '' : ', '}cores ${busy} % busy`;
  console.log(`  ${label.padEnd(22)} ${time}${cores}`);
}
console.log(`  ${'total'.padEnd(22)} ${Math.round((Date.now() - startedAt) / 1000)} s`);
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed === 0 ? 0 : 1);
