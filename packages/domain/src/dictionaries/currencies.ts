import { CURRENCY_SYMBOLS } from '../constants';

export interface CurrencyInfo {
  /** ISO 4217 alphabetic code. */
  code: string;
  /** The symbol shown beside an amount; the spec's six come from CURRENCY_SYMBOLS (spec 1 §9, spec 2 §9). */
  symbol: string;
  /** ISO 4217 minor unit: how many decimals an amount in this currency carries. */
  decimals: number;
}

function spec(code: string): CurrencyInfo {
  const symbol = CURRENCY_SYMBOLS[code];
  if (symbol === undefined) throw new Error(`No spec symbol for ${code}`);
  return { code, symbol, decimals: 2 };
}

/**
 * Currencies an account may be held in: the six the spec names first, then the ones a European
 * payments bank holds for its customers. Symbols beyond the spec's six are the ones used at home
 * (the spec writes AUD and CAD as a plain "$", so we do the same for other dollars). BGN is not
 * here: Bulgaria adopted the euro on 1 January 2026.
 */
export const CURRENCIES: readonly CurrencyInfo[] = [
  spec('EUR'),
  spec('USD'),
  spec('GBP'),
  spec('AUD'),
  spec('CAD'),
  spec('RON'),
  { code: 'CHF', symbol: 'CHF', decimals: 2 },
  { code: 'PLN', symbol: 'zł', decimals: 2 },
  { code: 'SEK', symbol: 'kr', decimals: 2 },
  { code: 'NOK', symbol: 'kr', decimals: 2 },
  { code: 'DKK', symbol: 'kr', decimals: 2 },
  { code: 'ISK', symbol: 'kr', decimals: 0 },
  { code: 'CZK', symbol: 'Kč', decimals: 2 },
  { code: 'HUF', symbol: 'Ft', decimals: 2 },
  { code: 'RSD', symbol: 'дин.', decimals: 2 },
  { code: 'MDL', symbol: 'L', decimals: 2 },
  { code: 'UAH', symbol: '₴', decimals: 2 },
  { code: 'TRY', symbol: '₺', decimals: 2 },
  { code: 'ILS', symbol: '₪', decimals: 2 },
  { code: 'AED', symbol: 'د.إ', decimals: 2 },
  { code: 'JPY', symbol: '¥', decimals: 0 },
  { code: 'CNY', symbol: '¥', decimals: 2 },
  { code: 'HKD', symbol: '$', decimals: 2 },
  { code: 'SGD', symbol: '$', decimals: 2 },
  { code: 'NZD', symbol: '$', decimals: 2 },
  { code: 'INR', symbol: '₹', decimals: 2 },
  { code: 'ZAR', symbol: 'R', decimals: 2 },
  { code: 'MXN', symbol: '$', decimals: 2 },
  { code: 'BRL', symbol: 'R$', decimals: 2 },
];

/**
 * Crypto assets a customer may hold or be paid in: their amounts carry more decimals than a
 * currency's cents, so they are shown with the spec's 2 to 8 decimals rather than minor units.
 */
export const CRYPTO_ASSETS: ReadonlySet<string> = new Set([
  'BTC',
  'ETH',
  'LTC',
  'SOL',
  'TRX',
  'USDC',
  'USDT',
  'XRP',
]);

export function isCryptoAsset(code: string): boolean {
  return CRYPTO_ASSETS.has(code.trim().toUpperCase());
}

const BY_CODE: ReadonlyMap<string, CurrencyInfo> = new Map(
  CURRENCIES.map((currency) => [currency.code, currency]),
);

/** The currency we hold under this code, or undefined when we do not hold it. */
export function findCurrency(code: string): CurrencyInfo | undefined {
  return BY_CODE.get(code);
}

/**
 * Digits after the decimal point a currency is paid in (EUR 2, JPY 0): the dictionary's ISO 4217
 * minor unit, else what Intl knows of an ISO currency we do not hold (BHD 3), else 2. The one
 * source of minor units for the browser, the server's quotes and the ledger.
 */
export function minorUnits(currencyCode: string): number {
  const held = BY_CODE.get(currencyCode);
  if (held) return held.decimals;
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}
