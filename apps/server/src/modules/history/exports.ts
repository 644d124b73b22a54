import { Readable } from 'node:stream';
import { csvLine } from '@ledgerline/domain/csv';
import { and, asc, count, desc, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { ExportItem, ExportSource, HistoryFilter } from '@ledgerline/contract';
import {
  getBrand,
  isBrandId,
  isLanguage,
  DEFAULT_LANGUAGE,
  type Language,
} from '@ledgerline/domain';
import { selectRows, type Database, type DbOrTx } from '../../db/client';
import { copyOutBinary, postgresPool } from '../../db/copy-out';
import {
  accounts,
  customers,
  historyExportChunks,
  historyExports,
  pdfDownloads,
} from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { t } from '../../i18n/translate';
import { customerDisplayName } from '../accounts';
import { listTransactionTypes } from '../dictionaries';
import { renderStatement } from '../pdf';
import { typeOfKind } from './kinds';
import {
  csvVocabulary,
  historyCsvBatch,
  historyCsvStatement,
  type HistoryCursor,
  type HistoryScope,
} from './query';
import { scopeOf, statementLines, statementRows } from './service';
import { startBackgroundLoop, type BackgroundLoop } from '../../lib/background-loop';

/*
 * Exports (docs/decisions.md "History exports"): a call only records a job; a background pass on
 * any node claims it (FOR UPDATE SKIP LOCKED, with a lease another node takes over when the node
 * died) and writes the file into history_export_chunks piece by piece. The history CSV is read
 * as one COPY stream (PostgreSQL) or in keyset batches (PGlite) and stored as it is read, so
 * neither the database nor this process ever holds the whole file; serving streams the chunks
 * back in order.
 */

type ExportRow = typeof historyExports.$inferSelect;

/** Bytes per stored chunk: big enough for few rows, small enough to never matter in memory. */
const EXPORT_CHUNK_BYTES = 256 * 1024;
/** Rows read per keyset batch of a history export on PGlite. */
const EXPORT_BATCH_ROWS = 5000;
/** A running job whose node stopped renewing this lease is taken over. */
const LEASE_MS = 60_000;
/** The most movements a PDF statement lists (a month of a very busy account is in its CSV). */
const STATEMENT_PDF_MAX_LINES = 1000;
/** Links sent by e-mail wait in a mailbox: a day instead of the 5 minutes of a download. */
export const EMAIL_LINK_TTL_MS = 24 * 60 * 60_000;
export const DOWNLOAD_LINK_TTL_MS = 5 * 60_000;
/** How often a node looks for exports to write (a cheap indexed query). */
export const EXPORT_POLL_MS = 250;

export const EXPORT_DOCUMENT = 'historyExport';
/** A finished export stays in the list, downloadable again, this long; then its file and row go. */
export const EXPORT_RETENTION_MS = 30 * 24 * 60 * 60_000;
const EXPORT_RETENTION_SWEEP_MS = 60 * 60_000;

export function toExportItem(row: ExportRow): ExportItem {
  return {
    exportId: row.id,
    source: row.source as ExportItem['source'],
    format: row.format as ExportItem['format'],
    accountId: row.accountId,
    yearMonth: row.yearMonth,
    status: row.status as ExportItem['status'],
    progress: row.progress,
    fileName: row.fileName,
    size: row.byteSize,
    rows: row.rowCount,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

export async function createExport(
  db: DbOrTx,
  input: {
    customerId: number;
    userId: number;
    accountId: number;
    source: ExportSource;
    format: 'pdf' | 'csv';
    yearMonth?: string;
    filter?: Omit<HistoryFilter, 'accountId'>;
    lang: Language;
  },
): Promise<number> {
  const stamp = new Date().toISOString().slice(0, 10);
  const fileName =
    input.source === 'monthly'
      ? `statement-${input.accountId}-${input.yearMonth}.${input.format}`
      : `history-${input.accountId}-${stamp}.csv`;
  const [row] = await db
    .insert(historyExports)
    .values({
      customerId: input.customerId,
      userId: input.userId,
      accountId: input.accountId,
      source: input.source,
      format: input.format,
      yearMonth: input.yearMonth ?? null,
      params: { lang: input.lang, filter: input.filter ?? {} },
      fileName,
    })
    .returning({ id: historyExports.id });
  return row!.id;
}

/** The customer's export; another customer's is not found. */
export async function findExport(
  db: DbOrTx,
  customerId: number,
  exportId: number,
): Promise<ExportRow> {
  const [row] = await db
    .select()
    .from(historyExports)
    .where(and(eq(historyExports.id, exportId), eq(historyExports.customerId, customerId)));
  if (!row) throw AppError.notFound('Export not found');
  return row;
}

export async function listExports(
  db: DbOrTx,
  customerId: number,
  input: {
    source: ExportSource;
    accountId?: number | undefined;
    pageNumber: number;
    pageSize: number;
  },
) {
  const where = and(
    eq(historyExports.customerId, customerId),
    eq(historyExports.source, input.source),
    input.accountId === undefined ? undefined : eq(historyExports.accountId, input.accountId),
  );
  const rows = await db
    .select()
    .from(historyExports)
    .where(where)
    .orderBy(desc(historyExports.id))
    .limit(input.pageSize)
    .offset((input.pageNumber - 1) * input.pageSize);
  const [total] = await db.select({ value: count() }).from(historyExports).where(where);
  return { exports: rows.map(toExportItem), total: total?.value ?? 0 };
}

/** A single-use link to a ready export's file. */
export async function exportLink(
  db: DbOrTx,
  row: ExportRow,
  input: { userId: number; origin: string; ttlMs: number },
): Promise<string> {
  const token = randomToken(32);
  await db.insert(pdfDownloads).values({
    tokenHash: sha256(token),
    document: EXPORT_DOCUMENT,
    customerId: row.customerId,
    userId: input.userId,
    params: { exportId: row.id },
    expiresAt: new Date(Date.now() + input.ttlMs),
  });
  return `${input.origin}/api/pdf/files/${token}`;
}

/** Full chunks that may wait to be stored while the file goes on being read. */
const CHUNKS_IN_FLIGHT = 4;

/**
 * Stores a file in chunks of EXPORT_CHUNK_BYTES: bytes are copied into the chunk being filled,
 * and full chunks are stored one after another, in order, while the reading goes on (a chunk's
 * INSERT costs about as much as reading its rows). drain() waits only when CHUNKS_IN_FLIGHT are
 * waiting, so memory holds a few chunks at most; flush() waits for all.
 */
class ChunkWriter {
  private current = Buffer.allocUnsafe(EXPORT_CHUNK_BYTES);
  private used = 0;
  private full: Buffer[] = [];
  private seq = 0;
  private waiting = 0;
  private stored: Promise<void> = Promise.resolve();
  bytes = 0;

  /** PostgreSQL: the chunks go as bytes; PGlite: as base64 text (see store). */
  private readonly binary: boolean;

  constructor(
    private readonly db: Database,
    private readonly exportId: number,
  ) {
    this.binary = postgresPool(db) !== null;
  }

  /** Copies data[start, end) in; stored from the next drain. */
  append(data: Buffer, start = 0, end = data.length): void {
    this.bytes += end - start;
    while (start < end) {
      const copied = data.copy(this.current, this.used, start, end);
      start += copied;
      this.used += copied;
      if (this.used === EXPORT_CHUNK_BYTES) {
        this.full.push(this.current);
        this.current = Buffer.allocUnsafe(EXPORT_CHUNK_BYTES);
        this.used = 0;
      }
    }
  }

  async write(data: string | Uint8Array): Promise<void> {
    this.append(
      typeof data === 'string'
        ? Buffer.from(data, 'utf8')
        : Buffer.from(data.buffer, data.byteOffset, data.byteLength),
    );
    await this.drain();
  }

  /** Starts storing the full chunks; waits while too many are waiting. */
  async drain(): Promise<void> {
    for (let data = this.full.shift(); data; data = this.full.shift()) this.store(data);
    if (this.waiting > CHUNKS_IN_FLIGHT) await this.stored;
  }

  /** Stores everything, the last chunk's part included, and waits for it. */
  async flush(): Promise<void> {
    await this.drain();
    if (this.used > 0) {
      this.store(this.current.subarray(0, this.used));
      this.current = Buffer.allocUnsafe(EXPORT_CHUNK_BYTES);
      this.used = 0;
    }
    await this.stored;
  }

  private store(data: Buffer): void {
    const seq = this.seq;
    this.seq += 1;
    this.waiting += 1;
    // A failed INSERT fails every later one and the next drain or flush that waits.
    this.stored = this.stored.then(async () => {
      // PostgreSQL takes the bytes as they are (node-postgres sends a Buffer in binary). PGlite
      // gets base64 text: it writes a bytea parameter as hex one byte at a time in JavaScript
      // (80 ms a chunk, most of an export's time there), and decode() is C. Not on PostgreSQL:
      // each chunk's 350 KB string is garbage only a full collection frees, and a fast export
      // left 50 MB of them behind.
      await this.db.insert(historyExportChunks).values({
        exportId: this.exportId,
        seq,
        data: this.binary ? data : sql`decode(${data.toString('base64')}, 'base64')`,
      });
      this.waiting -= 1;
    });
    // Handled here too: between two waits, a failure is not an unhandled rejection.
    this.stored.catch(() => undefined);
  }
}

const HISTORY_COLUMNS = [
  'date',
  'transactionId',
  'type',
  'direction',
  'amount',
  'fee',
  'currency',
  'status',
  'counterparty',
  'description',
];

/**
 * The words a CSV file writes, in the customer's language: the same the screens and the PDFs show
 * (type names from the dictionary, direction and status words), not the API's codes.
 */
function csvWords(lang: Language) {
  const word = (key: string) => t(lang, `history-documents:${key}`);
  const typeNames = new Map<string, string>(
    listTransactionTypes(lang).transactions.map((type) => [type.code, type.name]),
  );
  return {
    word,
    type: (code: string) => typeNames.get(code) ?? code,
    direction: (direction: 'in' | 'out') =>
      word(direction === 'in' ? 'directionIn' : 'directionOut'),
    status: (status: string) => word(`statuses.${status}`),
  };
}

function exportLanguage(job: ExportRow): Language {
  return isLanguage(job.params.lang) ? job.params.lang : DEFAULT_LANGUAGE;
}

async function setProgress(db: Database, id: number, progress: number): Promise<void> {
  await db
    .update(historyExports)
    .set({
      progress: Math.max(0, Math.min(99, Math.floor(progress))),
      leaseUntil: new Date(Date.now() + LEASE_MS),
    })
    .where(eq(historyExports.id, id));
}

async function loadScope(
  db: Database,
  job: ExportRow,
): Promise<{ account: typeof accounts.$inferSelect; scope: HistoryScope }> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, job.accountId));
  if (!account || account.customerId !== job.customerId)
    throw new Error('export: the account is no longer the customer’s');
  return { account, scope: scopeOf(account) };
}

/**
 * Where a history export stands, from 0 to 1, by the time of its last row (microseconds since
 * 1970): how far it is from the newest one of the account's span (within the filter's days).
 * Counting the rows first cost a walk over all of them.
 */
async function progressOf(
  db: Database,
  scope: HistoryScope,
  filter: Omit<HistoryFilter, 'accountId'>,
): Promise<(atMicros: number) => number> {
  const [span] = await selectRows<{ oldest: string | null; newest: string | null }>(
    db,
    sql`select (extract(epoch from min(created_at)) * 1000000)::bigint::text as oldest,
          (extract(epoch from max(created_at)) * 1000000)::bigint::text as newest
        from postings where account_id = ${scope.accountId}`,
  );
  if (!span?.oldest || !span.newest) return () => 0;
  const micros = (day: string) => Date.parse(`${day}T00:00:00Z`) * 1000;
  let oldest = Number(span.oldest);
  let newest = Number(span.newest);
  if (filter.fromDate) oldest = Math.max(oldest, micros(filter.fromDate));
  if (filter.toDate) newest = Math.min(newest, micros(filter.toDate) + 86_400_000_000);
  return (atMicros) =>
    newest <= oldest ? 0 : Math.max(0, Math.min(1, (newest - atMicros) / (newest - oldest)));
}

/** PostgreSQL's timestamps count microseconds from 2000-01-01; JavaScript's from 1970-01-01. */
const POSTGRES_EPOCH_MICROS = Date.UTC(2000, 0, 1) * 1000;

/** Sent as the export's progress at most this often (each is an UPDATE that renews the lease). */
const PROGRESS_EVERY_MS = 500;

/**
 * The filtered history as CSV, written by the database and stored as it is read: on PostgreSQL
 * from one COPY statement (historyCsvStatement), on PGlite in keyset batches (historyCsvBatch)
 * so that other requests get its one connection between them. Memory holds a chunk or a batch.
 */
async function writeHistoryCsv(db: Database, job: ExportRow, writer: ChunkWriter): Promise<number> {
  const { scope } = await loadScope(db, job);
  const filter = (job.params.filter ?? {}) as Omit<HistoryFilter, 'accountId'>;
  const lang = exportLanguage(job);
  const words = csvWords(lang);
  await writer.write(csvLine(HISTORY_COLUMNS.map(words.word)));
  const vocabulary = csvVocabulary(words.word, words.type, (kind, currency) =>
    t(lang, `history-documents:accountNames.${kind}`, { currency }),
  );
  const progress = await progressOf(db, scope, filter);
  let lastMicros = 0;
  let reportedAt = Date.now();
  const report = async () => {
    if (Date.now() - reportedAt < PROGRESS_EVERY_MS) return;
    reportedAt = Date.now();
    await setProgress(db, job.id, progress(lastMicros) * 100);
  };
  const pool = postgresPool(db);
  if (pool)
    return copyOutBinary(pool, historyCsvStatement(scope, filter, vocabulary), 2, {
      row(data, starts, lengths) {
        writer.append(data, starts[0]!, starts[0]! + lengths[0]!);
        // created_at, a big-endian int8 of microseconds since 2000.
        const at = starts[1]!;
        lastMicros =
          data.readInt32BE(at) * 2 ** 32 + data.readUInt32BE(at + 4) + POSTGRES_EPOCH_MICROS;
      },
      async drain() {
        await writer.drain();
        await report();
      },
    });
  let after: HistoryCursor | undefined;
  let written = 0;
  for (;;) {
    const batch = await historyCsvBatch(db, scope, filter, vocabulary, {
      limit: EXPORT_BATCH_ROWS,
      after,
    });
    if (batch.rows === 0 || !batch.last) break;
    await writer.write(batch.text);
    written += batch.rows;
    after = batch.last;
    lastMicros = Number(after.atMicros);
    await report();
    if (batch.rows < EXPORT_BATCH_ROWS) break;
  }
  return written;
}

async function brandAndName(db: Database, customerId: number) {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new Error('export: customer gone');
  return {
    brand: getBrand(isBrandId(customer.brandId) ? customer.brandId : 'pebble'),
    name: customerDisplayName(customer),
  };
}

const STATEMENT_NUMERIC = new Set([4, 5]);

/** A monthly statement: its totals (the statement row) and every settled movement of the month. */
async function writeStatement(db: Database, job: ExportRow, writer: ChunkWriter): Promise<number> {
  const { account } = await loadScope(db, job);
  const yearMonth = job.yearMonth!;
  const statement = (await statementRows(db, account)).find((row) => row.yearMonth === yearMonth);
  if (!statement) throw new Error('export: no statement for that month');
  await setProgress(db, job.id, 30);
  const lang = exportLanguage(job);
  if (job.format === 'csv') {
    const words = csvWords(lang);
    const lines = await statementLines(db, account.id, yearMonth);
    await setProgress(db, job.id, 60);
    await writer.write(
      csvLine(
        [
          'account',
          'currency',
          'period',
          'beginningBalance',
          'totalCredit',
          'totalDebit',
          'endingBalance',
          'statuses.processing',
          'statuses.rejected',
        ].map(words.word),
      ),
    );
    await writer.write(
      csvLine(
        [
          account.id,
          account.currencyCode,
          yearMonth,
          statement.beginningBalance,
          statement.totalCredit,
          statement.totalDebit,
          statement.endingBalance,
          statement.processingCount,
          statement.rejectedCount,
        ],
        new Set([3, 4, 5, 6]),
      ),
    );
    await writer.write('\r\n');
    await writer.write(
      csvLine(['date', 'transactionId', 'type', 'description', 'amount', 'fee'].map(words.word)),
    );
    for (const line of lines) {
      const fee =
        line.customerId === account.customerId && line.net.startsWith('-') ? line.fee : '0';
      const description =
        typeof line.details.description === 'string'
          ? line.details.description
          : typeof line.details.payeeText === 'string'
            ? line.details.payeeText
            : null;
      await writer.write(
        csvLine(
          [
            line.createdAt.toISOString(),
            line.transferId,
            words.type(typeOfKind(line.kind)),
            description,
            line.net,
            fee,
          ],
          STATEMENT_NUMERIC,
        ),
      );
    }
    return lines.length;
  }
  const lines = await statementLines(db, account.id, yearMonth, STATEMENT_PDF_MAX_LINES + 1);
  const shown = lines.slice(0, STATEMENT_PDF_MAX_LINES);
  const moreLines =
    lines.length > STATEMENT_PDF_MAX_LINES
      ? await countMonthLines(db, account.id, yearMonth).then(
          (all) => all - STATEMENT_PDF_MAX_LINES,
        )
      : 0;
  const { brand, name } = await brandAndName(db, job.customerId);
  await setProgress(db, job.id, 60);
  const bytes = await renderStatement({
    brand,
    lang,
    customerName: name,
    accountId: account.id,
    currency: account.currencyCode,
    yearMonth,
    beginningBalance: statement.beginningBalance,
    totalCredit: statement.totalCredit,
    totalDebit: statement.totalDebit,
    endingBalance: statement.endingBalance,
    processingCount: statement.processingCount,
    rejectedCount: statement.rejectedCount,
    lines: shown.map((line) => ({
      date: line.createdAt,
      typeName: csvWords(lang).type(typeOfKind(line.kind)),
      text: typeof line.details.description === 'string' ? line.details.description : '',
      net: line.net,
    })),
    moreLines,
  });
  await writer.write(bytes);
  return shown.length;
}

async function countMonthLines(
  db: Database,
  accountId: number,
  yearMonth: string,
): Promise<number> {
  const [row] = await selectRows<{ count: number | string }>(
    db,
    sql`select count(distinct p.transfer_id)::int as count from postings p
        where p.account_id = ${accountId} and not p.pending
          and p.created_at >= ${`${yearMonth}-01T00:00:00Z`}::timestamptz
          and p.created_at < (${`${yearMonth}-01T00:00:00Z`}::timestamptz + interval '1 month')`,
  );
  return Number(row?.count ?? 0);
}

/** Claims the next export due (queued, or running with a lapsed lease), or null. */
async function claimExport(db: Database, now: Date): Promise<ExportRow | null> {
  return db.transaction(async (tx) => {
    const [due] = await selectRows<{ id: number }>(
      tx,
      sql`select id from ${historyExports}
          where status = 'queued' or (status = 'running' and lease_until < ${now.toISOString()}::timestamptz)
          order by id limit 1 for update skip locked`,
    );
    if (!due) return null;
    // A job taken over starts again from nothing.
    await tx.delete(historyExportChunks).where(eq(historyExportChunks.exportId, due.id));
    const [claimed] = await tx
      .update(historyExports)
      .set({
        status: 'running',
        progress: 0,
        startedAt: now,
        leaseUntil: new Date(now.getTime() + LEASE_MS),
      })
      .where(eq(historyExports.id, due.id))
      .returning();
    return claimed ?? null;
  });
}

/** Runs one claimed export to its end. */
export async function runExport(db: Database, job: ExportRow): Promise<void> {
  const writer = new ChunkWriter(db, job.id);
  try {
    const rows =
      job.source === 'history'
        ? await writeHistoryCsv(db, job, writer)
        : await writeStatement(db, job, writer);
    await writer.flush();
    await db
      .update(historyExports)
      .set({
        status: 'ready',
        progress: 100,
        byteSize: writer.bytes,
        rowCount: rows,
        finishedAt: new Date(),
        leaseUntil: null,
      })
      .where(eq(historyExports.id, job.id));
  } catch (error) {
    await db
      .update(historyExports)
      .set({
        status: 'failed',
        error: error instanceof Error ? error.message.slice(0, 500) : 'failed',
        finishedAt: new Date(),
        leaseUntil: null,
      })
      .where(eq(historyExports.id, job.id));
    throw error;
  }
}

/** One pass: runs every due export, one after another; answers how many ran. */
async function runExportStep(db: Database, now = new Date(), limit = 10): Promise<number> {
  let ran = 0;
  while (ran < limit) {
    const job = await claimExport(db, now);
    if (!job) break;
    ran += 1;
    await runExport(db, job).catch(() => undefined);
  }
  return ran;
}

type ExportWorker = BackgroundLoop;

/** Runs exports in the background on this node: a pass every pollMs, never two at once. */
export function startExportWorker(deps: {
  db: Database;
  log: FastifyBaseLogger;
  pollMs: number;
}): ExportWorker {
  return startBackgroundLoop({
    name: 'history exports',
    intervalMs: deps.pollMs,
    log: deps.log,
    pass: () => runExportStep(deps.db),
    describe: (ran) => (ran > 0 ? { ran } : undefined),
  });
}

/** Streams a ready export's chunks in order, a few at a time. */
function chunkStream(db: Database, exportId: number): Readable {
  let next = 0;
  let done = false;
  return new Readable({
    async read() {
      if (done) return;
      try {
        const rows = await db
          // base64 for the same reason as ChunkWriter's: PGlite parses bytea byte by byte.
          .select({
            seq: historyExportChunks.seq,
            data: sql<string>`encode(${historyExportChunks.data}, 'base64')`,
          })
          .from(historyExportChunks)
          .where(
            and(eq(historyExportChunks.exportId, exportId), gt(historyExportChunks.seq, next - 1)),
          )
          .orderBy(asc(historyExportChunks.seq))
          .limit(4);
        if (rows.length === 0) {
          done = true;
          this.push(null);
          return;
        }
        next = rows[rows.length - 1]!.seq + 1;
        for (const row of rows) this.push(Buffer.from(row.data, 'base64'));
      } catch (error) {
        this.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    },
  });
}

/** Serves an export file behind a single-use link (claimed before the bytes start to flow). */
export async function serveExportDownload(
  db: Database,
  link: typeof pdfDownloads.$inferSelect,
  reply: FastifyReply,
  claim: () => Promise<boolean>,
  gone: () => AppError,
) {
  const [job] = await db
    .select()
    .from(historyExports)
    .where(
      and(
        eq(historyExports.id, Number(link.params.exportId)),
        eq(historyExports.customerId, link.customerId),
      ),
    );
  if (!job || job.status !== 'ready') throw gone();
  if (!(await claim())) throw gone();
  const type = job.format === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8';
  return reply
    .header('Cache-Control', 'no-store')
    .header('Content-Disposition', `attachment; filename="${job.fileName}"`)
    .header('Content-Length', String(job.byteSize ?? 0))
    .type(type)
    .send(chunkStream(db, job.id));
}

/** Deletes exports finished (ready or failed) more than EXPORT_RETENTION_MS ago; their chunks go with them. */
export async function purgeOldExports(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const gone = await db
    .delete(historyExports)
    .where(
      and(
        isNotNull(historyExports.finishedAt),
        lt(historyExports.finishedAt, new Date(now.getTime() - EXPORT_RETENTION_MS)),
      ),
    )
    .returning({ id: historyExports.id });
  return gone.length;
}

/** Sweeps old exports hourly on this node (a delete by date: safe on several nodes at once). */
export function startExportRetention(deps: {
  db: Database;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): BackgroundLoop {
  return startBackgroundLoop({
    name: 'export retention',
    intervalMs: deps.intervalMs ?? EXPORT_RETENTION_SWEEP_MS,
    log: deps.log,
    pass: () => purgeOldExports(deps.db),
    describe: (deleted) => (deleted > 0 ? { deleted } : undefined),
  });
}
