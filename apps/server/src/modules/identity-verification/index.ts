import type { ServerModule } from '../../server-module';
import { identityVerificationRoutes } from './routes';
import { loadProviderSecrets } from './secrets';

/**
 * What identity-verification gives the app (server-module.ts): identity checks with the KYC
 * provider simulators jmo and nfd (issue 14). The exports below are its public surface for other
 * modules: the compliance desk's queue of provider results and its decision on one.
 */
export const module = {
  name: 'identity-verification',
  routes: async (app, ctx) => {
    const secrets = await loadProviderSecrets(ctx.db, ctx.config.kycSecrets);
    await app.register(identityVerificationRoutes, { db: ctx.db, services: ctx.services, secrets });
  },
} satisfies ServerModule;

export {
  decideIdentity,
  listIdentityResultsAwaitingReview,
  loadIdentityImage,
  type IdentityDecision,
  type IdentityResultAwaitingReview,
} from './review';
export { identityCheckStatus } from './status';
export { startMerchantRun } from './start';
