import type { ServerModule } from '../../server-module';
import { globalPayHandlers } from './handlers';
import { startGlobalPaySchedule } from './schedule';
import { globalPayConfirmationOutcome } from './submit';
import { onTransferOutcome } from '../transfers';

// A batch confirmed (or not) by the sender's second factor goes out (or back to a draft).
onTransferOutcome(globalPayConfirmationOutcome);

/** What global-payouts gives the app (server-module.ts): sender batches and the recipient's claim by link (issue 17C). */
export const module = {
  name: 'global-payouts',
  handlers: globalPayHandlers,
  // Unclaimed payments expire back to the sender; claimed payouts are answered by the rail. Any node may run it (SKIP LOCKED).
  jobs: [
    (ctx) =>
      startGlobalPaySchedule({
        db: ctx.db,
        realtime: ctx.services.realtime,
        stepMs: ctx.config.railStepMs,
        log: ctx.log,
      }),
  ],
} satisfies ServerModule;

export { runGlobalPaySchedule } from './schedule';
