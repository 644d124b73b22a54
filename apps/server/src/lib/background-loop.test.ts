import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { startBackgroundLoop } from './background-loop';

function recordingLog() {
  const warnings: string[] = [];
  const log = {
    debug: vi.fn(),
    warn: (_fields: unknown, message: string) => warnings.push(message),
  } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

describe('startBackgroundLoop', () => {
  it('never runs two passes at once, keeps going after a failed pass, and stop waits for the pass in progress', async () => {
    const { log, warnings } = recordingLog();
    let active = 0;
    let mostAtOnce = 0;
    let passes = 0;
    let finished = 0;
    const loop = startBackgroundLoop({
      name: 'test loop',
      intervalMs: 1,
      log,
      pass: async () => {
        passes += 1;
        active += 1;
        mostAtOnce = Math.max(mostAtOnce, active);
        await new Promise((resolve) => setTimeout(resolve, 15));
        active -= 1;
        finished += 1;
        if (passes === 1) throw new Error('first pass fails');
        return passes;
      },
    });
    await vi.waitFor(() => expect(passes).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
    await loop.stop();
    const afterStop = passes;
    expect(finished).toBe(passes);
    expect(mostAtOnce).toBe(1);
    expect(warnings).toEqual(['test loop: pass failed']);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(passes).toBe(afterStop);
  });
});
