import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, parseCsv } from './csv';

describe('parseCsv', () => {
  it('splits plain lines with CRLF or LF endings and ignores the final line break', () => {
    expect(parseCsv('a,b,c\r\n1,2,3\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps commas, line breaks and doubled quotes inside quoted cells', () => {
    expect(parseCsv('name,note\r\n"Berg, Anna","She said ""hi""\r\nthen left"\r\n')).toEqual([
      ['name', 'note'],
      ['Berg, Anna', 'She said "hi"\r\nthen left'],
    ]);
  });

  it('keeps empty cells, including a trailing one and a quoted empty one', () => {
    expect(parseCsv('a,,c,\r\n"",x,"",\r\n')).toEqual([
      ['a', '', 'c', ''],
      ['', 'x', '', ''],
    ]);
  });

  it('skips blank lines and a byte-order mark', () => {
    expect(parseCsv('\uFEFFa,b\r\n\r\n1,2\r\n\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('gives no rows for empty text', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\r\n')).toEqual([]);
  });

  it('reads back what the server writes (apostrophe-guarded text stays as written)', () => {
    expect(parseCsv("Name,Amount\r\n'=SUM(A1),12.50\r\n")).toEqual([
      ['Name', 'Amount'],
      ["'=SUM(A1)", '12.50'],
    ]);
  });
});

describe('csvCell and csvLine', () => {
  it.each<[string | number | null, boolean, string]>([
    ['plain', false, 'plain'],
    [null, false, ''],
    [12.5, false, '12.5'],
    ['Berg, Anna', false, '"Berg, Anna"'],
    ['She said "hi"', false, '"She said ""hi"""'],
    ['two\nlines', false, '"two\nlines"'],
    // a spreadsheet would run these as formulas: text cells get an apostrophe
    ['=SUM(A1)', false, "'=SUM(A1)"],
    ['+1', false, "'+1"],
    ['-5', false, "'-5"],
    ['@cmd', false, "'@cmd"],
    ['\tx', false, "'\tx"],
    ['=HYPERLINK("x","y")', false, `"'=HYPERLINK(""x"",""y"")"`],
    // an amount column is written as is: a negative amount stays a number
    ['-5.25', true, '-5.25'],
  ])('writes %j (numeric %s) as %j', (value, numeric, expected) => {
    expect(csvCell(value, { numeric })).toBe(expected);
  });

  it('ends each line in CRLF and guards only the text columns', () => {
    expect(csvLine(['-x', '-1.5', null], new Set([1]))).toBe("'-x,-1.5,\r\n");
  });

  it('reads back exactly what it writes, commas, quotes and line breaks included', () => {
    const rows = [
      ['Date', 'Description', 'Amount'],
      ['2026-01-31', 'Rent, "flat 2"\r\nJanuary', '-850.00'],
      ['2026-02-01', '', '0'],
    ];
    const text = rows.map((row) => csvLine(row, new Set([2]))).join('');
    expect(parseCsv(text)).toEqual(rows);
  });
});
