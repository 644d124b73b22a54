import { and, eq, sql, type SQL } from 'drizzle-orm';
import { findCurrency } from '@ledgerline/domain';
import { selectRows, type DbOrTx } from '../../db/client';
import { exchangeRates } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { Money } from '../ledger';
import { parseEcbCsv } from './ecb';

/** Every rate we hold is units of the quote currency per one euro (the ECB's base). */
export const RATE_BASE = 'EUR';
/** Cross rates keep 10 decimals: enough for ISK→EUR and friends, well inside the contract's 12. */
const CROSS_RATE_DECIMALS = 10;

/**
 * The rates the demo starts with: the ECB reference rates of one day for the currencies it
 * publishes, and for RSD, MDL, UAH and AED (which it does not) approximate market rates of the
 * same day. `npm run rates:import` replaces them with a real ECB file.
 */
export const SEEDED_RATES = {
  date: '2026-11-20',
  rates: {
    USD: '1.1561',
    GBP: '0.8812',
    AUD: '1.7862',
    CAD: '1.6254',
    RON: '5.0872',
    CHF: '0.9321',
    PLN: '4.2350',
    SEK: '10.9815',
    NOK: '11.7230',
    DKK: '7.4606',
    ISK: '147.90',
    CZK: '24.212',
    HUF: '385.10',
    TRY: '49.1203',
    ILS: '3.7911',
    JPY: '180.52',
    CNY: '8.2381',
    HKD: '9.0032',
    SGD: '1.5112',
    NZD: '2.0518',
    INR: '103.215',
    ZAR: '20.1177',
    MXN: '21.3402',
    BRL: '6.1958',
    RSD: '117.20',
    MDL: '19.71',
    UAH: '48.62',
    AED: '4.2458',
  } as Record<string, string>,
} as const;

/** Writes the rates of each day; a day already held is overwritten (the ECB corrects rates now and then). */
export async function saveRates(
  db: DbOrTx,
  days: { date: string; rates: { currencyCode: string; rate: string }[] }[],
  source: string,
): Promise<number> {
  let count = 0;
  for (const day of days) {
    if (day.rates.length === 0) continue;
    await db
      .insert(exchangeRates)
      .values(
        day.rates.map((entry) => ({
          base: RATE_BASE,
          quote: entry.currencyCode,
          rate: entry.rate,
          date: day.date,
          source,
        })),
      )
      .onConflictDoUpdate({
        target: [exchangeRates.base, exchangeRates.quote, exchangeRates.date],
        set: { rate: sql`excluded.rate`, source: sql`excluded.source` },
      });
    count += day.rates.length;
  }
  return count;
}

/** Imports an ECB reference-rate CSV (daily or history file); answers the dates and number of rates stored. */
export async function importEcbCsv(
  db: DbOrTx,
  text: string,
): Promise<{ dates: string[]; count: number }> {
  const days = parseEcbCsv(text);
  const count = await saveRates(db, days, 'ECB');
  return { dates: days.map((day) => day.date), count };
}

/** Seeds the demo rates once (an existing day is left alone). */
export async function seedRates(db: DbOrTx): Promise<void> {
  const [held] = await db
    .select({ id: exchangeRates.id })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.base, RATE_BASE), eq(exchangeRates.date, SEEDED_RATES.date)))
    .limit(1);
  if (held) return;
  await saveRates(
    db,
    [
      {
        date: SEEDED_RATES.date,
        rates: Object.entries(SEEDED_RATES.rates).map(([currencyCode, rate]) => ({
          currencyCode,
          rate,
        })),
      },
    ],
    'seed',
  );
}

interface LatestRate {
  quote: string;
  rate: string;
  date: string;
}

/** The newest rate of each currency (or of the ones asked for) against the euro. */
async function latestRates(db: DbOrTx, quotes?: string[]): Promise<LatestRate[]> {
  if (quotes && quotes.length === 0) return [];
  const filter = quotes
    ? sql`and quote in (${sql.join(
        quotes.map((quote) => sql`${quote}`),
        sql`, `,
      )})`
    : sql``;
  const rows = await selectRows<{ quote: string; rate: string; date: string | Date }>(
    db,
    sql`select distinct on (quote) quote, rate::text as rate, date from exchange_rates where base = ${RATE_BASE} ${filter} order by quote, date desc`,
  );
  return rows.map((row) => ({
    quote: row.quote,
    rate: row.rate,
    date:
      typeof row.date === 'string' ? row.date.slice(0, 10) : row.date.toISOString().slice(0, 10),
  }));
}

function rateText(value: InstanceType<typeof Money>): string {
  return value.toDecimalPlaces(CROSS_RATE_DECIMALS).toFixed();
}

/** The default rates screen: every currency against the euro, with the newest date held. */
export async function defaultExchangeRates(
  db: DbOrTx,
): Promise<{ base: 'EUR'; date: string; rates: { currencyCode: string; rate: string }[] }> {
  const latest = await latestRates(db);
  const date = latest.reduce((newest, row) => (row.date > newest ? row.date : newest), '');
  if (!date) throw new AppError('UE', 'No exchange rates are available');
  const rates = latest.map((row) => ({
    currencyCode: row.quote,
    rate: rateText(new Money(row.rate)),
  }));
  return { base: RATE_BASE, date, rates };
}

/**
 * Units of `to` per one `from`, through the euro. '1' when the currencies match or one is
 * missing (spec 2 §5); a currency we hold no rate for is a field error.
 */
export async function transferExchangeRate(
  db: DbOrTx,
  from: string | undefined,
  to: string | undefined,
): Promise<{ rate: string; date: string | null }> {
  if (!from || !to || from === to) return { rate: '1', date: null };
  const needed = [from, to].filter((code) => code !== RATE_BASE);
  const latest = await latestRates(db, needed);
  const byCode = new Map(latest.map((row) => [row.quote, row]));
  const perEuro = (code: string, field: string) => {
    if (code === RATE_BASE) return { rate: new Money(1), date: null as string | null };
    const row = byCode.get(code);
    if (!row) throw AppError.invalid({ [field]: `There is no exchange rate for ${code}` });
    return { rate: new Money(row.rate), date: row.date };
  };
  const source = perEuro(from, 'fromCurrencyCode');
  const target = perEuro(to, 'toCurrencyCode');
  const dates = [source.date, target.date].filter((date): date is string => date !== null).sort();
  return { rate: rateText(target.rate.dividedBy(source.rate)), date: dates[0] ?? null };
}

/** Currencies a customer may open an account or wallet in: in our currency list and with a rate (or the euro). */
export async function isOfferedCurrency(db: DbOrTx, code: string): Promise<boolean> {
  if (!findCurrency(code)) return false;
  if (code === RATE_BASE) return true;
  const [row] = await db
    .select({ id: exchangeRates.id })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.base, RATE_BASE), eq(exchangeRates.quote, code)))
    .limit(1);
  return row !== undefined;
}

/**
 * The rates an overview converts with, as two common table expressions for a `with` clause:
 * `rates (quote, rate, date)`, the newest rate of every currency per one euro (the euro itself
 * at 1, no date), and `main_rate (rate)`, the main currency's. Conversion stays in SQL numerics.
 */
export function conversionRatesSql(mainCurrency: string): SQL {
  return sql`rates as (
      (select distinct on (quote) quote, rate, date from exchange_rates where base = ${RATE_BASE} order by quote, date desc)
      union all select ${RATE_BASE}::varchar, 1::numeric, null::date
    ),
    main_rate as (select rate from rates where quote = ${mainCurrency})`;
}

/**
 * What one unit of `currencySql` is worth in `mainCurrency`: 1 for the main currency itself, else
 * main rate / the currency's rate, read from `r` (a row of `rates` joined on the currency, see
 * conversionRatesSql); null when a rate is missing (the caller leaves such money out and says so).
 */
export function conversionFactorSql(currencySql: SQL, mainCurrency: string): SQL {
  return sql`(case when ${currencySql} = ${mainCurrency} then 1::numeric
    else (select rate from main_rate) / nullif(r.rate, 0) end)`;
}
