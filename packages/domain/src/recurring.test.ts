import { describe, expect, it } from 'vitest';
import { nextRecurringRun, recurringRunAt, type RecurringFrequency } from './recurring';

const at = (text: string) => new Date(text);

describe('recurringRunAt: runs counted from the anchor, months clamped to their last day', () => {
  it.each([
    // Month ends: clamp, then return to the anchor's day.
    ['monthly', '2026-01-31T09:30:00Z', 1, '2026-02-28T09:30:00.000Z'],
    ['monthly', '2026-01-31T09:30:00Z', 2, '2026-03-31T09:30:00.000Z'],
    ['monthly', '2026-01-31T09:30:00Z', 3, '2026-04-30T09:30:00.000Z'],
    ['monthly', '2026-01-31T09:30:00Z', 4, '2026-05-31T09:30:00.000Z'],
    // Leap years: 29 February exists in 2028, not in 2100.
    ['monthly', '2028-01-31T00:00:00Z', 1, '2028-02-29T00:00:00.000Z'],
    ['monthly', '2028-01-30T00:00:00Z', 1, '2028-02-29T00:00:00.000Z'],
    ['monthly', '2028-02-29T12:00:00Z', 12, '2029-02-28T12:00:00.000Z'],
    ['monthly', '2028-02-29T12:00:00Z', 48, '2032-02-29T12:00:00.000Z'],
    ['monthly', '2100-01-31T00:00:00Z', 1, '2100-02-28T00:00:00.000Z'],
    // 30-day months.
    ['monthly', '2026-03-31T08:00:00Z', 1, '2026-04-30T08:00:00.000Z'],
    ['monthly', '2026-08-31T08:00:00Z', 1, '2026-09-30T08:00:00.000Z'],
    ['monthly', '2026-05-30T08:00:00Z', 1, '2026-06-30T08:00:00.000Z'],
    ['monthly', '2026-01-15T08:00:00Z', 1, '2026-02-15T08:00:00.000Z'],
    // Year end.
    ['monthly', '2026-12-31T23:59:00Z', 1, '2027-01-31T23:59:00.000Z'],
    ['monthly', '2026-11-30T23:59:00Z', 1, '2026-12-30T23:59:00.000Z'],
    ['monthly', '2026-12-15T00:00:00Z', 12, '2027-12-15T00:00:00.000Z'],
    ['daily', '2026-12-31T23:00:00Z', 1, '2027-01-01T23:00:00.000Z'],
    ['daily', '2028-02-28T10:00:00Z', 1, '2028-02-29T10:00:00.000Z'],
    ['weekly', '2026-12-29T10:00:00Z', 1, '2027-01-05T10:00:00.000Z'],
    ['weekly', '2026-02-26T10:00:00Z', 1, '2026-03-05T10:00:00.000Z'],
    ['monthly', '2026-01-31T09:30:00Z', 0, '2026-01-31T09:30:00.000Z'],
  ] as const)('%s from %s, run %i: %s', (frequency, anchor, n, expected) => {
    expect(recurringRunAt(frequency, at(anchor), n).toISOString()).toBe(expected);
  });
});

describe('nextRecurringRun: the first run after the previous one, the anchor day kept', () => {
  it('walks 31 January to 28 February, 31 March, 30 April and 31 May, never drifting to the 28th', () => {
    const anchor = at('2026-01-31T09:30:00Z');
    const runs: string[] = [];
    let previous = anchor;
    for (let index = 0; index < 4; index += 1) {
      previous = nextRecurringRun('monthly', anchor, previous);
      runs.push(previous.toISOString().slice(0, 10));
    }
    expect(runs).toEqual(['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
  });

  it.each([
    ['monthly', '2026-01-31T09:30:00Z', '2026-01-31T09:30:00Z', '2026-02-28T09:30:00.000Z'],
    // A scheduler that ran late still lands on the series' next date, not late plus a month.
    ['monthly', '2026-01-31T09:30:00Z', '2026-03-02T10:00:00Z', '2026-03-31T09:30:00.000Z'],
    ['monthly', '2024-01-31T00:00:00Z', '2024-02-29T00:00:00Z', '2024-03-31T00:00:00.000Z'],
    ['monthly', '2026-12-31T12:00:00Z', '2026-12-31T12:00:00Z', '2027-01-31T12:00:00.000Z'],
    ['weekly', '2026-12-29T10:00:00Z', '2026-12-29T10:00:00Z', '2027-01-05T10:00:00.000Z'],
    ['daily', '2026-12-31T23:00:00Z', '2026-12-31T23:00:01Z', '2027-01-01T23:00:00.000Z'],
    ['daily', '2026-03-01T06:00:00Z', '2026-03-10T05:59:59Z', '2026-03-10T06:00:00.000Z'],
  ] as const)(
    '%s anchored %s, after %s: %s',
    (frequency: RecurringFrequency, anchor, previous, expected) => {
      expect(nextRecurringRun(frequency, at(anchor), at(previous)).toISOString()).toBe(expected);
    },
  );
});
