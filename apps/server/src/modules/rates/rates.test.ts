import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { exchangeRates } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';
import { parseEcbCsv } from './ecb';
import { importEcbCsv, SEEDED_RATES } from './rates';

/** The layout of the ECB's daily eurofxref.csv (header, one row, trailing commas). */
const DAILY = [
  'Date, USD, JPY, BGN, CZK, DKK, GBP, HUF, PLN, RON, SEK, CHF, ISK, NOK, TRY, AUD, BRL, CAD, CNY, HKD, IDR, ILS, INR, KRW, MXN, MYR, NZD, PHP, SGD, THB, ZAR, ',
  '23 November 2026, 1.1604, 181.27, N/A, 24.188, 7.4610, 0.87915, 385.43, 4.2297, 5.0901, 10.9650, 0.93170, 148.30, 11.7305, 49.3120, 1.7901, 6.2103, 1.6302, 8.2512, 9.0342, 19401.55, 3.8011, 103.4550, 1708.20, 21.3811, 4.8925, 2.0561, 68.301, 1.5138, 37.611, 20.1733, ',
].join('\n');

/** The layout of the history file eurofxref-hist.csv: ISO dates, one row per day. */
const HISTORY = [
  'Date,USD,GBP,RON,',
  '2026-11-19,1.1550,0.8801,5.0861,',
  '2026-11-18,1.1542,0.8795,5.0850,',
].join('\r\n');

describe('parseEcbCsv', () => {
  it('reads the daily file: the date, and every rate as written', () => {
    const [day, ...rest] = parseEcbCsv(DAILY);
    expect(rest).toEqual([]);
    expect(day!.date).toBe('2026-11-23');
    expect(day!.rates).toHaveLength(29);
    expect(day!.rates).toContainEqual({ currencyCode: 'GBP', rate: '0.87915' });
    expect(day!.rates).toContainEqual({ currencyCode: 'USD', rate: '1.1604' });
    // "N/A" (a currency the ECB no longer quotes) is skipped, not stored as zero.
    expect(day!.rates.find((rate) => rate.currencyCode === 'BGN')).toBeUndefined();
  });

  it('reads the history file with ISO dates and CRLF line ends', () => {
    const days = parseEcbCsv(HISTORY);
    expect(days.map((day) => day.date)).toEqual(['2026-11-19', '2026-11-18']);
    expect(days[1]!.rates).toEqual([
      { currencyCode: 'USD', rate: '1.1542' },
      { currencyCode: 'GBP', rate: '0.8795' },
      { currencyCode: 'RON', rate: '5.0850' },
    ]);
  });

  it('refuses files that are not ECB reference rates', () => {
    expect(() => parseEcbCsv('')).toThrow(/Date/);
    expect(() => parseEcbCsv('Day, USD\n1 May 2026, 1.1')).toThrow(/Date/);
    expect(() => parseEcbCsv('Date, USD\n')).toThrow(/no data row/);
    expect(() => parseEcbCsv('Date, usd\n1 May 2026, 1.1')).toThrow(/currency code/);
    expect(() => parseEcbCsv('Date, USD\n1 Mayo 2026, 1.1')).toThrow(/not a date/);
    expect(() => parseEcbCsv('Date, USD\n1 May 2026, -1.1')).toThrow(/not a rate/);
    expect(() => parseEcbCsv('Date, USD\n1 May 2026, 0')).toThrow(/not a rate/);
  });
});

describe('importEcbCsv', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('stores the rates and makes the newest day the default', async () => {
    const token = await server.signIn('personal@ledgerline.test');
    const before = (await server.main('getDefaultExchangeRates', {}, { token })).json();
    expect(before.date).toBe(SEEDED_RATES.date);

    expect(await importEcbCsv(server.database.db, DAILY)).toEqual({
      dates: ['2026-11-23'],
      count: 29,
    });
    const after = (await server.main('getDefaultExchangeRates', {}, { token })).json();
    expect(after.date).toBe('2026-11-23');
    expect(after.rates).toContainEqual({ currencyCode: 'GBP', rate: '0.87915' });
    // Currencies the ECB does not quote keep their latest rate.
    expect(after.rates).toContainEqual({ currencyCode: 'UAH', rate: SEEDED_RATES.rates.UAH });
    const cross = (
      await server.main(
        'getTransferExchangeRate',
        { fromCurrencyCode: 'GBP', toCurrencyCode: 'USD' },
        { token },
      )
    ).json();
    expect(cross).toMatchObject({ rate: '1.3199112779', date: '2026-11-23' });
  });

  it('overwrites a day it already holds instead of duplicating it', async () => {
    await importEcbCsv(server.database.db, HISTORY);
    await importEcbCsv(server.database.db, HISTORY.replace('1.1542', '1.1543'));
    const rows = await server.database.db
      .select()
      .from(exchangeRates)
      .where(and(eq(exchangeRates.quote, 'USD'), eq(exchangeRates.date, '2026-11-18')));
    expect(rows.map((row) => [row.rate, row.source])).toEqual([['1.154300000000', 'ECB']]);
  });
});
