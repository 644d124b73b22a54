import type { ServerModule } from '../../server-module';
import { profileHandlers } from './handlers';
import { profileLinkRoutes } from './routes';

/** What profile gives the app (server-module.ts); the exports below are its public surface for other modules. */
export const module = {
  name: 'profile',
  handlers: profileHandlers,
  routes: async (app, ctx) => {
    await app.register(profileLinkRoutes, { db: ctx.db });
  },
} satisfies ServerModule;

export { findLegalItem } from './settings';
export { listAddresses, toAddress } from './addresses';
