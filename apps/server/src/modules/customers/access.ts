import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customerAccess, customers, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../lib/actor';
import { brandIdOf } from './brand';

/**
 * The customer a call acts for (spec 1 §6): the caller's own, or `fromCustomerId` when the caller
 * holds an access right above "no access" for that customer, or is an administrator and the
 * customer is of the administrator's own brand (brands are separate banks, issue 15). Anything
 * else is ENOA, the same for a customer that does not exist.
 */
export async function resolveActingCustomer(
  db: DbOrTx,
  caller: Caller,
  fromCustomerId: number | undefined,
): Promise<number> {
  if (fromCustomerId === undefined || fromCustomerId === caller.customerId)
    return caller.customerId;
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
  if (access) return fromCustomerId;
  if (await isAdminOfBrandOf(db, caller, fromCustomerId)) return fromCustomerId;
  throw AppError.noAccess('You have no access to this customer');
}

/** An administrator whose own customer is of the same brand as the customer named. */
export async function isAdminOfBrandOf(
  db: DbOrTx,
  caller: Pick<Caller, 'userId'>,
  customerId: number,
): Promise<boolean> {
  const [admin] = await db
    .select({ isAdmin: users.isAdmin, brandId: customers.brandId })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(eq(users.id, caller.userId));
  if (!admin?.isAdmin) return false;
  return (await brandIdOf(db, customerId)) === admin.brandId;
}
