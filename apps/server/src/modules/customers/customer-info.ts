import { eq } from 'drizzle-orm';
import { RESPONSE_CODES, isBusinessCustomerType } from '@ledgerline/domain';
import type { DbOrTx } from '../../db/client';
import { customerAccess, customers, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { findPendingTerms } from './terms';

/** Self-certification statuses that ask a personal customer to certify again (docs/decisions.md). */
const RECERTIFY = new Set(['rejected', 'expiredSoon']);

/** getCustomerInfo (spec 1 §4): the acting customer and the signed-in user, once no terms wait. */
export async function loadCustomerInfo(db: DbOrTx, actor: Actor) {
  // Pending terms come first: without them accepted there is no customer info (spec 1 §4).
  const pending = await findPendingTerms(db, actor.userId);
  if (pending.terms.length > 0) {
    throw new AppError(RESPONSE_CODES.termsError, 'Please accept the updated terms to continue', {
      extra: { terms: pending.terms },
    });
  }
  const [customer] = await db.select().from(customers).where(eq(customers.id, actor.customerId));
  const [user] = await db.select().from(users).where(eq(users.id, actor.userId));
  if (!customer || !user) throw AppError.notFound('Customer not found');
  const related = await db
    .select({ id: customerAccess.id })
    .from(customerAccess)
    .where(eq(customerAccess.userId, user.id))
    .limit(1);
  return {
    customer: {
      userId: user.id,
      customerId: customer.id,
      customerType: customer.customerType,
      login: user.email,
      firstName: customer.firstName,
      lastName: customer.lastName,
      businessName: customer.businessName,
      birthDay: customer.birthDay,
      customerCreationDate: customer.createdAt.toISOString(),
      transactionApproveMode: customer.transactionApproveMode,
      login2faMode: user.login2faMode,
      isAdmin: user.isAdmin,
      isHaveRelatedAccounts: related.length > 0,
      useOldWeb: customer.useOldWeb,
      oldWebUrl: customer.oldWebUrl,
      residenceCountryCode: customer.residenceCountryCode,
      taxId: customer.taxId,
      verified: customer.verified,
      limited: customer.limited,
      dueDiligenceLevel: customer.dueDiligenceLevel,
      isNeedPersonalInfoUpdate: customer.isNeedPersonalInfoUpdate,
      isNeedKyc: customer.isNeedKyc,
      isNeedSelfCertification:
        !isBusinessCustomerType(customer.customerType) &&
        RECERTIFY.has(customer.taxSelfCertificationStatus),
    },
  };
}
