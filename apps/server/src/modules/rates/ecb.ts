/**
 * The ECB's euro foreign-exchange reference rates as CSV: the daily file (eurofxref.csv) has a
 * header `Date, USD, JPY, …` and one data row such as `21 November 2026, 1.1561, 181.23, …`; the
 * history file (eurofxref-hist.csv) has the same header and one row per day with ISO dates.
 * Both may end rows with a trailing comma, and a currency without a rate that day reads "N/A".
 */

export interface EcbRateDay {
  /** ISO date, e.g. 2026-11-21. */
  date: string;
  /** Units of the currency per one euro, as written in the file. */
  rates: { currencyCode: string; rate: string }[];
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
// eslint-disable-next-line security/detect-unsafe-regex -- anchored, bounded and unambiguous: linear on any input
const RATE = /^\d{1,12}(\.\d{1,12})?$/;

function parseDate(text: string): string {
  const value = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const match = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(value);
  const month = match ? MONTHS.indexOf(match[2]!.toLowerCase()) : -1;
  if (!match || month < 0) throw new Error(`ECB CSV: "${value.slice(0, 40)}" is not a date`);
  return `${match[3]}-${String(month + 1).padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
}

/** Parses the ECB reference-rate CSV; throws with a clear message on anything else. */
export function parseEcbCsv(text: string): EcbRateDay[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  const [header, ...rows] = lines;
  const columns = (header ?? '').split(',').map((cell) => cell.trim());
  if (columns[0] !== 'Date') throw new Error('ECB CSV: the first column must be "Date"');
  const codes = columns.slice(1);
  for (const code of codes)
    if (code !== '' && !/^[A-Z]{3}$/.test(code))
      throw new Error(`ECB CSV: "${code.slice(0, 10)}" is not a currency code`);
  if (rows.length === 0) throw new Error('ECB CSV: no data row');
  return rows.map((row) => {
    const cells = row.split(',').map((cell) => cell.trim());
    const rates: EcbRateDay['rates'] = [];
    codes.forEach((code, index) => {
      const value = cells[index + 1] ?? '';
      if (code === '' || value === '' || value === 'N/A') return;
      if (!RATE.test(value) || Number(value) === 0)
        throw new Error(`ECB CSV: "${value.slice(0, 20)}" is not a rate for ${code}`);
      rates.push({ currencyCode: code, rate: value });
    });
    return { date: parseDate(cells[0] ?? ''), rates };
  });
}
