import { describe, expect, it } from 'vitest';
import { isValidTaxIdFor } from './tax-id-country';
import { hasTaxIdShape, normalizeTaxId } from './tax-id';

describe('hasTaxIdShape: the shape of any tax number', () => {
  it.each([
    ['AB 123-456', true],
    ['52998224725', true],
    ['DE/123.456', true],
    ['1234', true],
    ['123', false],
    ['A'.repeat(64), true],
    ['A'.repeat(65), false],
    ['-1234', false],
    ['12--34', true],
    ['1E309', false],
    ['1.5E+10', false],
    ['9999-99-99', false],
    ['2026-01-31', false],
    ['31.01.2026', false],
    ['', false],
    ['ÄB1234', false],
  ])('%j: %s', (taxId, expected) => {
    expect(hasTaxIdShape(taxId)).toBe(expected);
  });

  it('normalises spaces and case before the check', () => {
    expect(normalizeTaxId('  ab   123-456 ')).toBe('AB 123-456');
  });
});

describe('isValidTaxIdFor: the country’s rule where it has one (spec 2 §5)', () => {
  it.each([
    // Check digits: a valid number and the same with one digit changed.
    ['BR', 'person', '52998224725', true],
    ['BR', 'person', '52998224724', false],
    ['LT', 'person', '38703181745', true],
    ['LT', 'person', '38703181746', false],
    ['GB', 'person', 'AB123456C', true],
    ['GB', 'person', '1E309', false],
    ['GB', 'person', '9999-99-99', false],
    ['GB', 'business', '1E309', false],
    ['RO', 'person', '1E309', false],
    ['DE', 'person', '12345', false],
    ['PT', 'person', '123456789', true],
    // No rule for the country (or none known): the general shape decides.
    ['DZ', 'person', 'AB12345', true],
    ['DZ', 'person', '1E309', false],
    [null, 'person', 'XY-9876', true],
    [null, 'person', '9999-99-99', false],
  ] as const)('%s %s %j: %s', (country, holder, taxId, expected) => {
    expect(isValidTaxIdFor(taxId, country, holder)).toBe(expected);
  });
});
