import type { ServerModule } from '../../server-module';
import { workbenchHandlers } from './handlers';
import { massTransferFileRoutes } from './routes';
import { submitHandlers } from './submit-handlers';

/** What mass transfers give the app (server-module.ts); the exports below are its public surface for other modules. */
export const module = {
  name: 'mass-transfers',
  // Upload and the workbench (part A); submit, re-submit, status and mass approve (part E).
  handlers: { ...workbenchHandlers, ...submitHandlers },
  routes: async (app, ctx) => {
    await app.register(massTransferFileRoutes, { db: ctx.db, services: ctx.services });
  },
} satisfies ServerModule;
