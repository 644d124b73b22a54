import { UTCDate } from '@date-fns/utc';
import {
  addDays,
  addMonths,
  addWeeks,
  differenceInCalendarDays,
  differenceInCalendarMonths,
} from 'date-fns';

/*
 * When a recurring transfer runs (spec 2 §5 subscriptionFrequency). Every run is counted from the
 * series' anchor (its first transfer), in UTC, at the anchor's time of day: the n-th run is n days,
 * n weeks or n calendar months later. A month without the anchor's day runs on its last day, and
 * the month after returns to the anchor's day (31 Jan → 28/29 Feb → 31 Mar → 30 Apr → 31 May):
 * counting from the previous run instead drifted the 31st to the 28th, and plain Date arithmetic
 * sent 31 January to 3 March (issue 12). date-fns does the calendar, UTCDate keeps it in UTC.
 */

export type RecurringFrequency = 'daily' | 'weekly' | 'monthly';

/** The n-th run of a series anchored at `anchor` (n = 0 is the anchor itself). */
export function recurringRunAt(frequency: RecurringFrequency, anchor: Date, n: number): Date {
  const start = new UTCDate(anchor.getTime());
  const at =
    frequency === 'daily'
      ? addDays(start, n)
      : frequency === 'weekly'
        ? addWeeks(start, n)
        : addMonths(start, n);
  return new Date(at.getTime());
}

/** Whole periods from the anchor to `moment`, by the calendar (a first guess of the run index). */
function periodsBetween(frequency: RecurringFrequency, anchor: Date, moment: Date): number {
  const from = new UTCDate(anchor.getTime());
  const to = new UTCDate(moment.getTime());
  if (frequency === 'monthly') return differenceInCalendarMonths(to, from);
  const days = differenceInCalendarDays(to, from);
  return frequency === 'weekly' ? Math.floor(days / 7) : days;
}

/** The first run of the series after `previous` (the run just made, or missed); never the anchor itself. */
export function nextRecurringRun(
  frequency: RecurringFrequency,
  anchor: Date,
  previous: Date,
): Date {
  let n = Math.max(1, periodsBetween(frequency, anchor, previous) - 1);
  while (recurringRunAt(frequency, anchor, n).getTime() <= previous.getTime()) n += 1;
  return recurringRunAt(frequency, anchor, n);
}
