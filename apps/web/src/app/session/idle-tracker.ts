import type { TabChannel } from './tab-channel';

/** The clock the idle timer reads; tests pass a fake one (the rest of a test keeps real time). */
export interface IdleClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: IdleClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What a person does; background requests are not activity. */
const ACTIVITY_EVENTS = [
  'pointerdown',
  'keydown',
  'wheel',
  'touchstart',
  'mousemove',
  'scroll',
] as const;

export interface IdleTracker {
  /** Epoch ms of the last activity seen in this tab or announced by another. */
  lastActivity(): number;
  /** Counts as activity now (also called for every DOM activity event). */
  noteActivity(): void;
  stop(): void;
}

/**
 * Ends the session after `timeoutMs` without activity in any tab of this browser (spec 1 §4).
 * Activity here is announced to the other tabs (at most a few times per timeout, not per mouse
 * move); activity announced by another tab counts here. `onIdle` runs once.
 */
export function createIdleTracker(options: {
  timeoutMs: number;
  channel: TabChannel;
  onIdle: () => void;
  clock?: IdleClock;
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  visibility?: Pick<Document, 'addEventListener' | 'removeEventListener'>;
}): IdleTracker {
  const clock = options.clock ?? systemClock;
  const target = options.target ?? window;
  const visibility = options.visibility ?? document;
  const { timeoutMs, channel } = options;
  // Announce at most every fifth of the timeout (and at most every 5 s): another tab then ends
  // at the latest that much after this one's real last activity would allow.
  const announceEvery = Math.min(5_000, Math.max(250, Math.floor(timeoutMs / 5)));
  let last = clock.now();
  let lastAnnounced = Number.NEGATIVE_INFINITY;
  let timer: unknown;
  let stopped = false;

  const schedule = () => {
    if (timer !== undefined) clock.clearTimeout(timer);
    const remaining = Math.max(0, last + timeoutMs - clock.now());
    timer = clock.setTimeout(check, remaining);
  };

  function check(): void {
    if (stopped) return;
    if (clock.now() - last >= timeoutMs) {
      stop();
      options.onIdle();
      return;
    }
    schedule();
  }

  const noteActivity = () => {
    if (stopped) return;
    const now = clock.now();
    last = now;
    if (now - lastAnnounced >= announceEvery) {
      lastAnnounced = now;
      channel.post({ type: 'activity', at: now });
    }
    schedule();
  };

  const unsubscribe = channel.subscribe((message) => {
    if (message.type !== 'activity' || stopped) return;
    if (message.at > last) {
      last = Math.min(message.at, clock.now());
      schedule();
    }
  });
  // A background tab's timers may fire late: check as soon as it is looked at again.
  const onVisibility = () => check();

  for (const name of ACTIVITY_EVENTS) {
    target.addEventListener(name, noteActivity, { passive: true, capture: true });
  }
  visibility.addEventListener('visibilitychange', onVisibility);
  schedule();

  function stop(): void {
    if (stopped) return;
    stopped = true;
    if (timer !== undefined) clock.clearTimeout(timer);
    unsubscribe();
    for (const name of ACTIVITY_EVENTS) {
      target.removeEventListener(name, noteActivity, { capture: true });
    }
    visibility.removeEventListener('visibilitychange', onVisibility);
  }

  return { lastActivity: () => last, noteActivity, stop };
}
