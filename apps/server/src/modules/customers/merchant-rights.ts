import { eq } from 'drizzle-orm';
import { hasMerchantRights } from '@ledgerline/domain/merchant-api';
import type { DbOrTx } from '../../db/client';
import { customers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';

/**
 * Merchant tools (API keys, allowed IPs, webhooks, IPN and their logs; issue 18) for the customer
 * the call acts for: a business, and a user with full access to it (spec 2 §6: the api_key,
 * api_log and webhook_log pages need full access). resolveActor has already refused a customer
 * the user may not act for. An administrator acting for a customer may look but not change:
 * keys and webhook endpoints are credentials that later move money (refuseStaffMoneyMovement's
 * rule, applied to them).
 */
export async function requireMerchantRights(
  db: DbOrTx,
  actor: Pick<Actor, 'customerId' | 'accessLevel' | 'isStaffActing'>,
  purpose: 'read' | 'manage' = 'manage',
): Promise<void> {
  const [customer] = await db
    .select({ customerType: customers.customerType })
    .from(customers)
    .where(eq(customers.id, actor.customerId));
  if (
    customer === undefined ||
    !hasMerchantRights({ customerType: customer.customerType, accessRights: actor.accessLevel })
  )
    throw AppError.noAccess('Only a full-access user of a business may use its merchant tools');
  if (purpose === 'manage' && actor.isStaffActing)
    throw AppError.noAccess(
      'An administrator acting for a customer may not change its merchant tools',
    );
}
