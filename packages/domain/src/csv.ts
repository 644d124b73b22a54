/*
 * The one CSV module (RFC 4180): the server writes statements and exports with csvLine, the web
 * and the tests read files back with parseCsv.
 *
 * Writing guards against formula injection: a spreadsheet runs a cell that starts with = + - @
 * (or a tab / carriage return), so such text cells get a leading apostrophe. Amounts are written
 * as plain decimals in columns marked numeric and pass through untouched.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * Text a spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage return)
 * gets a leading apostrophe (OWASP "CSV injection"); every CSV and XLSX cell we write passes here.
 */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One cell as CSV text: quoted when it holds a quote, comma or line break; null is empty. */
export function csvCell(
  value: string | number | null,
  options: { numeric?: boolean } = {},
): string {
  if (value === null) return '';
  let text = String(value);
  if (!options.numeric) text = guardFormula(text);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line ending in CRLF; the cells at `numericColumns` (by index) are amounts, never apostrophe-guarded. */
export function csvLine(
  cells: readonly (string | number | null)[],
  numericColumns: ReadonlySet<number> = new Set(),
): string {
  return `${cells.map((cell, index) => csvCell(cell, { numeric: numericColumns.has(index) })).join(',')}\r\n`;
}

/*
 * CSV text into rows of cells, for showing an uploaded file as a table. Quoted cells may hold
 * commas, line breaks and doubled quotes; lines end with CRLF or LF. A byte-order mark at the
 * start is dropped, and blank lines (such as the one a file usually ends with) make no row.
 */

export function parseCsv(text: string): string[][] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  // Whether the current row has begun (a cell, a comma or a quote was read), so "" is a row of one empty cell.
  let started = false;
  const endRow = () => {
    row.push(cell);
    rows.push(row);
    row = [];
    cell = '';
    started = false;
  };
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
      continue;
    }
    if (char === '"') {
      quoted = true;
      started = true;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
      started = true;
    } else if (char === '\r' && source[index + 1] === '\n') {
      // The LF that follows ends the row.
    } else if (char === '\n' || char === '\r') {
      if (started || cell !== '') endRow();
      else if (row.length === 0) continue;
    } else {
      cell += char;
      started = true;
    }
  }
  if (started || cell !== '' || row.length > 0) endRow();
  return rows;
}
