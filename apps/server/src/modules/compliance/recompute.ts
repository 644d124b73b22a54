import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { TRANSFER_PERMISSION_GROUPS } from '@ledgerline/contract';
import {
  isVerificationComplete,
  verifiedPermissionGroups,
} from '@ledgerline/domain/compliance-review';
import {
  DOCUMENT_STATUS,
  IDENTITY_STATUSES,
  type IdentityStatus,
} from '@ledgerline/domain/verification';
import type { Tx } from '../../db/client';
import {
  customerAddresses,
  customerDocuments,
  customerIdentities,
  customerVerification,
  customers,
  transferPermissions,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { refreshLimitDocuments } from '../documents';

/** Proof-of-residence statuses that settle an address's document question (as profile/addresses.ts). */
const DOCUMENT_SETTLED = ['validated', 'notRequired'];

export interface RecomputedState {
  customerId: number;
  verified: boolean;
  limited: boolean;
  isNeedKyc: boolean;
  /** Verification completed with this decision: the permissions were granted now. */
  becameVerified: boolean;
  /** The expired-documents limit was lifted with this decision. */
  limitLifted: boolean;
}

function permissionFlags(customerType: number): Record<string, boolean> {
  return Object.fromEntries(
    verifiedPermissionGroups(customerType).flatMap((group) =>
      TRANSFER_PERMISSION_GROUPS[group].map((name) => [`${group}.${name}`, true]),
    ),
  );
}

/**
 * The customer's verification after a compliance decision, in the decision's transaction: when
 * the identity is validated and the documents (and a required proof of address) are confirmed,
 * the customer becomes verified, KYC is no longer needed, the identity run is over and the
 * customer's own users get the transfer permissions of docs/decisions.md. A limit for expired
 * documents (spec 2 §4 limit reasons) is lifted once the renewed documents are all confirmed
 * (documents' refreshLimitDocuments, the one writer of that lifting).
 * A verified customer is never un-verified here: a later refused document asks for a new one.
 */
export async function recomputeVerification(tx: Tx, customerId: number): Promise<RecomputedState> {
  const [customer] = await tx
    .select()
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  if (!customer) throw AppError.notFound('No such customer');
  const documents = await tx
    .select({
      categoryId: customerDocuments.categoryId,
      statusId: customerDocuments.statusId,
      createdAt: sql<string>`${customerDocuments.createdAt}::text`,
    })
    .from(customerDocuments)
    .where(
      and(
        eq(customerDocuments.customerId, customerId),
        ne(customerDocuments.statusId, DOCUMENT_STATUS.deleted),
      ),
    );
  const [identity] = await tx
    .select({ status: customerIdentities.status })
    .from(customerIdentities)
    .where(eq(customerIdentities.customerId, customerId))
    .orderBy(desc(customerIdentities.id))
    .limit(1);
  const addresses = await tx
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId));
  const complete = isVerificationComplete({
    identityStatus:
      identity && (IDENTITY_STATUSES as readonly string[]).includes(identity.status)
        ? (identity.status as IdentityStatus)
        : null,
    documents,
    proofOfAddressRequired: addresses.some(
      (address) =>
        address.requiresDocument && !DOCUMENT_SETTLED.includes(address.proofOfResidenceStatus),
    ),
  });

  const becameVerified = complete && !customer.verified;
  if (becameVerified) {
    await tx
      .update(customers)
      .set({ verified: true, isNeedKyc: false })
      .where(eq(customers.id, customerId));
    await tx
      .insert(customerVerification)
      .values({ customerId, verificationInProgress: false, finalReview: false })
      .onConflictDoUpdate({
        target: customerVerification.customerId,
        set: { verificationInProgress: false, finalReview: false, updatedAt: new Date() },
      });
    const flags = permissionFlags(customer.customerType);
    const owners = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.customerId, customerId));
    for (const owner of owners) {
      // Flags set by hand before (a business's access list) stay; verification only adds.
      await tx
        .insert(transferPermissions)
        .values({ userId: owner.id, customerId, flags })
        .onConflictDoUpdate({
          target: [transferPermissions.userId, transferPermissions.customerId],
          set: {
            flags: sql`${JSON.stringify(flags)}::jsonb || ${transferPermissions.flags}`,
            updatedAt: new Date(),
          },
        });
    }
  }

  // The expired-documents limit has one rule, the documents module's (every expired document
  // renewed by a confirmed one); permissions follow customers.limited (customers/transfer-permissions).
  const limitLifted = await refreshLimitDocuments(tx, customerId);
  const limited = customer.limited && !limitLifted;

  return {
    customerId,
    verified: customer.verified || complete,
    limited,
    isNeedKyc: becameVerified ? false : customer.isNeedKyc,
    becameVerified,
    limitLifted,
  };
}
