import type { ServerModule } from '../../server-module';
import { analyticsRoutes } from './routes';

/** What analytics gives the app (server-module.ts); the exports below are its public surface for other modules. */
export const module = {
  name: 'analytics',
  routes: async (app, ctx) => {
    await app.register(analyticsRoutes, { db: ctx.db });
  },
} satisfies ServerModule;
