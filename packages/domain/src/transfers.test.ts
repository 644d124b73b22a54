import { describe, expect, it } from 'vitest';
import { exceedsAmount, normalizeAmountInput, sourceAmountFor, totalDebit } from './transfers';

describe('transfer figures', () => {
  it.each([
    { toAmount: '100', rate: '1', from: 'EUR', to: 'EUR', expected: '100' },
    { toAmount: '108.5', rate: '1.085', from: 'EUR', to: 'USD', expected: '100' },
    // 50 / 1.17 = 42.7350… → 42.74 (half up on the source's two decimals)
    { toAmount: '50', rate: '1.17', from: 'GBP', to: 'EUR', expected: '42.74' },
    // 0.005 rounds up, never down
    { toAmount: '0.01', rate: '2', from: 'EUR', to: 'RON', expected: '0.01' },
    { toAmount: '1000', rate: '0.0062', from: 'JPY', to: 'EUR', expected: '161290' },
    // just under half a cent rounds down to nothing (the server then refuses it as too small)
    { toAmount: '0.00999', rate: '2', from: 'EUR', to: 'RON', expected: '0' },
    // a 22-digit amount keeps every digit (decimal.js's default 20 digits would lose the cents)
    {
      toAmount: '1234567890123456789012.34',
      rate: '3',
      from: 'EUR',
      to: 'RON',
      expected: '411522630041152263004.11',
    },
  ])(
    'sourceAmountFor $toAmount $to from $from at $rate = $expected',
    ({ toAmount, rate, from, to, expected }) => {
      expect(sourceAmountFor(toAmount, rate, from, to)).toBe(expected);
    },
  );

  it('adds the fee exactly, with no float error', () => {
    expect(totalDebit('0.1', '0.2')).toBe('0.3');
    expect(totalDebit('42.74', '0.5')).toBe('43.24');
  });

  it.each([
    ['1 250,5', '1250.5'],
    ['1250.50', '1250.50'],
    [' 12 ', '12'],
    ['1,234.5', '1,234.5'],
    ['abc', 'abc'],
  ])('normalizes %j to %j', (input, expected) => {
    expect(normalizeAmountInput(input)).toBe(expected);
  });

  it('compares amounts exactly', () => {
    expect(exceedsAmount('100.00000001', '100')).toBe(true);
    expect(exceedsAmount('100', '100')).toBe(false);
  });
});
