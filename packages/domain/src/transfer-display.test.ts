import { describe, expect, it } from 'vitest';
import { formatRate, groupInFours } from './transfer-display';

describe('groupInFours', () => {
  it.each([
    ['ES9121000418450200051332', 'ES91 2100 0418 4502 0005 1332'],
    ['GB29 NWBK 6016 1331 9268 19', 'GB29 NWBK 6016 1331 9268 19'],
    ['12345678', '1234 5678'],
    ['123', '123'],
    ['', ''],
  ])('writes %s as %s', (input, expected) => {
    expect(groupInFours(input)).toBe(expected);
  });
});

describe('formatRate', () => {
  it.each([
    ['1.1348161598', '1.134816'],
    ['0.8812345', '0.881235'],
    ['1.25', '1.25'],
    ['1', '1'],
    [1.0000004, '1'],
    ['not a rate', 'not a rate'],
  ])('writes %s as %s', (input, expected) => {
    expect(formatRate(input)).toBe(expected);
  });
});
