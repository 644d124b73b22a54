import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  DOCUMENT_STATUS,
  PROOF_OF_ADDRESS_CATEGORY,
  proofOfResidenceStatus,
} from '@ledgerline/domain';
import type { Tx } from '../../db/client';
import {
  customerAddresses,
  customerDocumentDetails,
  customerDocuments,
  customerVerification,
  customers,
} from '../../db/schema';

/*
 * What a document's status means for the rest of the customer's state, recomputed inside the
 * transaction that changed the document: the proof-of-residence status of the address it proves,
 * and the limit's "limit documents uploaded" (spec 2 §4 "Limited gives processing if all limit
 * documents are uploaded").
 */

const WAITING_OR_CONFIRMED: ReadonlySet<number> = new Set([
  DOCUMENT_STATUS.submitted,
  DOCUMENT_STATUS.pending,
  DOCUMENT_STATUS.underInvestigation,
  DOCUMENT_STATUS.confirmed,
]);

/** The proof-of-address documents linked to an address, oldest first. */
async function proofsOf(tx: Tx, addressId: number) {
  return tx
    .select({
      id: customerDocuments.id,
      statusId: customerDocuments.statusId,
      expiresDate: customerDocuments.expiresDate,
    })
    .from(customerDocuments)
    .innerJoin(
      customerDocumentDetails,
      eq(customerDocumentDetails.documentId, customerDocuments.id),
    )
    .where(
      and(
        eq(customerDocumentDetails.addressId, addressId),
        eq(customerDocuments.categoryId, PROOF_OF_ADDRESS_CATEGORY),
      ),
    )
    .orderBy(asc(customerDocuments.id));
}

/**
 * Recomputes an address's proof-of-residence status from its documents and moves the address
 * along (spec 2 §4 "Address states"): a pending address (confirmed by the customer, waiting for
 * its document) becomes confirmed when its proof is validated, and the address it replaces goes;
 * a name mismatch marks the address so; a new upload after a rejection or mismatch makes it
 * pending again. An unconfirmed address stays so: the customer's own confirmation then finds the
 * document settled (profile/addresses.ts) and confirms it at once.
 */
export async function refreshAddressProof(
  tx: Tx,
  customerId: number,
  addressId: number,
  day: string,
): Promise<void> {
  const [address] = await tx
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, addressId), eq(customerAddresses.customerId, customerId)))
    .for('update');
  if (!address) return;
  const documents = await proofsOf(tx, addressId);
  const status = proofOfResidenceStatus(documents, day, address.requiresDocument);
  const newest = documents
    .filter(
      (doc) =>
        doc.statusId !== DOCUMENT_STATUS.canceled && doc.statusId !== DOCUMENT_STATUS.deleted,
    )
    .at(-1);
  let addressStatus = address.addressStatus;
  if (newest?.statusId === DOCUMENT_STATUS.nameMismatch) addressStatus = 'nameMismatch';
  else if (
    (addressStatus === 'nameMismatch' || addressStatus === 'rejected') &&
    newest !== undefined &&
    WAITING_OR_CONFIRMED.has(newest.statusId)
  )
    addressStatus = 'pending';
  const confirmNow = addressStatus === 'pending' && status === 'validated';
  await tx
    .update(customerAddresses)
    .set({
      proofOfResidenceStatus: status,
      isDocumentOutOfDate: status === 'none' && documents.length > 0,
      ...(confirmNow ? { addressStatus: 'confirmed', replacesAddressId: null } : { addressStatus }),
    })
    .where(eq(customerAddresses.id, address.id));
  if (confirmNow && address.replacesAddressId !== null) {
    await tx
      .delete(customerAddresses)
      .where(
        and(
          eq(customerAddresses.id, address.replacesAddressId),
          eq(customerAddresses.customerId, customerId),
        ),
      );
  }
}

/**
 * Recomputes the limit's document part for a customer limited for expired documents: every
 * expired document has a newer one of its category waiting or confirmed → "uploaded" (the banner
 * shows processing); every one has a newer confirmed one → the expired-documents reason goes (and
 * the limit with it when no other reason is left). Answers whether the limit was lifted now. The
 * one writer of the expired-documents limit's lifting: the desk's recompute calls it too.
 */
export async function refreshLimitDocuments(tx: Tx, customerId: number): Promise<boolean> {
  const [customer] = await tx
    .select({ limited: customers.limited })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  const [state] = await tx
    .select()
    .from(customerVerification)
    .where(eq(customerVerification.customerId, customerId))
    .for('update');
  if (!customer?.limited || !state?.limitReasons.includes('expiredDocuments')) return false;
  const documents = await tx
    .select({
      id: customerDocuments.id,
      categoryId: customerDocuments.categoryId,
      statusId: customerDocuments.statusId,
    })
    .from(customerDocuments)
    .where(
      and(
        eq(customerDocuments.customerId, customerId),
        inArray(customerDocuments.statusId, [DOCUMENT_STATUS.expired, ...WAITING_OR_CONFIRMED]),
      ),
    )
    .orderBy(asc(customerDocuments.id));
  const expired = documents.filter((doc) => doc.statusId === DOCUMENT_STATUS.expired);
  const renewedBy = (doc: { id: number; categoryId: number }, confirmedOnly: boolean) =>
    documents.some(
      (other) =>
        other.id > doc.id &&
        other.categoryId === doc.categoryId &&
        (confirmedOnly
          ? other.statusId === DOCUMENT_STATUS.confirmed
          : other.statusId !== DOCUMENT_STATUS.expired),
    );
  const uploaded = expired.every((doc) => renewedBy(doc, false));
  const cleared = expired.every((doc) => renewedBy(doc, true));
  if (cleared) {
    const reasons = state.limitReasons.filter((reason) => reason !== 'expiredDocuments');
    await tx
      .update(customerVerification)
      .set({ limitReasons: reasons, limitDocumentsUploaded: false, updatedAt: new Date() })
      .where(eq(customerVerification.customerId, customerId));
    if (reasons.length === 0)
      await tx.update(customers).set({ limited: false }).where(eq(customers.id, customerId));
    return reasons.length === 0;
  }
  if (uploaded !== state.limitDocumentsUploaded)
    await tx
      .update(customerVerification)
      .set({ limitDocumentsUploaded: uploaded, updatedAt: new Date() })
      .where(eq(customerVerification.customerId, customerId));
  return false;
}
