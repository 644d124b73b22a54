import { z } from 'zod';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * Calendar days on the wire (YYYY-MM-DD, UTC). A pattern alone let 2026-99-99, year 0000 and
 * year 9999 through to SQL, where they failed as a 500 (issue 12): a day is parsed as a real
 * calendar day, and only days in a range a bank can mean are accepted. Every request field that
 * carries a day uses calendarDaySchema.
 */

/** The first and last day any request may name. */
export const EARLIEST_DAY = '1900-01-01';
export const LATEST_DAY = '2100-12-31';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a YYYY-MM-DD day that exists (no 2026-02-30) from EARLIEST_DAY to LATEST_DAY. */
export function isCalendarDay(text: string): boolean {
  if (!DAY_PATTERN.test(text) || text < EARLIEST_DAY || text > LATEST_DAY) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** A calendar day YYYY-MM-DD (UTC) that exists, within EARLIEST_DAY..LATEST_DAY. */
export const calendarDaySchema = lazySchema(() =>
  z.string().max(10, 'validation.date').refine(isCalendarDay, 'validation.date'),
);
