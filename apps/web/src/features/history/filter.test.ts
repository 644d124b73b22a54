import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, readFilterValues, toHistoryFilter, writeFilterValues } from './filter';

describe('the /history filter in the address', () => {
  it('reads every field back from what it wrote, keeping other parameters', () => {
    const values = {
      ...EMPTY_FILTER,
      keyword: 'rail',
      transactionType: 'wire',
      fromDate: '2026-01-01',
      toDate: '2026-01-31',
      amountFrom: '0.5',
      amountTo: '1000',
      direction: 'in',
      status: 'rejected',
      email: 'a@b.example',
    };
    const params = writeFilterValues(new URLSearchParams('accountId=7&type=eft'), values);
    expect(params.get('accountId')).toBe('7');
    expect(readFilterValues(params)).toEqual(values);
    expect(toHistoryFilter(7, values)).toEqual({
      accountId: 7,
      keyword: 'rail',
      transactionType: 'wire',
      fromDate: '2026-01-01',
      toDate: '2026-01-31',
      amountFrom: '0.5',
      amountTo: '1000',
      direction: 'in',
      status: 'rejected',
      email: 'a@b.example',
    });
  });

  it('drops what a hand-edited address got wrong and keeps the rest', () => {
    const values = readFilterValues(
      new URLSearchParams(
        'type=teleport&from=2026-02-30&to=2026-03-05&amountFrom=1,5&direction=sideways&status=completed',
      ),
    );
    expect(values).toEqual({
      ...EMPTY_FILTER,
      toDate: '2026-03-05',
      amountFrom: '1.5',
      status: 'completed',
    });
  });

  it('compares amount bounds as decimals, not floats', () => {
    // As floats both bounds are 9007199254740992 and would pass; as decimals the upper one is lower.
    expect(
      readFilterValues(
        new URLSearchParams('amountFrom=9007199254740993&amountTo=9007199254740992.5'),
      ).amountTo,
    ).toBe('');
    expect(
      readFilterValues(new URLSearchParams('amountFrom=0.10000000&amountTo=0.10000001')).amountTo,
    ).toBe('0.10000001');
    expect(readFilterValues(new URLSearchParams('amountFrom=5&amountTo=4.99')).amountTo).toBe('');
  });
});
