import type { ServerModule } from '../../server-module';
import { customerHandlers } from './handlers';

/** What customers gives the app (server-module.ts); the exports below are its public surface for other modules. */
export const module = { name: 'customers', handlers: customerHandlers } satisfies ServerModule;

export { isAdminOfBrandOf, resolveActingCustomer } from './access';
export { customerDisplayName } from './access-info';
export { brandIdOf } from './brand';
export {
  permissionFor,
  requireBalanceAccess,
  requireFullAccess,
  requireTransferRights,
  transferAccessLevel,
  transferRightsToCheck,
} from './acting-access';
export { loadActor, resolveActor } from './actor';
export { requireMerchantRights } from './merchant-rights';
export {
  closeStaffActing,
  isStaffActingFor,
  openStaffActing,
  refuseStaffMoneyMovement,
  STAFF_AUDIT,
  STAFF_LOGIN_HISTORY,
} from './staff-acting';
export {
  assertTransferPermission,
  requireMayMoveMoney,
  requireTransferPermission,
  transferPermissionFlags,
} from './transfer-permissions';
