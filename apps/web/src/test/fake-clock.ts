import type { IdleClock } from '@/app/session';

export interface FakeClock extends IdleClock {
  /** Moves time on and runs every timer that falls due, in order. */
  advance(ms: number): void;
  pendingTimers(): number;
}

/** A clock for the idle timer only: the rest of a test keeps real time (real servers, real sockets). */
export function createFakeClock(start = 1_700_000_000_000): FakeClock {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, timer]) => timer.at <= until)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].callback();
      }
      now = until;
    },
    pendingTimers: () => timers.size,
  };
}
