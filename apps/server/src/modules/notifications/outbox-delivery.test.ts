import { describe, expect, it, vi } from 'vitest';
import { recordingLog } from '../../../test/recording-log';
import { startOutboxDelivery } from './mailer';

describe('outbox delivery in the background', () => {
  it('logs once while the database is away and once when it is back, not on every pass', async () => {
    const { log, warnings, infos } = recordingLog();
    let passes = 0;
    const mailer = {
      deliverPending: async () => {
        passes += 1;
        // Passes 1–5: PostgreSQL refuses connections.
        if (passes <= 5)
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
            code: 'ECONNREFUSED',
          });
        return 0;
      },
    };
    const loop = startOutboxDelivery(mailer, log, 1);
    await vi.waitFor(() => expect(passes).toBeGreaterThanOrEqual(7), { timeout: 5_000 });
    await loop.stop();
    expect(warnings).toEqual([
      'outbox delivery: paused, the database is unavailable; trying again every pass',
    ]);
    expect(infos).toEqual(['outbox delivery: resumed, the database answers again']);
  });
});
