import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';

/**
 * The overview is for administrators (users.isAdmin, spec 2 §6); anyone else gets ENOA. Answers
 * the administrator's brand: brands are separate banks, so an administrator sees and acts only
 * for customers of their own customer's brand (issue 15).
 */
export async function requireAdminBrand(db: DbOrTx, actor: Pick<Actor, 'userId'>): Promise<string> {
  const [row] = await db
    .select({ isAdmin: users.isAdmin, brandId: customers.brandId })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(eq(users.id, actor.userId));
  if (!row?.isAdmin) throw AppError.noAccess('Only an administrator may do this');
  return row.brandId;
}

/** A customer of the administrator's brand, locked when asked; another brand's or none is "not found". */
export async function customerOfBrand(
  db: DbOrTx,
  brandId: string,
  customerId: number,
  options: { lock?: boolean } = {},
) {
  const query = db.select().from(customers).where(eq(customers.id, customerId));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row || row.brandId !== brandId) throw AppError.notFound('Customer not found');
  return row;
}
