import type { ServerModule } from '../../server-module';
import { decidePreapprovalRequest } from './customer';
import { preapprovedHandlers } from './handlers';

/**
 * Pre-approved payments (issue 18): a customer allows a merchant of the same brand to pull money
 * within a cap and a frequency; the merchant sees subscriptions and their instalments and pulls
 * through the public API v1 (merchant-api registers preapprovedPublicApiRoutes in its v1 scope).
 */
export const module = {
  name: 'preapproved',
  handlers: preapprovedHandlers,
  // A pre-approval confirmed on the phone (auth's device requests).
  deviceRequestHooks: { preapproval: decidePreapprovalRequest },
} satisfies ServerModule;

export { PULL_KIND, preapprovedPublicApiRoutes } from './pulls';
