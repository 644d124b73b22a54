import type { ServerModule } from '../../server-module';
import { clientConfigRoutes } from './routes';

/** What client-config gives the app (server-module.ts); the exports below are its public surface for other modules. */
export const module = {
  name: 'client-config',
  routes: async (app, ctx) => {
    await app.register(clientConfigRoutes, {
      config: {
        idleTimeoutSeconds: ctx.config.clientIdleTimeoutSeconds ?? null,
        botCheck: ctx.config.botCheck,
      },
    });
  },
} satisfies ServerModule;
