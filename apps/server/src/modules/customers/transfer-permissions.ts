import { and, eq } from 'drizzle-orm';
import { TRANSFER_PERMISSIONS } from '@ledgerline/contract';
import { ACCESS_LEVELS } from '@ledgerline/domain';
import { mayMoveMoney } from '@ledgerline/domain/compliance-review';
import type { DbOrTx } from '../../db/client';
import { customers, transferPermissions } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * Transfer permission flags (spec 2 §6) of a user acting for a customer: every flag of
 * TRANSFER_PERMISSIONS, false unless granted. A flag only counts while the access level lets the
 * user start transfers at all (full access 2 or initiate 3), and while the customer may move money
 * at all: verified and not limited (issue 14, docs/decisions.md); the stored flags stay meanwhile.
 */
export async function transferPermissionFlags(
  db: DbOrTx,
  userId: number,
  customerId: number,
  accessLevel: number,
): Promise<Record<string, boolean>> {
  const [row] = await db
    .select({ flags: transferPermissions.flags })
    .from(transferPermissions)
    .where(
      and(eq(transferPermissions.userId, userId), eq(transferPermissions.customerId, customerId)),
    );
  const [customer] = await db
    .select({ verified: customers.verified, limited: customers.limited })
    .from(customers)
    .where(eq(customers.id, customerId));
  const mayTransfer =
    (accessLevel === ACCESS_LEVELS.fullAccess || accessLevel === ACCESS_LEVELS.initiate) &&
    customer !== undefined &&
    mayMoveMoney(customer);
  return Object.fromEntries(
    TRANSFER_PERMISSIONS.map((name) => [name, mayTransfer && row?.flags[name] === true]),
  );
}

/** Refuses money leaving a customer who is not verified or is limited (the banner's "cannot send money"). */
export async function requireMayMoveMoney(db: DbOrTx, customerId: number): Promise<void> {
  const [customer] = await db
    .select({ verified: customers.verified, limited: customers.limited })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer || !mayMoveMoney(customer))
    throw AppError.noAccess(
      'This account cannot send money while it is not verified or is limited',
    );
}

/** What a transfer's permission check reads: the customer's standing and the user's flags. */
export interface TransferPermissionFacts {
  verified: boolean;
  limited: boolean;
  flags: Record<string, boolean> | null;
}

/**
 * Refuses a transfer of a customer who may not move money (first), and a transfer type the user's
 * flags do not allow; `facts` undefined is a customer that is not there.
 */
export function assertTransferPermission(
  facts: TransferPermissionFacts | undefined,
  accessLevel: number,
  flag: string,
): void {
  if (!facts || !mayMoveMoney(facts))
    throw AppError.noAccess(
      'This account cannot send money while it is not verified or is limited',
    );
  const mayTransfer =
    accessLevel === ACCESS_LEVELS.fullAccess || accessLevel === ACCESS_LEVELS.initiate;
  const known = (TRANSFER_PERMISSIONS as readonly string[]).includes(flag);
  if (!(mayTransfer && known && facts.flags?.[flag] === true))
    throw AppError.noAccess('Your permissions do not allow this transfer');
}

/**
 * Refuses a transfer type the user's flags do not allow for this customer, and any transfer of a
 * customer who may not move money (requireMayMoveMoney's refusal first); one statement reads both.
 * A submit that locks the customer reads the same facts with its lock instead (execute.ts).
 */
export async function requireTransferPermission(
  db: DbOrTx,
  userId: number,
  customerId: number,
  accessLevel: number,
  flag: string,
): Promise<void> {
  const [row] = await db
    .select({
      verified: customers.verified,
      limited: customers.limited,
      flags: transferPermissions.flags,
    })
    .from(customers)
    .leftJoin(
      transferPermissions,
      and(eq(transferPermissions.customerId, customers.id), eq(transferPermissions.userId, userId)),
    )
    .where(eq(customers.id, customerId));
  assertTransferPermission(row, accessLevel, flag);
}
