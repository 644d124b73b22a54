/*
 * CSV as RFC 4180 with a guard against formula injection: a spreadsheet runs a cell that starts
 * with = + - @ (or a tab / carriage return), so such text cells get a leading apostrophe. Amounts
 * are written by us as plain decimals and pass through untouched.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(
  value: string | number | null,
  options: { numeric?: boolean } = {},
): string {
  if (value === null) return '';
  let text = String(value);
  if (!options.numeric && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(
  cells: (string | number | null)[],
  numericColumns: ReadonlySet<number> = new Set(),
): string {
  return `${cells.map((cell, index) => csvCell(cell, { numeric: numericColumns.has(index) })).join(',')}\r\n`;
}

/** Parses CSV text (what csvLine writes) back into rows; used by tests and the batch file view. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
