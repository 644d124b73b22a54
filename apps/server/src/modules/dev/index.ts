import type { ServerModule } from '../../server-module';
import { devRoutes } from './routes';

/** What dev gives the app (server-module.ts); the exports below are its public surface for other modules. */
export const module = {
  name: 'dev',
  routes: async (app, ctx) => {
    if (ctx.config.devTools) await app.register(devRoutes, { db: ctx.db, services: ctx.services });
  },
} satisfies ServerModule;
