import type { ServerModule } from '../../server-module';
import { merchantTrustHandlers } from './handlers';

/**
 * What merchant-trust gives the app (server-module.ts): a merchant's identity verification
 * requests (the fee through the ledger, the check at the brand's provider, the link by e-mail) and
 * reputation lookups by e-mail (issue 18).
 */
export const module = {
  name: 'merchant-trust',
  handlers: merchantTrustHandlers,
} satisfies ServerModule;
