import type { ServerModule } from '../../server-module';
import { realtimeRoutes } from './routes';

/** What realtime gives the app (server-module.ts); the exports below are its public surface for other modules. */
export const module = {
  name: 'realtime',
  routes: async (app, ctx) => {
    await app.register(realtimeRoutes, {
      services: ctx.services,
      allowedOrigins: ctx.config.publicOrigins,
    });
  },
} satisfies ServerModule;

export { createRealtimeHub, sendEventsSql } from './hub';
export type { RealtimeHub } from './hub';
