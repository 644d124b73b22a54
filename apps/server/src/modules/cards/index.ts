import type { ServerModule } from '../../server-module';
import { cardDevRoutes } from './dev-routes';
import { cardHandlers } from './handlers';
import { prepaidCardHandlers } from './prepaid-handlers';
import { startCardProcessor } from './processor';
import { decideCardSecretRequest } from './secret-reveal';

/** What cards gives the app (server-module.ts); the exports below are its public surface for other modules. */
export const module = {
  name: 'cards',
  handlers: { ...cardHandlers, ...prepaidCardHandlers },
  routes: async (app, ctx) => {
    if (ctx.config.devTools) await app.register(cardDevRoutes, { db: ctx.db });
  },
  // The card processor simulator moves new cards through their statuses.
  jobs: [
    (ctx) =>
      startCardProcessor({
        db: ctx.db,
        realtime: ctx.services.realtime,
        stepMs: ctx.config.cardProcessorStepMs,
        log: ctx.log,
      }),
  ],
  // The step-up before card secrets may be a phone-app request (auth's device requests).
  deviceRequestHooks: { cardSecret: decideCardSecretRequest },
} satisfies ServerModule;

export { brandFromNumber, ensureBinDirectory, lookupBin } from './bin-directory';
export { findCardProduct } from './catalogue';
export { issueCard } from './service';
export { createCardVault } from './vault';
export type { CardVault } from './vault';
