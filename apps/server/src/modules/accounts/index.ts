import type { ServerModule } from '../../server-module';
import { accountHandlers } from './handlers';

/** What accounts gives the app (server-module.ts); the exports below are its public surface for other modules. */
export const module = { name: 'accounts', handlers: accountHandlers } satisfies ServerModule;

export {
  createCustomerAccount,
  customerDisplayName,
  findCustomerAccount,
  toAccount,
} from './service';
export type { AccountRow } from './service';
export { instructionNumbers } from './payment-instructions';
export { customerMainCurrency } from './total-balance';
export { loadVerificationInfo } from './verification';
