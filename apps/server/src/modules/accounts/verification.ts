import { and, desc, eq, ne } from 'drizzle-orm';
import {
  ADDRESS_STATES,
  IDENTITY_STATUSES,
  LIMIT_REASONS,
  PROOF_OF_RESIDENCE_STATUSES,
  TAX_FORM_STATUSES,
  VIDEO_IDENTITY_STATUSES,
  oneOf,
  type VerificationInput,
} from '@ledgerline/domain';
import type { DbOrTx } from '../../db/client';
import {
  customerAccess,
  customerAddresses,
  customerDocuments,
  customerIdentities,
  customerPhones,
  customerVerification,
  customers,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Actor } from '../../lib/actor';

/** Document status 5: deleted documents are gone for every purpose (spec 2 §4 "Document status ids"). */
const DELETED_DOCUMENT = 5;
/** Due diligence levels that load duplicate-document information (spec 2 §4). */
const DUPLICATE_CHECK_LEVELS = new Set([1, 4]);

/**
 * The facts behind the account-status banner of the customer the call acts for, read from the
 * verification tables; packages/domain's accountStatusBanner turns them into the state.
 */
export async function loadVerificationInfo(
  db: DbOrTx,
  actor: Pick<Actor, 'userId' | 'ownCustomerId' | 'customerId'>,
): Promise<VerificationInput> {
  const { customerId } = actor;
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw AppError.notFound('Customer not found');
  const [state] = await db
    .select()
    .from(customerVerification)
    .where(eq(customerVerification.customerId, customerId));
  // Someone acting for a customer through a grant is its representative, not its owner.
  const [grant] =
    customerId === actor.ownCustomerId
      ? []
      : await db
          .select({ id: customerAccess.id })
          .from(customerAccess)
          .where(
            and(eq(customerAccess.userId, actor.userId), eq(customerAccess.customerId, customerId)),
          );
  const documents = await db
    .select()
    .from(customerDocuments)
    .where(
      and(
        eq(customerDocuments.customerId, customerId),
        ne(customerDocuments.statusId, DELETED_DOCUMENT),
      ),
    )
    .orderBy(customerDocuments.id);
  const [address] = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(desc(customerAddresses.id))
    .limit(1);
  const [identity] = await db
    .select()
    .from(customerIdentities)
    .where(eq(customerIdentities.customerId, customerId))
    .orderBy(desc(customerIdentities.id))
    .limit(1);
  const phones = await db
    .select()
    .from(customerPhones)
    .where(eq(customerPhones.customerId, customerId))
    .orderBy(customerPhones.id);

  return {
    customerType: customer.customerType,
    verified: customer.verified,
    limited: customer.limited,
    isRepresentative: grant !== undefined,
    dueDiligenceLevel: customer.dueDiligenceLevel,
    finalReview: state?.finalReview ?? false,
    verificationInProgress: state?.verificationInProgress ?? false,
    limitReasons: (state?.limitReasons ?? []).filter(
      (reason): reason is (typeof LIMIT_REASONS)[number] =>
        (LIMIT_REASONS as readonly string[]).includes(reason),
    ),
    limitDocumentsUploaded: state?.limitDocumentsUploaded ?? false,
    duplicateDocuments:
      DUPLICATE_CHECK_LEVELS.has(customer.dueDiligenceLevel) && state?.duplicateDocuments
        ? { uploaded: state.duplicateDocuments === 'uploaded' }
        : null,
    documents: documents.map((document) => ({
      id: document.id,
      statusId: document.statusId,
      documentTypeId: document.documentTypeId,
      categoryId: document.categoryId,
      expiresDate: document.expiresDate,
    })),
    address: address
      ? {
          addressStatus: oneOf(ADDRESS_STATES, address.addressStatus) ?? 'unconfirmed',
          isDocumentOutOfDate: address.isDocumentOutOfDate,
          isCardDocumentRequired: address.isCardDocumentRequired,
          proofOfResidenceStatus:
            oneOf(PROOF_OF_RESIDENCE_STATUSES, address.proofOfResidenceStatus) ?? 'none',
        }
      : null,
    identity: identity
      ? {
          status: oneOf(IDENTITY_STATUSES, identity.status) ?? 'none',
          expiresDate: identity.expiresDate,
        }
      : null,
    phones: phones.map((phone) => ({ id: phone.id, confirmed: phone.confirmed })),
    taxForms: { status: oneOf(TAX_FORM_STATUSES, state?.taxFormStatus) ?? 'none' },
    videoIdentity: {
      status: oneOf(VIDEO_IDENTITY_STATUSES, state?.videoIdentityStatus) ?? 'none',
    },
  };
}
