import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers } from '../../db/schema';

/**
 * The brand a customer banks with; null when there is no such customer (each caller says what that
 * means to it: not found, another brand's, nothing to show). The one read of it for every module.
 */
export async function brandIdOf(db: DbOrTx, customerId: number): Promise<string | null> {
  const [row] = await db
    .select({ brandId: customers.brandId })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.brandId ?? null;
}
