import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customerAccess, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../lib/actor';

/**
 * The customer a call acts for (spec 1 §6): the caller's own, or `fromCustomerId` when the caller
 * is an admin or holds an access right above "no access" for that customer. Anything else is ENOA.
 */
export async function resolveActingCustomer(
  db: DbOrTx,
  caller: Caller,
  fromCustomerId: number | undefined,
): Promise<number> {
  if (fromCustomerId === undefined || fromCustomerId === caller.customerId)
    return caller.customerId;
  const [user] = await db
    .select({ isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, caller.userId));
  if (user?.isAdmin) return fromCustomerId;
  const [access] = await db
    .select({ id: customerAccess.id })
    .from(customerAccess)
    .where(
      and(
        eq(customerAccess.userId, caller.userId),
        eq(customerAccess.customerId, fromCustomerId),
        gt(customerAccess.accessRight, 0),
      ),
    );
  if (!access) throw AppError.noAccess('You have no access to this customer');
  return fromCustomerId;
}
