import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

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
