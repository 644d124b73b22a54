import { eq } from 'drizzle-orm';
import { isBusinessCustomerType } from '@ledgerline/domain';
import type { DbOrTx } from '../../db/client';
import { customers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { requireFullAccess } from '../customers';

/*
 * SHIM until helper M1's `requireMerchantRights` is exported from modules/customers (issue 18):
 * the same name and meaning, so the lead replaces this file's import with the customers one.
 * Merchant tools belong to a business customer; its API keys, API log and webhook log need full
 * access (spec 2 §6 "Merchant API key, API log and webhook log pages need full-access rights").
 */
export async function requireMerchantRights(
  db: DbOrTx,
  actor: Pick<Actor, 'customerId' | 'accessLevel'>,
): Promise<void> {
  requireFullAccess(actor);
  const [customer] = await db
    .select({ customerType: customers.customerType })
    .from(customers)
    .where(eq(customers.id, actor.customerId));
  if (!customer || !isBusinessCustomerType(customer.customerType))
    throw AppError.noAccess('Merchant tools are for business customers');
}
