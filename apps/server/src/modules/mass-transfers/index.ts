import type { ServerModule } from '../../server-module';
import { workbenchHandlers } from './handlers';
import { massTransferFileRoutes } from './routes';
import { onApprovedRequest, onTransferOutcome } from '../transfers';
import { batchApprovalExecutor, MASS_APPROVAL_TYPE } from './batch-approval';
import { batchConfirmationOutcome, startBatchFinisher } from './finish';
import { submitHandlers } from './submit-handlers';

// A batch's confirmation (the submitter's second factor) settles or releases all its rows; an
// approved batch request is paid, a declined one declines the batch (part E).
onTransferOutcome(batchConfirmationOutcome);
onApprovedRequest(MASS_APPROVAL_TYPE, batchApprovalExecutor);

/** What mass transfers give the app (server-module.ts); the exports below are its public surface for other modules. */
export const module = {
  name: 'mass-transfers',
  // Upload and the workbench (part A); submit, re-submit, status and mass approve (part E).
  handlers: { ...workbenchHandlers, ...submitHandlers },
  routes: async (app, ctx) => {
    await app.register(massTransferFileRoutes, { db: ctx.db, services: ctx.services });
  },
  // Submitted batches end (completed, partiallyCompleted, failed) as the rails answer their rows.
  jobs: [
    (ctx) =>
      startBatchFinisher({
        db: ctx.db,
        mailer: ctx.services.mailer,
        realtime: ctx.services.realtime,
        stepMs: ctx.config.railStepMs,
        log: ctx.log,
      }),
  ],
} satisfies ServerModule;

export { BATCH_LINK_PATH } from './finish';
