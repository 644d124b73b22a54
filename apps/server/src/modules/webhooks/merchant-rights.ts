import { eq } from 'drizzle-orm';
import { isBusinessCustomerType } from '@ledgerline/domain';
import type { DbOrTx } from '../../db/client';
import { customers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { requireFullAccess } from '../customers';

/*
 * SHIM until helper M1's `requireMerchantRights` (modules/customers, branch h-m1) is on main: the
 * same name, signature and meaning, so at integration the lead deletes this file and imports the
 * customers one. Merchant tools belong to a business customer and need full access there (spec 2
 * §6: the api_key, api_log and webhook_log pages need full-access rights); an administrator acting
 * for a customer may read them but not change them (endpoints are credentials for its money).
 */
export async function requireMerchantRights(
  db: DbOrTx,
  actor: Pick<Actor, 'customerId' | 'accessLevel' | 'isStaffActing'>,
  purpose: 'read' | 'manage' = 'manage',
): Promise<void> {
  requireFullAccess(actor);
  const [customer] = await db
    .select({ customerType: customers.customerType })
    .from(customers)
    .where(eq(customers.id, actor.customerId));
  if (!customer || !isBusinessCustomerType(customer.customerType))
    throw AppError.noAccess('Only a full-access user of a business may use its merchant tools');
  if (purpose === 'manage' && actor.isStaffActing)
    throw AppError.noAccess(
      'An administrator acting for a customer may not change its merchant tools',
    );
}
