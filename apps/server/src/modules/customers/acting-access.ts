import { and, eq } from 'drizzle-orm';
import { ACCESS_LEVELS } from '@ledgerline/domain';
import {
  EXTERNAL_TRANSFER_TYPES,
  externalPermissionFlag,
  type ExternalTransferType,
} from '@ledgerline/domain/external-transfers';
import type { DbOrTx } from '../../db/client';
import { customerAccess, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { accessListFor } from './access-info';
import { refuseStaffMoneyMovement } from './staff-acting';
import { requireTransferPermission } from './transfer-permissions';

/**
 * The user's access level for the customer the call acts for (resolveActingCustomer already
 * checked that the user may act for it at all): full access for the user's own customer and for
 * an admin, else the level granted in customer_access.
 */
export async function actingAccessLevel(
  db: DbOrTx,
  who: Pick<Actor, 'userId' | 'ownCustomerId' | 'customerId'>,
): Promise<number> {
  if (who.customerId === who.ownCustomerId) return ACCESS_LEVELS.fullAccess;
  const [user] = await db
    .select({ isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, who.userId));
  if (user?.isAdmin) return ACCESS_LEVELS.fullAccess;
  const [grant] = await db
    .select({ accessRight: customerAccess.accessRight })
    .from(customerAccess)
    .where(
      and(eq(customerAccess.userId, who.userId), eq(customerAccess.customerId, who.customerId)),
    );
  return grant?.accessRight ?? ACCESS_LEVELS.noAccess;
}

/** Balances, accounts and bank details need balanceInfo access: a documents-only representative (5) has none. */
export function requireBalanceAccess(actor: Pick<Actor, 'accessLevel'>): void {
  if (accessListFor(actor.accessLevel).balanceInfo === ACCESS_LEVELS.noAccess)
    throw AppError.noAccess('You have no access to the accounts of this customer');
}

/** Opening accounts and answering for the customer need full access (2). */
export function requireFullAccess(actor: Pick<Actor, 'accessLevel'>): void {
  if (actor.accessLevel !== ACCESS_LEVELS.fullAccess)
    throw AppError.noAccess('Only a user with full access may do this for the customer');
}

/** Full access (2) transfers, initiate (3) asks for approval, others may not; answers the level. */
export function transferAccessLevel(actor: Pick<Actor, 'accessLevel'>): number {
  const level = actor.accessLevel;
  if (level !== ACCESS_LEVELS.fullAccess && level !== ACCESS_LEVELS.initiate)
    throw AppError.noAccess('You may not make transfers for this customer');
  return level;
}

function isExternalKind(kind: string): kind is ExternalTransferType {
  return (EXTERNAL_TRANSFER_TYPES as readonly string[]).includes(kind);
}

/** The permission flag of a transfer kind; an external one by whom it pays (the customer themself, or someone else). */
export function permissionFor(kind: string, toOwnAccount = false): string {
  if (isExternalKind(kind)) return externalPermissionFlag(kind, toOwnAccount);
  // Loading and unloading a prepaid card both follow spec 2 §6's "load prepaid card" flag (issue 16).
  if (kind === 'prepaidCardLoad' || kind === 'prepaidCardUnload')
    return 'otherPerson.loadPrepaidCard';
  return kind === 'betweenAccounts' ? 'ownAccount.betweenAccounts' : 'otherPerson.p2p';
}

/** The access level a transfer is made at and the permission flag it needs, refusing staff and levels that may not transfer. */
export function transferRightsToCheck(
  actor: Pick<Actor, 'accessLevel' | 'isStaffActing'>,
  kind: string,
  toOwnAccount = false,
): { level: number; flag: string } {
  refuseStaffMoneyMovement(actor);
  return { level: transferAccessLevel(actor), flag: permissionFor(kind, toOwnAccount) };
}

/** Access level and the permission flag of the transfer type; answers the level. */
export async function requireTransferRights(
  db: DbOrTx,
  actor: Pick<Actor, 'accessLevel' | 'userId' | 'customerId' | 'isStaffActing'>,
  kind: string,
  toOwnAccount = false,
): Promise<number> {
  const { level, flag } = transferRightsToCheck(actor, kind, toOwnAccount);
  await requireTransferPermission(db, actor.userId, actor.customerId, level, flag);
  return level;
}
