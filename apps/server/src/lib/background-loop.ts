import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from './database-unavailable';

export interface BackgroundLoop {
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` every `intervalMs` on this node, never two passes at once (a slow pass makes the
 * next ticks skip, not pile up). A failed pass is logged and the next one tries again (while the
 * database is unavailable, once when that starts and once when it answers again); what the
 * pass did is logged at debug level when `describe` says something. The timer never keeps the
 * process alive. Several nodes may each run one: the passes claim their rows (SKIP LOCKED).
 */
export function startBackgroundLoop<T>(options: {
  name: string;
  intervalMs: number;
  log: FastifyBaseLogger;
  pass: () => Promise<T>;
  /** What to log after a pass, or undefined for nothing. */
  describe?: (result: T) => Record<string, unknown> | undefined;
}): BackgroundLoop {
  let running: Promise<void> | null = null;
  let stopped = false;
  // While the database is away every pass fails the same way: one line when that starts and one
  // when a pass succeeds again, not a warning per tick.
  let waitingForDatabase = false;
  const tick = () => {
    if (running || stopped) return;
    running = options
      .pass()
      .then((result) => {
        if (waitingForDatabase) {
          waitingForDatabase = false;
          options.log.info(`${options.name}: resumed, the database answers again`);
        }
        const fields = options.describe?.(result);
        if (fields) options.log.debug(fields, `${options.name}: pass done`);
      })
      .catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) {
          options.log.warn({ err: error }, `${options.name}: pass failed`);
        } else if (!waitingForDatabase) {
          waitingForDatabase = true;
          options.log.warn(
            { err: error },
            `${options.name}: paused, the database is unavailable; trying again every pass`,
          );
        }
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, Math.max(1, Math.floor(options.intervalMs)));
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
