import type { ServerModule } from '../../server-module';
import { railDevRoutes } from './dev-routes';
import { startRailSimulator } from './simulator';

/** What rails gives the app (server-module.ts); the exports below are its public surface for other modules. */
export const module = {
  name: 'rails',
  routes: async (app, ctx) => {
    if (ctx.config.devTools)
      await app.register(railDevRoutes, {
        db: ctx.db,
        services: ctx.services,
        stepMs: ctx.config.railStepMs,
      });
  },
  // The rail simulator delivers or returns external transfers after RAIL_STEP_MS.
  jobs: [
    (ctx) =>
      startRailSimulator({
        db: ctx.db,
        mailer: ctx.services.mailer,
        realtime: ctx.services.realtime,
        stepMs: ctx.config.railStepMs,
        log: ctx.log,
      }),
  ],
} satisfies ServerModule;
