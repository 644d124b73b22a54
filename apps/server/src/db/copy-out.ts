import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from './client';

/*
 * `COPY (query) TO STDOUT` for PostgreSQL (decision 110): the rows arrive as one stream in COPY's
 * binary format and are handed on field by field, with no row object, no text parsing and no
 * type conversion in the driver. PGlite has no such stream: callers read it in batches instead.
 */

/** The node-postgres pool behind a handle; null on PGlite (in this process, on one connection). */
export function postgresPool(db: Database): pg.Pool | null {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

const dialect = new PgDialect();

/** The start of every binary COPY: its signature, then a flags word and an extension's length. */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;

export interface CopyRowSink {
  /**
   * One row: where each field starts in `data` and how long it is (-1 for null). The bytes are
   * only valid during the call: copy what is kept.
   */
  row(data: Buffer, starts: Int32Array, lengths: Int32Array): void;
  /** After each piece the server sent, before the next is read: the server waits meanwhile. */
  drain(): Promise<void>;
}

/** Splits COPY's binary format into rows, across pieces that end anywhere. */
class BinaryRows {
  private rest: Buffer | null = null;
  private started = false;
  ended = false;
  count = 0;
  private readonly starts: Int32Array;
  private readonly lengths: Int32Array;

  constructor(
    private readonly fields: number,
    private readonly sink: CopyRowSink,
  ) {
    this.starts = new Int32Array(fields);
    this.lengths = new Int32Array(fields);
  }

  push(piece: Buffer): void {
    const data = this.rest ? Buffer.concat([this.rest, piece]) : piece;
    let at = 0;
    if (!this.started) {
      if (data.length < HEADER_BYTES) {
        this.rest = data;
        return;
      }
      if (!data.subarray(0, SIGNATURE.length).equals(SIGNATURE))
        throw new Error('COPY: the answer is not in the binary format');
      at = HEADER_BYTES + data.readInt32BE(HEADER_BYTES - 4);
      if (data.length < at) {
        this.rest = data;
        return;
      }
      this.started = true;
    }
    while (!this.ended && at + 2 <= data.length) {
      const count = data.readInt16BE(at);
      if (count === -1) {
        this.ended = true;
        at += 2;
        break;
      }
      if (count !== this.fields)
        throw new Error(`COPY: a row of ${count} fields where ${this.fields} were expected`);
      let next = at + 2;
      let whole = true;
      for (let field = 0; field < count && whole; field += 1) {
        if (next + 4 > data.length) {
          whole = false;
          break;
        }
        const length = data.readInt32BE(next);
        next += 4;
        this.starts[field] = next;
        this.lengths[field] = length;
        if (length > 0) next += length;
        if (next > data.length) whole = false;
      }
      if (!whole) break;
      this.sink.row(data, this.starts, this.lengths);
      this.count += 1;
      at = next;
    }
    this.rest = at < data.length ? data.subarray(at) : null;
  }
}

/**
 * Runs `COPY (query) TO STDOUT (FORMAT binary)` on a connection of its own, in a read-only
 * transaction, and hands each row of `fields` fields to `sink` as it arrives; answers how many
 * rows there were. COPY takes no parameters, so the query's are
 * written into it as quoted literals (drizzle's inlining, with standard_conforming_strings on).
 */
export async function copyOutBinary(
  pool: pg.Pool,
  query: SQL,
  fields: number,
  sink: CopyRowSink,
): Promise<number> {
  const { sql: text, params } = dialect.sqlToQuery(query.inlineParams());
  if (params.length > 0) throw new Error('COPY: the query kept parameters');
  const client = await pool.connect();
  let failed = false;
  try {
    await client.query('begin transaction read only');
    await client.query('set local standard_conforming_strings = on');
    const rows = new BinaryRows(fields, sink);
    const stream = client.query(copyTo(`copy (${text}) to stdout (format binary)`));
    for await (const piece of stream as AsyncIterable<Buffer>) {
      rows.push(piece);
      await sink.drain();
    }
    if (!rows.ended) throw new Error('COPY: the answer ended before its last row');
    await client.query('commit');
    return rows.count;
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // A connection left inside a COPY or a failed transaction is closed, not reused.
    client.release(failed);
  }
}
