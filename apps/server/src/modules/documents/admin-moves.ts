import { eq } from 'drizzle-orm';
import { DOCUMENT_STATUS } from '@ledgerline/domain';
import type { Tx } from '../../db/client';
import { customerDocumentDetails, customerDocuments } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { today } from './repository';
import { refreshAddressProof, refreshLimitDocuments } from './state';

/** The document locked for an administrator's move; a deleted one is gone. */
async function lockDocument(tx: Tx, documentId: number) {
  const [document] = await tx
    .select()
    .from(customerDocuments)
    .where(eq(customerDocuments.id, documentId))
    .for('update');
  if (!document || document.statusId === DOCUMENT_STATUS.deleted)
    throw AppError.notFound('Document not found');
  return document;
}

/** The address a document proves, if any: it belongs to the customer who had the document. */
async function provedAddress(tx: Tx, documentId: number): Promise<number | null> {
  const [details] = await tx
    .select({ addressId: customerDocumentDetails.addressId })
    .from(customerDocumentDetails)
    .where(eq(customerDocumentDetails.documentId, documentId));
  return details?.addressId ?? null;
}

/**
 * An administrator moves an uploaded document to another customer (spec 2 §6 "admin document
 * assign"), inside the caller's transaction, which holds the checks (same brand) and the audit rows.
 * The document keeps its status; it no longer proves the old customer's address, and both
 * customers' expired-documents limits are looked at again.
 */
export async function assignDocumentToCustomer(
  tx: Tx,
  documentId: number,
  targetCustomerId: number,
): Promise<{ fromCustomerId: number }> {
  const document = await lockDocument(tx, documentId);
  const addressId = await provedAddress(tx, documentId);
  await tx
    .update(customerDocuments)
    .set({ customerId: targetCustomerId })
    .where(eq(customerDocuments.id, documentId));
  if (addressId !== null) {
    await tx
      .update(customerDocumentDetails)
      .set({ addressId: null })
      .where(eq(customerDocumentDetails.documentId, documentId));
    await refreshAddressProof(tx, document.customerId, addressId, today());
  }
  await refreshLimitDocuments(tx, document.customerId);
  await refreshLimitDocuments(tx, targetCustomerId);
  return { fromCustomerId: document.customerId };
}

/**
 * An administrator removes an uploaded document from the customer's file (spec 2 §6 "admin
 * document remove"): status 5 deleted, kept for the record; what it proved is looked at again.
 */
export async function removeDocument(
  tx: Tx,
  documentId: number,
): Promise<{ customerId: number; statusId: number }> {
  const document = await lockDocument(tx, documentId);
  await tx
    .update(customerDocuments)
    .set({ statusId: DOCUMENT_STATUS.deleted })
    .where(eq(customerDocuments.id, documentId));
  const addressId = await provedAddress(tx, documentId);
  if (addressId !== null) await refreshAddressProof(tx, document.customerId, addressId, today());
  await refreshLimitDocuments(tx, document.customerId);
  return { customerId: document.customerId, statusId: DOCUMENT_STATUS.deleted };
}

/** The customer a document belongs to (for the caller's brand check), or null when there is none. */
export async function documentOwner(tx: Tx, documentId: number): Promise<number | null> {
  const [row] = await tx
    .select({ customerId: customerDocuments.customerId, statusId: customerDocuments.statusId })
    .from(customerDocuments)
    .where(eq(customerDocuments.id, documentId));
  return row && row.statusId !== DOCUMENT_STATUS.deleted ? row.customerId : null;
}
