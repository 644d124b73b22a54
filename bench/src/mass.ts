/**
 * Mass transfer figures (issue 17): a 10,000-row SEPA wire batch from upload to every row posted,
 * through the real server over HTTP, on PGlite and on PostgreSQL:
 * - upload: the multipart POST /api/mass-transfers/batches, which reads the CSV and checks every
 *   row with the single wire's rules (schema, quote, limits) before storing it;
 * - submit: submitMassBatch with the total the workbench showed, which posts one ledger transfer
 *   per row into the rail's clearing account (the business confirms nothing, so rows post at once);
 * - rows per second from the start of the upload until submit answered with every row posted
 *   (checked afterwards with getMassBatchStatus), and the server process's peak memory over that
 *   span (VmHWM after resetting it through /proc/<pid>/clear_refs; PGlite runs inside that process).
 * A 100-row batch goes first, unmeasured, so the figures are not the first call's.
 */
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { composeIBAN } from 'ibantools';
import { MASS_COLUMNS } from '@ledgerline/domain/mass-transfers';
import { MASS_EMAIL } from './bench-users';
import { startLedgerline, type RunningServer } from './child';
import { cpuNow, cpuSince, postmasterOf, type CpuUse } from './cpu';
import { num } from './format';
import { call, signIn, withFreshDatabase } from './transfers';

const ROWS = Number(process.env.MASS_BENCH_ROWS ?? 10_000);
const WARMUP_ROWS = 100;

export interface MassFigures {
  database: string;
  rows: number;
  uploadSeconds: number;
  submitSeconds: number;
  rowsPerSecond: number;
  /** The server process's resident memory before the batch and its peak during it, in bytes. */
  rssBefore: number;
  rssPeak: number | undefined;
  bytes: number;
  /** CPU seconds of the server and of PostgreSQL (NaN on PGlite) during each step. */
  uploadCpu: CpuUse;
  submitCpu: CpuUse;
}

export type MassOutcome =
  ({ ok: true } & MassFigures) | { ok: false; database: string; reason: string };

const CSV_QUOTE = /[",\n]/;
const csvCell = (value: string) =>
  CSV_QUOTE.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/** `rows` SEPA wires to distinct German IBANs, 1.00 to 100.00 EUR each (the rows differ, so no 92). */
export function wireBatchCsv(rows: number, tag: string): string {
  const columns = MASS_COLUMNS.wire;
  const lines = [columns.map((column) => column.header).join(',')];
  for (let index = 0; index < rows; index += 1) {
    const account = String(1_000_000_000 + index).padStart(10, '0');
    const iban = composeIBAN({ countryCode: 'DE', bban: `37040044${account}` }) ?? '';
    const cells: Record<string, string> = {
      beneficiaryName: `Payee ${index + 1}`,
      scheme: 'sepa',
      iban,
      swift: 'COBADEFFXXX',
      countryCode: 'DE',
      amount: ((index % 100) + 1).toFixed(2),
      currency: 'EUR',
      description: `${tag} ${index + 1}`,
      purposeOfPayment: 'SALA',
    };
    lines.push(columns.map((column) => csvCell(cells[column.key] ?? '')).join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** VmRSS and VmHWM of a process, in bytes (Linux). */
async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => {
    const line = status.split('\n').find((candidate) => candidate.startsWith(`${name}:`)) ?? '';
    return Number.parseInt(line.slice(name.length + 1).trim(), 10) * 1024 || 0;
  };
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/** Resets the process's peak resident size to its current one; false where the kernel refuses. */
async function resetPeak(pid: number): Promise<boolean> {
  try {
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

async function upload(
  baseUrl: string,
  token: string,
  accountId: number,
  name: string,
  csv: string,
): Promise<number> {
  const form = new FormData();
  form.set('data', JSON.stringify({ batchName: name, accountId, type: 'wire' }));
  form.set('attachedFile', new Blob([csv], { type: 'text/csv' }), `${name}.csv`);
  const response = await fetch(`${baseUrl}/api/mass-transfers/batches`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(600_000),
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`upload answered HTTP ${response.status}: ${text.slice(0, 300)}`);
  const answer = JSON.parse(text) as { responseCode: string; batchId: number };
  if (answer.responseCode !== '00') throw new Error(`upload answered ${answer.responseCode}`);
  return answer.batchId;
}

interface BatchAnswer {
  batch: { validCount: number; invalidCount: number; totalAmount: string };
  rows: { rowNumber: number; errors: Record<string, string> }[];
}

/** Upload, check every row is valid, submit; the seconds of each step. */
async function payBatch(
  baseUrl: string,
  token: string,
  accountId: number,
  rows: number,
  tag: string,
  cpu: () => Promise<CpuUse>,
): Promise<{
  uploadSeconds: number;
  submitSeconds: number;
  bytes: number;
  uploadCpu: CpuUse;
  submitCpu: CpuUse;
}> {
  const csv = wireBatchCsv(rows, tag);
  const cpuAtStart = await cpu();
  const started = performance.now();
  const batchId = await upload(baseUrl, token, accountId, tag, csv);
  const uploaded = performance.now();
  const cpuUploaded = await cpu();
  const { batch, rows: invalid } = await call<BatchAnswer>(
    baseUrl,
    '/api/main/?getMassBatch',
    { batchId, pageSize: 5, filter: 'invalid' },
    token,
  );
  if (batch.validCount !== rows)
    throw new Error(
      `${batch.validCount} of ${rows} rows are valid; the first invalid: ${JSON.stringify(invalid[0] ?? null)}`,
    );
  const cpuBeforeSubmit = await cpu();
  const beforeSubmit = performance.now();
  const submitted = await call<{ status: string }>(
    baseUrl,
    '/api/main/?submitMassBatch',
    { batchId, totalAmount: batch.totalAmount, idempotencyKey: randomUUID() },
    token,
  );
  const done = performance.now();
  const cpuDone = await cpu();
  if (submitted.status !== 'processing')
    throw new Error(`submit answered status ${submitted.status}, not processing`);
  const status = await call<{ counts: Record<string, number> }>(
    baseUrl,
    '/api/main/?getMassBatchStatus',
    { batchId },
    token,
  );
  // Every row posted: on its way to the rail (submitted), or already settled or returned by it.
  const posted =
    (status.counts.submitted ?? 0) + (status.counts.settled ?? 0) + (status.counts.returned ?? 0);
  if (posted !== rows)
    throw new Error(`${posted} of ${rows} rows were posted: ${JSON.stringify(status.counts)}`);
  return {
    uploadSeconds: (uploaded - started) / 1000,
    submitSeconds: (done - beforeSubmit) / 1000,
    bytes: Buffer.byteLength(csv),
    uploadCpu: cpuSince(cpuAtStart, cpuUploaded),
    submitCpu: cpuSince(cpuBeforeSubmit, cpuDone),
  };
}

async function measure(
  database: string,
  server: RunningServer,
  postmaster: number | undefined,
): Promise<MassFigures> {
  const cpu = () => cpuNow(server.pid, postmaster);
  const token = await signIn(server.baseUrl, MASS_EMAIL);
  const { accounts } = await call<{ accounts: { accountId: number; currencyCode: string }[] }>(
    server.baseUrl,
    '/api/main/?getAccounts',
    {},
    token,
  );
  const account = accounts.find((candidate) => candidate.currencyCode === 'EUR');
  if (!account) throw new Error(`${MASS_EMAIL} has no EUR account`);
  await payBatch(server.baseUrl, token, account.accountId, WARMUP_ROWS, 'Warm-up', cpu);
  const before = await memoryOf(server.pid);
  const peakReset = await resetPeak(server.pid);
  const run = await payBatch(server.baseUrl, token, account.accountId, ROWS, 'Payroll', cpu);
  const after = await memoryOf(server.pid);
  const figures: MassFigures = {
    database,
    rows: ROWS,
    ...run,
    rowsPerSecond: ROWS / (run.uploadSeconds + run.submitSeconds),
    rssBefore: before.rss,
    rssPeak: peakReset ? after.peak : undefined,
  };
  console.log(
    `    ${database}: ${num(ROWS)} rows (${num(run.bytes / 1024, 0)} KB CSV): upload and check ${run.uploadSeconds.toFixed(2)} s, ` +
      `submit ${run.submitSeconds.toFixed(2)} s: ${num(figures.rowsPerSecond)} rows/s; server RSS ${mb(before.rss)} before, ` +
      `peak ${figures.rssPeak === undefined ? 'not measured' : mb(figures.rssPeak)}`,
  );
  // Who paces each step: a step whose wall time is near one side's CPU time waits on that side.
  const cpuText = (use: CpuUse) =>
    `server ${use.server.toFixed(2)} s` +
    (Number.isNaN(use.postgres) ? '' : `, PostgreSQL ${use.postgres.toFixed(2)} s`);
  console.log(
    `      CPU used: upload ${cpuText(run.uploadCpu)}; submit ${cpuText(run.submitCpu)}` +
      (postmaster === undefined ? ' (PGlite runs inside the server)' : ''),
  );
  return figures;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function run(database: string, databaseUrl: string | undefined): Promise<MassOutcome> {
  console.log(`  ${database}: starting the server…`);
  let server: RunningServer | undefined;
  try {
    server = await startLedgerline({
      script: 'bench/src/transfer-server.ts',
      env: { BOT_CHECK: 'false', BENCH_PAYERS: '1' },
      ...(databaseUrl ? { databaseUrl } : {}),
    });
    const postmaster = databaseUrl ? await postmasterOf(databaseUrl) : undefined;
    return { ok: true, ...(await measure(database, server, postmaster)) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.log(`  ${database}: NOT MEASURED: ${reason}`);
    return { ok: false, database, reason: reason.split('\n')[0] ?? reason };
  } finally {
    await server?.stop();
  }
}

export async function runMassPart(): Promise<MassOutcome[]> {
  console.log(
    `  ${num(ROWS)} SEPA wire rows, uploaded as CSV, checked, then submitted by a business that confirms nothing (after a ${WARMUP_ROWS}-row warm-up batch)`,
  );
  const outcomes: MassOutcome[] = [await run('PGlite', undefined)];
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

/**
 * The summary's rows (measure, figure, goal, note): upload to posted, then the submit alone (the
 * batch posting of issue 19), each judged by `goal` on PostgreSQL, where the goal is set.
 */
export function massRows(
  outcomes: MassOutcome[],
  goal: (rowsPerSecond: number) => string,
): string[][] {
  return outcomes.flatMap((outcome) => {
    if (!outcome.ok)
      return [[`${outcome.database}: mass batch`, 'not measured', '', outcome.reason]];
    const judged = outcome.database === 'PostgreSQL';
    const posting = outcome.rows / outcome.submitSeconds;
    return [
      [
        `${outcome.database}: ${num(outcome.rows)}-row batch, upload to posted`,
        `${num(outcome.rowsPerSecond)} rows/s (${(outcome.uploadSeconds + outcome.submitSeconds).toFixed(2)} s)`,
        judged ? goal(outcome.rowsPerSecond) : '',
        `peak server RSS ${outcome.rssPeak === undefined ? 'not measured' : mb(outcome.rssPeak)} (${mb(outcome.rssBefore)} before)`,
      ],
      [
        `${outcome.database}:   submit alone (batch posting)`,
        `${num(posting)} rows/s (${outcome.submitSeconds.toFixed(2)} s)`,
        judged ? goal(posting) : '',
        'one transaction, multi-row inserts',
      ],
    ];
  });
}
