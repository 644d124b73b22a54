/*
 * CSV text (RFC 4180) into rows of cells, for showing an uploaded file as a table. Quoted cells
 * may hold commas, line breaks and doubled quotes; lines end with CRLF or LF. A byte-order mark
 * at the start is dropped, and the blank line a file usually ends with makes no row.
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
