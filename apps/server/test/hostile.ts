/*
 * Values that passed validation and then crashed the database, or were meant to (issue 12). The
 * fuzz tests send them in every field of their kind; none may answer a 500.
 */

const RAW = '§raw§';

/** A JSON number JSON.stringify cannot write (1e309 parses as Infinity): sent as raw text by jsonText. */
export function rawNumber(text: string): string {
  return `${RAW}${text}`;
}

/** The request body as JSON text, with rawNumber values written as bare numbers. */
export function jsonText(payload: unknown): string {
  return JSON.stringify(payload).replace(/"§raw§([^"]*)"/g, '$1');
}

/** Ids out of range or not ids: zero, negative, past int4 and int8, Infinity, exponent strings. */
export const HOSTILE_IDS: unknown[] = [
  0,
  -1,
  2 ** 31,
  2 ** 63,
  rawNumber('1e309'),
  rawNumber('-1e309'),
  rawNumber('99999999999999999999'),
  '1e3',
  '12',
  1.5,
  null,
];

/** Days that are no day, or no day a bank means: year 0000 and 9999, impossible months and days. */
export const HOSTILE_DAYS: unknown[] = [
  '0000-01-01',
  '9999-12-31',
  '2026-99-99',
  '2026-02-30',
  '1899-12-31',
  '2101-01-01',
  '+02026-01-01',
  '2026-1-1',
  '2026-01-01T00:00:00Z',
  20260101,
];

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** History cursors: bigint overflow in either half, past the date range, malformed. */
export const HOSTILE_CURSORS: unknown[] = [
  base64url('99999999999999999999.1'),
  base64url('1.99999999999999999999'),
  base64url('9223372036854775807.1'),
  base64url('1.9223372036854775808'),
  base64url('1.0'),
  base64url('-1.1'),
  base64url('1'),
  'x',
  '',
  '!!!',
  'A'.repeat(201),
  1,
];
