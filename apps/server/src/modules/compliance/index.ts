import type { ServerModule } from '../../server-module';
import { complianceHandlers } from './handlers';
import { complianceFileRoutes } from './routes';

/** What compliance gives the app (server-module.ts): the review desk of issue 14. */
export const module = {
  name: 'compliance',
  handlers: complianceHandlers,
  routes: async (app, ctx) => {
    await app.register(complianceFileRoutes, { db: ctx.db });
  },
} satisfies ServerModule;
