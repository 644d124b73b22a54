import { describe, expect, it } from 'vitest';
import { calendarDaySchema, isCalendarDay } from './dates';
import { mainMethods } from './methods';

describe('calendar days on the wire (issue 12)', () => {
  it.each([
    ['1900-01-01', true],
    ['2100-12-31', true],
    ['2028-02-29', true],
    ['2026-11-26', true],
    ['1899-12-31', false],
    ['2101-01-01', false],
    ['0000-01-01', false],
    ['9999-12-31', false],
    ['2026-99-99', false],
    ['2026-02-29', false],
    ['2100-02-29', false],
    ['2026-04-31', false],
    ['2026-00-10', false],
    ['2026-1-1', false],
    ['+02026-01-01', false],
    ['2026-01-01T00:00:00Z', false],
    ['', false],
  ])('%j: %s', (text, expected) => {
    expect(isCalendarDay(text)).toBe(expected);
    expect(calendarDaySchema.safeParse(text).success).toBe(expected);
  });

  it('answers validation.date for a day that is not one', () => {
    const result = calendarDaySchema.safeParse('2026-99-99');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('validation.date');
  });

  it('is what every request field named like a day or a date checks', () => {
    const dayFields = {
      getTransactionHistory: ['fromDate', 'toDate'],
      exportHistory: ['fromDate', 'toDate'],
      getBatchTransfers: ['from', 'to'],
      getBusinessApprovals: ['fromDate', 'toDate'],
      getLoginHistory: ['fromDate', 'toDate'],
      transferBetweenAccounts: ['subscriptionEndDate'],
    } as const;
    for (const [method, fields] of Object.entries(dayFields)) {
      const schema = mainMethods[method as keyof typeof dayFields].request;
      for (const field of fields) {
        for (const [day, accepted] of [
          ['2026-99-99', false],
          ['0000-01-01', false],
          ['9999-12-31', false],
        ] as const) {
          const result = schema.safeParse({ [field]: day });
          const issue = result.error?.issues.find((item) => item.path[0] === field);
          expect(issue?.message, `${method}.${field} ${day}`).toBe(
            accepted ? undefined : 'validation.date',
          );
        }
      }
    }
  });
});
