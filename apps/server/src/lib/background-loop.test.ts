import { describe, expect, it, vi } from 'vitest';
import { recordingLog } from '../../test/recording-log';
import { startBackgroundLoop } from './background-loop';

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

describe('startBackgroundLoop while the database is away', () => {
  it('logs one line when the database goes away and one when a pass succeeds again, then carries on', async () => {
    const { log, warnings, infos } = recordingLog();
    let passes = 0;
    const loop = startBackgroundLoop({
      name: 'outage loop',
      intervalMs: 1,
      log,
      pass: async () => {
        passes += 1;
        // Passes 2–4: PostgreSQL was stopped (57P01), then refuses connections.
        if (passes === 2)
          throw Object.assign(new Error('terminating connection due to administrator command'), {
            code: '57P01',
          });
        if (passes === 3 || passes === 4)
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
            code: 'ECONNREFUSED',
          });
        return passes;
      },
    });
    await vi.waitFor(() => expect(passes).toBeGreaterThanOrEqual(6), { timeout: 5_000 });
    await loop.stop();
    expect(warnings).toEqual([
      'outage loop: paused, the database is unavailable; trying again every pass',
    ]);
    expect(infos).toEqual(['outage loop: resumed, the database answers again']);
  });
});
