import type { FastifyBaseLogger } from 'fastify';
import { vi } from 'vitest';

/**
 * A logger for code that takes one (background loops): it keeps the messages of `warn` and `info`
 * lines so a test can check what was said and how often; `debug` lines are dropped.
 */
export function recordingLog() {
  const warnings: string[] = [];
  const infos: string[] = [];
  const log = {
    debug: vi.fn(),
    warn: (_fields: unknown, message: string) => warnings.push(message),
    info: (message: string) => infos.push(message),
  } as unknown as FastifyBaseLogger;
  return { log, warnings, infos };
}
