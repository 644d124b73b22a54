import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customerAccess, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';

/** The desk is for administrators (users.isAdmin, spec 2 §6); anyone else is refused. */
export async function requireAdmin(db: DbOrTx, actor: Pick<Actor, 'userId'>): Promise<void> {
  const [user] = await db
    .select({ isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!user?.isAdmin) throw AppError.noAccess('Only an administrator may use the review desk');
}

/**
 * An administrator does not decide their own case: their own customer, or a customer they hold an
 * access right for (a company they represent). Four eyes, as compliance asks.
 */
export async function refuseOwnCase(
  db: DbOrTx,
  actor: Pick<Actor, 'userId' | 'ownCustomerId'>,
  customerId: number,
): Promise<void> {
  if (customerId === actor.ownCustomerId)
    throw AppError.noAccess('An administrator cannot decide their own case');
  const [grant] = await db
    .select({ id: customerAccess.id })
    .from(customerAccess)
    .where(
      and(
        eq(customerAccess.userId, actor.userId),
        eq(customerAccess.customerId, customerId),
        gt(customerAccess.accessRight, 0),
      ),
    );
  if (grant) throw AppError.noAccess('An administrator cannot decide their own case');
}
