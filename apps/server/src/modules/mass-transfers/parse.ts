import ExcelJS from 'exceljs';
import { parseCsv } from '@ledgerline/domain/csv';
import {
  MASS_COLUMNS,
  MASS_MAX_BYTES,
  MASS_MAX_CELL_LENGTH,
  MASS_MAX_ROWS,
  normaliseHeader,
  type MassColumn,
  type MassTransferType,
} from '@ledgerline/domain/mass-transfers';
import { AppError } from '../../lib/errors';
import { isStorableText } from '../../lib/text-input';

/*
 * A batch file into rows of cells by column key (issue 17): CSV (also pasted text) with the
 * domain's CSV reader, XLSX with exceljs (its first sheet). The header row names the columns of
 * the type (MASS_COLUMNS); every refusal is the spec's TA1 envelope on `attachedFile`, and
 * nothing is stored before the whole file has read cleanly.
 */

export type BatchFileKind = 'csv' | 'xlsx';

export interface ReadBatch {
  kind: BatchFileKind;
  /** The rows after the header, blank ones left out: column key → trimmed cell text. */
  rows: Record<string, string>[];
}

function refuse(message: string, description: string): AppError {
  return AppError.invalid({ attachedFile: message }, description);
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** What the bytes are by their content: an XLSX is a ZIP; CSV is UTF-8 text without NUL bytes. */
export function detectBatchFileKind(bytes: Uint8Array): BatchFileKind | null {
  if (ZIP_MAGIC.every((byte, index) => bytes[index] === byte)) return 'xlsx';
  if (bytes.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'csv';
  } catch {
    return null;
  }
}

function columnOfHeader(columns: readonly MassColumn[], header: string): MassColumn | undefined {
  const wanted = normaliseHeader(header);
  return columns.find(
    (column) => normaliseHeader(column.key) === wanted || normaliseHeader(column.header) === wanted,
  );
}

/** The header row as column keys, in file order; unknown, repeated or missing columns refuse the file. */
function headerKeys(type: MassTransferType, header: readonly string[]): string[] {
  const columns = MASS_COLUMNS[type];
  const keys: string[] = [];
  for (const text of header) {
    const column = columnOfHeader(columns, text.trim());
    if (!column)
      throw refuse(
        'validation.massUnknownColumn',
        `The column "${text.trim().slice(0, 40)}" is not one of this transfer type's`,
      );
    if (keys.includes(column.key))
      throw refuse('validation.massDuplicateColumn', `The column "${column.header}" appears twice`);
    keys.push(column.key);
  }
  const missing = columns.find((column) => column.required && !keys.includes(column.key));
  if (missing)
    throw refuse('validation.massMissingColumn', `The file needs the column "${missing.header}"`);
  return keys;
}

/** The table (header first) into rows by key; the limits of issue 17 are checked on the way. */
function toRows(type: MassTransferType, table: readonly (readonly string[])[]): ReadBatch['rows'] {
  const [header, ...body] = table;
  if (!header || header.every((cell) => cell.trim() === ''))
    throw refuse('validation.massEmptyFile', 'The file has no header row');
  const keys = headerKeys(type, header);
  const rows: ReadBatch['rows'] = [];
  for (const [index, cells] of body.entries()) {
    if (cells.every((cell) => cell.trim() === '')) continue;
    if (rows.length === MASS_MAX_ROWS)
      throw refuse('validation.massTooManyRows', `A batch holds at most ${MASS_MAX_ROWS} rows`);
    if (cells.length > keys.length && cells.slice(keys.length).some((cell) => cell.trim() !== ''))
      throw refuse(
        'validation.massExtraCells',
        `Row ${index + 1} has more cells than the header has columns`,
      );
    const row: Record<string, string> = {};
    keys.forEach((key, column) => {
      const value = (cells[column] ?? '').trim();
      if (value.length > MASS_MAX_CELL_LENGTH)
        throw refuse(
          'validation.massCellTooLong',
          `Row ${index + 1}, column ${key}: a cell holds at most ${MASS_MAX_CELL_LENGTH} characters`,
        );
      // An XLSX cell can spell NUL or half a surrogate pair as a character reference.
      if (!isStorableText(value))
        throw refuse(
          'validation.massCellUnstorable',
          `Row ${index + 1}, column ${key}: a cell holds a NUL character or broken Unicode`,
        );
      row[key] = value;
    });
    rows.push(row);
  }
  if (rows.length === 0) throw refuse('validation.massNoRows', 'The file has no rows to pay');
  return rows;
}

/** CSV text (a file's or pasted): an odd number of quotes means a quoted cell never ends. */
export function readCsvBatch(type: MassTransferType, text: string): ReadBatch['rows'] {
  let quotes = 0;
  for (const char of text) if (char === '"') quotes += 1;
  if (quotes % 2 === 1)
    throw refuse('validation.massMalformedCsv', 'The CSV has a quoted cell that never ends');
  return toRows(type, parseCsv(text));
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  // Formulas give their cached result only: we never evaluate one.
  if (typeof value === 'object' && 'result' in value)
    return value.result === undefined || value.result === null ? '' : String(value.result);
  return cell.text;
}

async function readXlsxBatch(
  type: MassTransferType,
  bytes: Uint8Array,
): Promise<ReadBatch['rows']> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw refuse('validation.massMalformedXlsx', 'The XLSX file cannot be read');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw refuse('validation.massEmptyFile', 'The XLSX file has no sheet');
  if (sheet.actualRowCount > MASS_MAX_ROWS + 1)
    throw refuse('validation.massTooManyRows', `A batch holds at most ${MASS_MAX_ROWS} rows`);
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column += 1)
      cells.push(cellText(row.getCell(column)));
    table.push(cells);
  });
  return toRows(type, table);
}

/** Reads an uploaded file (by its content, not its name) or pasted text into rows. */
export async function readBatchFile(
  type: MassTransferType,
  source: { bytes: Uint8Array } | { text: string },
): Promise<ReadBatch> {
  if ('text' in source) {
    if (Buffer.byteLength(source.text, 'utf8') > MASS_MAX_BYTES)
      throw refuse('validation.massFileTooLarge', 'A batch is at most 5 MB');
    if (source.text.trim() === '')
      throw refuse('validation.massFileOrText', 'Give a file or paste the rows');
    return { kind: 'csv', rows: readCsvBatch(type, source.text) };
  }
  const { bytes } = source;
  if (bytes.length === 0) throw refuse('validation.fileEmpty', 'The file is empty');
  if (bytes.length > MASS_MAX_BYTES)
    throw refuse('validation.massFileTooLarge', 'A batch file is at most 5 MB');
  const kind = detectBatchFileKind(bytes);
  if (kind === null)
    throw refuse('validation.massFileType', 'Only CSV and XLSX files are accepted');
  if (kind === 'xlsx') return { kind, rows: await readXlsxBatch(type, bytes) };
  return { kind, rows: readCsvBatch(type, new TextDecoder('utf-8').decode(bytes)) };
}
