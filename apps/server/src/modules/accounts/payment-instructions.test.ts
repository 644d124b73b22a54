import { describe, expect, it } from 'vitest';
import { extractIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { BRAND_IDS } from '@ledgerline/domain';
import { abaCheckDigit, instructionNumbers, isValidAbaRouting } from './payment-instructions';

describe('instructionNumbers', () => {
  it.each(BRAND_IDS)('makes valid IBANs and BICs for every brand (%s)', (brandId) => {
    for (const accountId of [1, 42, 99_999_999, 2_147_483_647]) {
      for (const currencyCode of ['EUR', 'RON', 'CHF', 'GBP']) {
        const numbers = instructionNumbers({ accountId, currencyCode, brandId });
        expect(isValidIBAN(numbers.iban!), `${brandId} ${currencyCode} ${accountId}`).toBe(true);
        expect(isValidBIC(numbers.swift)).toBe(true);
      }
      for (const currencyCode of ['USD', 'CAD'])
        expect(isValidBIC(instructionNumbers({ accountId, currencyCode, brandId }).swift)).toBe(
          true,
        );
    }
  });

  it('is deterministic and tells accounts apart', () => {
    const a = instructionNumbers({ accountId: 7, currencyCode: 'EUR', brandId: 'pebble' });
    expect(instructionNumbers({ accountId: 7, currencyCode: 'EUR', brandId: 'pebble' })).toEqual(a);
    const b = instructionNumbers({ accountId: 8, currencyCode: 'EUR', brandId: 'pebble' });
    expect(b.iban).not.toBe(a.iban);
    expect(b.reference).not.toBe(a.reference);
    expect(extractIBAN(a.iban!).accountNumber ?? extractIBAN(a.iban!).bban).toContain(
      '00000000007',
    );
  });

  it('uses an IBAN and BIC for EUR and currencies without a domestic scheme', () => {
    const eur = instructionNumbers({ accountId: 12, currencyCode: 'EUR', brandId: 'northmere' });
    expect(eur.iban).toMatch(/^LT\d{18}$/);
    expect(eur).toMatchObject({
      bankAccountNumber: eur.iban,
      sortCode: null,
      routingNumber: null,
      transitNumber: null,
      institutionNumber: null,
      bankName: 'Northmere Bank plc',
    });
  });

  it('uses an account number and sort code for GBP', () => {
    const gbp = instructionNumbers({ accountId: 12, currencyCode: 'GBP', brandId: 'pebble' });
    expect(gbp).toMatchObject({ bankAccountNumber: '00000012', sortCode: '23-90-01' });
    expect(gbp.iban).toBe('GB' + gbp.iban!.slice(2, 4) + 'PBBL23900100000012');
  });

  it('uses an account and ABA routing number for USD', () => {
    const usd = instructionNumbers({ accountId: 12, currencyCode: 'USD', brandId: 'pebble' });
    expect(usd.iban).toBeNull();
    expect(usd.bankAccountNumber).toBe('80000000012');
    expect(isValidAbaRouting(usd.routingNumber!)).toBe(true);
  });

  it('uses transit and institution numbers for CAD', () => {
    const cad = instructionNumbers({ accountId: 12, currencyCode: 'CAD', brandId: 'thistle' });
    expect(cad).toMatchObject({
      transitNumber: '10006',
      institutionNumber: '906',
      routingNumber: '090610006',
      bankAccountNumber: '0000012',
    });
  });
});

describe('ABA routing check digit', () => {
  it('matches known routing numbers', () => {
    // Published routing numbers of two large US banks.
    expect(abaCheckDigit('02100002')).toBe('1');
    expect(isValidAbaRouting('011000015')).toBe(true);
    expect(isValidAbaRouting('011000016')).toBe(false);
    expect(isValidAbaRouting('12345')).toBe(false);
  });
});
