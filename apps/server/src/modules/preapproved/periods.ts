import type { PreapprovalFrequency } from '@ledgerline/contract';

/*
 * The periods of a pre-approval (issue 18, decision 94): a weekly one allows one pull
 * per ISO week (Monday 00:00 UTC to the next), a monthly one per calendar month (UTC), a 'once'
 * one a single pull ever. Pure, so the pull's check and the lists' "next pull" agree.
 */

const DAY_MS = 86_400_000;

/** The start (UTC) of the period `at` falls in; null for 'once' (it has no periods). */
export function periodStart(frequency: PreapprovalFrequency, at: Date): Date | null {
  if (frequency === 'weekly') {
    const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
    const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
    return new Date(midnight - sinceMonday * DAY_MS);
  }
  if (frequency === 'monthly') return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  return null;
}

/** The start of the period after the one `at` falls in. */
function nextPeriodStart(frequency: 'weekly' | 'monthly', at: Date): Date {
  const start = periodStart(frequency, at)!;
  if (frequency === 'weekly') return new Date(start.getTime() + 7 * DAY_MS);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}

/** Whether a pull now would be a second one in the period of the last pull. */
export function pulledThisPeriod(
  frequency: PreapprovalFrequency,
  lastPullAt: Date | null,
  now: Date,
): boolean {
  if (lastPullAt === null) return false;
  if (frequency === 'once') return true;
  return periodStart(frequency, now)!.getTime() <= lastPullAt.getTime();
}

/** Today (UTC) as YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * When the next pull may be made: null when none can (not active, a 'once' one pulled, its end
 * day passed or before the next period starts).
 */
export function nextPullFrom(
  row: {
    status: string;
    frequency: PreapprovalFrequency;
    lastPullAt: Date | null;
    endDate: string | null;
    createdAt: Date;
    totalReached: boolean;
  },
  now: Date,
): Date | null {
  if (row.status !== 'active' || row.totalReached) return null;
  if (row.endDate !== null && row.endDate < utcDay(now)) return null;
  let next: Date;
  if (row.lastPullAt === null) next = now;
  else if (row.frequency === 'once') return null;
  else {
    const after = nextPeriodStart(row.frequency, row.lastPullAt);
    next = after.getTime() > now.getTime() ? after : now;
  }
  if (row.endDate !== null && utcDay(next) > row.endDate) return null;
  return next;
}
