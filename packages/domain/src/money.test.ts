import Decimal from 'decimal.js';
import { describe, expect, it, vi } from 'vitest';
import {
  hasValidMinorUnits,
  MissingExchangeRateError,
  currencySymbol,
  exchangeRateFor,
  formatAmount,
  formatIban,
  formatMoney,
  formatRate,
  sumMoney,
} from './money';

const NBSP = '\u00a0';

describe('formatAmount: at least 2 and at most 8 decimals (spec 2 §9)', () => {
  it.each<[string | number, string]>([
    ['1', '1.00'],
    ['1.5', '1.50'],
    ['1.123', '1.123'],
    ['1.1234', '1.1234'],
    ['1.12345', '1.12345'],
    ['1.123456', '1.123456'],
    ['1.1234567', '1.1234567'],
    ['1.12345678', '1.12345678'],
    ['1.10000000', '1.10'],
    ['1.12300000', '1.123'],
    ['1.123456789', '1.12345679'],
    ['1.123456785', '1.12345679'],
    ['1.123456784', '1.12345678'],
    ['0', '0.00'],
    ['0.00000001', '0.00000001'],
    ['-0.000000001', '0.00'],
    ['-0', '0.00'],
    ['1234', '1,234.00'],
    ['1234567.891', '1,234,567.891'],
    ['123456789012.12345678', '123,456,789,012.12345678'],
    ['99999999999999999999.99999999', '99,999,999,999,999,999,999.99999999'],
    ['-1234.5', '-1,234.50'],
    ['-0.01', '-0.01'],
    [' 12.5 ', '12.50'],
    ['1e3', '1,000.00'],
    [12.5, '12.50'],
    [0.1, '0.10'],
  ])('%j → %j', (amount, expected) => {
    expect(formatAmount(amount)).toBe(expected);
  });

  it('takes a Decimal as it is', () => {
    expect(formatAmount(new Decimal('0.1').plus('0.2'))).toBe('0.30');
  });

  it.each<[string, string, string]>([
    ['en', '1234567.5', '1,234,567.50'],
    ['ro', '1234567.5', '1.234.567,50'],
    ['pt', '1234.5', '1.234,50'],
    ['es', '1234.5', '1234,50'],
    ['es', '12345.5', '12.345,50'],
    ['ru', '1234.5', `1${NBSP}234,50`],
    ['ua', '1234.5', `1${NBSP}234,50`],
    ['uk', '-1234567.12345678', `-1${NBSP}234${NBSP}567,12345678`],
    ['en-GB', '1234.5', '1,234.50'],
    ['not a locale', '1234.5', '1,234.50'],
  ])('groups by locale %j: %s → %j', (locale, amount, expected) => {
    expect(formatAmount(amount, locale)).toBe(expected);
  });

  it.each<[string, string | number]>([
    ['text', 'abc'],
    ['an empty string', ''],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('refuses %s', (_name, amount) => {
    expect(() => formatAmount(amount)).toThrow();
  });
});

describe('formatMoney: the spec symbols, else the code, in the currency’s decimals (spec 2 §9)', () => {
  it.each<[string, string, string]>([
    ['EUR', '1234.5', '€1,234.50'],
    ['USD', '10', '$10.00'],
    // A currency shows its minor units: finer digits are rounded half up, never shown.
    ['AUD', '10.125', '$10.13'],
    ['GBP', '845.1234', '£845.12'],
    ['EUR', '-0.004', '€0.00'],
    ['JPY', '1234.5', '1,235 JPY'],
    ['ISK', '1000', '1,000 ISK'],
    // A crypto asset carries finer amounts: 2 to 8 decimals, as many as the amount has.
    ['BTC', '0.00012345', '0.00012345 BTC'],
    ['BTC', '1', '1.00 BTC'],
    ['usdt', '12.123456789', '12.12345679 USDT'],
    ['CAD', '0.5', '$0.50'],
    ['GBP', '99.99', '£99.99'],
    ['RON', '12', '12.00 lei'],
    ['CHF', '3.1', '3.10 CHF'],
    ['XYZ', '1', '1.00 XYZ'],
    ['eur', '1', '€1.00'],
    ['EUR', '-5', '-€5.00'],
    ['RON', '-5', '-5.00 lei'],
    ['PLN', '-0.5', '-0.50 PLN'],
    ['EUR', '123456789012.12345678', '€123,456,789,012.12'],
  ])('%s %s → %j', (currency, amount, expected) => {
    expect(formatMoney(amount, currency)).toBe(expected);
  });

  it('formats the number by locale and keeps the symbol', () => {
    expect(formatMoney('1234.5', 'EUR', 'ro')).toBe('€1.234,50');
    expect(formatMoney('1234.5', 'RON', 'ro')).toBe('1.234,50 lei');
    expect(formatMoney('-1234.5', 'GBP', 'ru')).toBe(`-£1${NBSP}234,50`);
  });

  it.each<[string, string]>([
    ['EUR', '€'],
    ['USD', '$'],
    ['AUD', '$'],
    ['CAD', '$'],
    ['GBP', '£'],
    ['RON', 'lei'],
    ['gbp', '£'],
    ['SEK', 'SEK'],
  ])('the symbol of %s is %j', (code, symbol) => {
    expect(currencySymbol(code)).toBe(symbol);
  });
});

describe('sumMoney: exact decimal sums', () => {
  it.each<[string[], string]>([
    [[], '0'],
    [['0.1', '0.2'], '0.3'],
    [['0.1', '0.2', '-0.3'], '0'],
    [['123456789012.12345678', '0.00000001'], '123456789012.12345679'],
    [['99999999999999999999.99999999', '0.00000001'], '100000000000000000000'],
    [['1.10', '2.20'], '3.3'],
    [['-5', '2.5'], '-2.5'],
  ])('%j sums to %j', (values, sum) => {
    expect(sumMoney(values)).toBe(sum);
  });

  it('never answers in exponent notation', () => {
    expect(sumMoney(['0.00000001', '0.00000001'])).toBe('0.00000002');
    expect(sumMoney(['1e21'])).toBe('1000000000000000000000');
  });

  it('refuses a value that is not a number', () => {
    expect(() => sumMoney(['1', 'x'])).toThrow();
  });
});

describe('exchange rate (spec 2 §5: 1 when currencies match or one is missing)', () => {
  const rates: Record<string, string> = { 'EUR>USD': '1.0842', 'USD>EUR': '0.92234' };
  const lookup = (from: string, to: string) => rates[`${from}>${to}`];

  it.each<[string, string | null | undefined, string | null | undefined, string]>([
    ['the same currency', 'EUR', 'EUR', '1'],
    ['the same currency in another case', 'eur', 'EUR', '1'],
    ['no source currency', null, 'USD', '1'],
    ['no target currency', 'EUR', undefined, '1'],
    ['an empty currency', '', 'USD', '1'],
    ['a blank currency', 'EUR', '  ', '1'],
    ['both missing', undefined, null, '1'],
    ['two currencies: the known rate', 'EUR', 'USD', '1.0842'],
    ['the other direction', 'USD', 'EUR', '0.92234'],
    ['lower-case codes are looked up in upper case', 'usd', 'eur', '0.92234'],
  ])('%s', (_name, from, to, rate) => {
    expect(exchangeRateFor(from, to, lookup)).toBe(rate);
  });

  it('does not look anything up when the rate is 1 by rule', () => {
    const spy = vi.fn(lookup);
    exchangeRateFor('EUR', 'EUR', spy);
    exchangeRateFor(null, 'EUR', spy);
    expect(spy).not.toHaveBeenCalled();
  });

  it('refuses to invent a rate it does not know', () => {
    expect(() => exchangeRateFor('EUR', 'RON', lookup)).toThrow(MissingExchangeRateError);
    let caught: unknown;
    try {
      exchangeRateFor('eur', 'ron', lookup);
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ fromCurrencyCode: 'EUR', toCurrencyCode: 'RON' });
  });
});

describe('hasValidMinorUnits: no finer than the currency is paid in (issue 12)', () => {
  it.each([
    ['0.01', 'EUR', true],
    ['10.50', 'EUR', true],
    ['10.500000', 'EUR', true],
    ['1851.95', 'EUR', true],
    ['0.005', 'EUR', false],
    ['0.00000001', 'EUR', false],
    ['1851.94999999', 'EUR', false],
    ['100', 'JPY', true],
    ['100.0', 'JPY', true],
    ['100.5', 'JPY', false],
    ['0.1', 'ISK', false],
    ['1.001', 'BHD', true],
    ['1.0001', 'BHD', false],
    ['-0.01', 'EUR', true],
    ['-0.001', 'EUR', false],
    ['abc', 'EUR', false],
    ['', 'EUR', false],
    ['Infinity', 'EUR', false],
  ])('%s %s: %s', (amount, currency, expected) => {
    expect(hasValidMinorUnits(amount, currency)).toBe(expected);
  });
});

describe('formatRate: 4 to 6 decimals, rounded half up', () => {
  it.each<[string, string | undefined, string]>([
    ['1.1348161598', undefined, '1.134816'],
    ['1.1', undefined, '1.1000'],
    ['1', undefined, '1.0000'],
    ['0.00001234', undefined, '0.000012'],
    ['161.2345675', undefined, '161.234568'],
    ['1234.5', 'de', '1.234,5000'],
    ['0.8812', 'ro', '0,8812'],
  ])('%s in %s → %j', (rate, locale, expected) => {
    expect(formatRate(rate, locale)).toBe(expected);
  });
});

describe('formatIban: capitals in groups of four', () => {
  it.each<[string, string]>([
    ['DE89370400440532013000', 'DE89 3704 0044 0532 0130 00'],
    ['de89 3704 0044 0532 0130 00', 'DE89 3704 0044 0532 0130 00'],
    ['GB29NWBK60161331926819', 'GB29 NWBK 6016 1331 9268 19'],
    ['NO9386011117947', 'NO93 8601 1117 947'],
    ['', ''],
  ])('%j → %j', (iban, expected) => {
    expect(formatIban(iban)).toBe(expected);
  });
});
