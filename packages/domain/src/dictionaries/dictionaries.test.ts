import { describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../constants';
import { CURRENCIES, findCurrency, minorUnits } from './currencies';
import {
  DOCUMENT_CATEGORY_CODES,
  documentCategoryCode,
  documentCategoryId,
  isDocumentTypeOfferedIn,
  needsAdditionalDocument,
} from './documents';
import { ACCESS_LEVEL_CODES } from './kinds';
import { EEA_COUNTRY_CODES, isEeaCountry } from './eea';
import { SEPA_COUNTRY_CODES, isSepaCountry } from './sepa';
import {
  TRANSACTION_TYPE_CODES,
  transactionTypeCode,
  transactionTypeId,
} from './transaction-types';

describe('EEA countries', () => {
  it('are the 27 EU states with Iceland, Liechtenstein and Norway, each once', () => {
    expect(EEA_COUNTRY_CODES).toHaveLength(30);
    expect(new Set(EEA_COUNTRY_CODES).size).toBe(30);
    for (const code of ['DE', 'RO', 'HR', 'IS', 'LI', 'NO'])
      expect(isEeaCountry(code), code).toBe(true);
  });

  it('leave out the UK, Switzerland, the microstates and lower-case codes', () => {
    for (const code of ['GB', 'CH', 'MC', 'SM', 'VA', 'AD', 'de', ''])
      expect(isEeaCountry(code), code).toBe(false);
  });
});

describe('SEPA countries', () => {
  it('are the EEA and more: every EEA country is in the scheme', () => {
    for (const code of EEA_COUNTRY_CODES) expect(isSepaCountry(code), code).toBe(true);
  });

  it('include the EU, the EEA, the UK, Switzerland and the microstates', () => {
    for (const code of [
      'DE',
      'FR',
      'RO',
      'BG',
      'IS',
      'NO',
      'LI',
      'GB',
      'CH',
      'MC',
      'SM',
      'VA',
      'AD',
    ]) {
      expect(isSepaCountry(code), code).toBe(true);
    }
  });

  it('leave out countries outside the scheme and lower-case codes', () => {
    for (const code of ['US', 'CA', 'RU', 'UA', 'TR', 'de', ''])
      expect(isSepaCountry(code), code).toBe(false);
  });

  it('list each code once, in ISO alpha-2 form', () => {
    expect(new Set(SEPA_COUNTRY_CODES).size).toBe(SEPA_COUNTRY_CODES.length);
    expect(SEPA_COUNTRY_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });
});

describe('currencies', () => {
  it('carry the symbols of the spec', () => {
    const symbols = Object.fromEntries(
      CURRENCIES.map((currency) => [currency.code, currency.symbol]),
    );
    expect(symbols).toMatchObject({ EUR: '€', USD: '$', AUD: '$', CAD: '$', GBP: '£', RON: 'lei' });
  });

  it.each([
    ['EUR', 2],
    ['JPY', 0],
    ['ISK', 0],
    // ISO 4217 gives HUF two decimals where Intl says 0 (cash rounding): the dictionary decides.
    ['HUF', 2],
    // Not held: Intl's ISO 4217 data, else 2.
    ['BHD', 3],
    ['XYZ', 2],
  ])('carry the ISO 4217 minor units of %s: %i', (code, units) => {
    expect(minorUnits(code)).toBe(units);
    expect(findCurrency(code)?.decimals ?? units).toBe(units);
  });

  it('do not hold a currency that is not in the list', () => {
    expect(findCurrency('XYZ')).toBeUndefined();
  });

  it('list each code once', () => {
    expect(new Set(CURRENCIES.map((currency) => currency.code)).size).toBe(CURRENCIES.length);
  });
});

describe('document categories and types', () => {
  it('number the categories 1 to 12 in the spec order', () => {
    expect(DOCUMENT_CATEGORY_CODES).toHaveLength(12);
    expect(documentCategoryId('ProofOfIdentity')).toBe(1);
    expect(documentCategoryId('ResidencePermit')).toBe(12);
    expect(documentCategoryCode(11)).toBe('SourceOfWealth');
    expect(documentCategoryCode(0)).toBeUndefined();
    expect(documentCategoryCode(13)).toBeUndefined();
  });

  it('ask for an additional document with types 4, 5 and 88', () => {
    expect([1, 2, 3, 4, 5, 6, 87, 88, 89].filter(needsAdditionalDocument)).toEqual([4, 5, 88]);
  });

  it('offer type 88 only in Russia and Ukraine and other types everywhere', () => {
    expect(isDocumentTypeOfferedIn(88, 'RU')).toBe(true);
    expect(isDocumentTypeOfferedIn(88, 'UA')).toBe(true);
    expect(isDocumentTypeOfferedIn(88, 'BY')).toBe(false);
    expect(isDocumentTypeOfferedIn(88, 'DE')).toBe(false);
    expect(isDocumentTypeOfferedIn(4, 'DE')).toBe(true);
  });
});

describe('transaction types', () => {
  it('give each code a stable id from 1', () => {
    expect(transactionTypeId('betweenAccounts')).toBe(1);
    expect(transactionTypeCode(transactionTypeId('mass_payout'))).toBe('mass_payout');
    expect(transactionTypeCode(0)).toBeUndefined();
    expect(new Set(TRANSACTION_TYPE_CODES).size).toBe(TRANSACTION_TYPE_CODES.length);
  });
});

describe('access level codes', () => {
  it('list the access levels in id order', () => {
    expect(ACCESS_LEVEL_CODES.map((code) => ACCESS_LEVELS[code])).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
