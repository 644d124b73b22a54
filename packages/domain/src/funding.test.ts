import { describe, expect, it } from 'vitest';
import {
  compactReference,
  creditorReference,
  formatReference,
  isFundingReference,
  isValidCreditorReference,
  newFundingReference,
  REFERENCE_ALPHABET,
} from './funding';

describe('funding references (ISO 11649)', () => {
  it('computes the check digits of the standard example', () => {
    // ISO 11649's own example: body 539007547034 gives RF18.
    expect(creditorReference('539007547034')).toBe('RF18539007547034');
    expect(isValidCreditorReference('RF18 5390 0754 7034')).toBe(true);
  });

  it('accepts a reference typed with spaces, dashes and lower case', () => {
    const reference = creditorReference('ABCD234567');
    expect(isValidCreditorReference(formatReference(reference).toLowerCase())).toBe(true);
    expect(isValidCreditorReference(reference.replace(/(.{4})/g, '$1-'))).toBe(true);
    expect(compactReference(' rf18-5390 0754 7034 ')).toBe('RF18539007547034');
  });

  it('catches every single mistyped character and every swap of two neighbours', () => {
    const reference = creditorReference('407153829906');
    for (let index = 2; index < reference.length; index += 1) {
      for (const char of REFERENCE_ALPHABET) {
        if (char === reference[index]) continue;
        const typo = reference.slice(0, index) + char + reference.slice(index + 1);
        expect(isValidCreditorReference(typo), typo).toBe(false);
      }
      const next = reference[index + 1];
      if (next !== undefined && next !== reference[index]) {
        const swapped =
          reference.slice(0, index) + next + reference[index] + reference.slice(index + 2);
        expect(isValidCreditorReference(swapped), swapped).toBe(false);
      }
    }
  });

  it('takes only digit bodies of twelve as funding references', () => {
    expect(isFundingReference(creditorReference('407153829906'))).toBe(true);
    expect(isFundingReference(creditorReference('ABCD23456789'))).toBe(false);
    expect(isFundingReference(creditorReference('40715382990'))).toBe(false);
  });

  it('refuses what is no RF reference', () => {
    for (const value of [
      '',
      'RF',
      'RF1',
      'XX18539007547034',
      'RF18$39007547034',
      `RF00${'1'.repeat(22)}`,
    ])
      expect(isValidCreditorReference(value), value).toBe(false);
  });

  it('makes valid references from the unambiguous alphabet only', () => {
    let seed = 0.123;
    const random = () => {
      seed = ((seed * 9301 + 49297) % 233280) / 233280;
      return seed;
    };
    for (let count = 0; count < 50; count += 1) {
      const reference = newFundingReference(random);
      expect(isValidCreditorReference(reference)).toBe(true);
      expect(reference).toMatch(/^RF\d{14}$/);
      expect(isFundingReference(formatReference(reference))).toBe(true);
    }
  });
});
