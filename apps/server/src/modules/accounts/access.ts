import { and, eq } from 'drizzle-orm';
import { ACCESS_LEVELS } from '@ledgerline/domain';
import type { DbOrTx } from '../../db/client';
import { customerAccess, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthedMethodContext } from '../../main-api/types';
import { accessListFor } from '../customers/access-info';

/**
 * The caller's access level for the customer the call acts for (route.ts already checked that the
 * caller may act for it at all): full access for the user's own customer and for an admin, else
 * the level granted in customer_access.
 */
export async function actingAccessLevel(
  db: DbOrTx,
  ctx: Pick<AuthedMethodContext, 'caller' | 'customerId'>,
): Promise<number> {
  if (ctx.customerId === ctx.caller.customerId) return ACCESS_LEVELS.fullAccess;
  const [user] = await db
    .select({ isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, ctx.caller.userId));
  if (user?.isAdmin) return ACCESS_LEVELS.fullAccess;
  const [grant] = await db
    .select({ accessRight: customerAccess.accessRight })
    .from(customerAccess)
    .where(
      and(
        eq(customerAccess.userId, ctx.caller.userId),
        eq(customerAccess.customerId, ctx.customerId),
      ),
    );
  return grant?.accessRight ?? ACCESS_LEVELS.noAccess;
}

/** Balances, accounts and bank details need balanceInfo access: a documents-only representative (5) has none. */
export async function requireBalanceAccess(
  db: DbOrTx,
  ctx: Pick<AuthedMethodContext, 'caller' | 'customerId'>,
): Promise<void> {
  const level = await actingAccessLevel(db, ctx);
  if (accessListFor(level).balanceInfo === ACCESS_LEVELS.noAccess)
    throw AppError.noAccess('You have no access to the accounts of this customer');
}

/** Opening accounts and answering for the customer need full access (2). */
export async function requireFullAccess(
  db: DbOrTx,
  ctx: Pick<AuthedMethodContext, 'caller' | 'customerId'>,
): Promise<void> {
  const level = await actingAccessLevel(db, ctx);
  if (level !== ACCESS_LEVELS.fullAccess)
    throw AppError.noAccess('Only a user with full access may do this for the customer');
}
