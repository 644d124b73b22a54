import type { ServerModule } from '../../server-module';
import { securityHandlers } from './handlers';

/** What security gives the app (server-module.ts); the exports below are its public surface for other modules. */
export const module = { name: 'security', handlers: securityHandlers } satisfies ServerModule;

export { maskEmail } from './shared';
export {
  confirmationPlan,
  sentToOf,
  useTotpCode,
  type ConfirmationPlan,
} from './transaction-factor';
export {
  FACTOR,
  createPushRequest,
  judgeFactor,
  sendFactorCode,
  sixDigitCode,
  supersedePushRequest,
} from './step-up';
