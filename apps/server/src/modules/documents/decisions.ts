import { and, eq } from 'drizzle-orm';
import { DOCUMENT_STATUS, canCancelDocument, type DocumentPart } from '@ledgerline/domain';
import type { DbOrTx, Tx } from '../../db/client';
import { customerDocumentDetails, customerDocumentFiles, customerDocuments } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { findOwnDocument, today } from './repository';
import { refreshAddressProof, refreshLimitDocuments } from './state';

/** What compliance decides on a document (the review desk calls onDocumentDecision with it). */
export type DocumentDecision =
  | { statusId: typeof DOCUMENT_STATUS.confirmed }
  | { statusId: typeof DOCUMENT_STATUS.pending | typeof DOCUMENT_STATUS.underInvestigation }
  | {
      /** "Request another document": withdrawn for the customer, with the reason they read. */
      statusId: typeof DOCUMENT_STATUS.canceled;
      rejectReason: string | null;
    }
  | {
      statusId: typeof DOCUMENT_STATUS.rejected | typeof DOCUMENT_STATUS.nameMismatch;
      /** A DOCUMENT_REJECT_REASONS code (the customer reads it in their language) or free text. */
      rejectReason: string;
    };

/**
 * Writes compliance's decision on a document inside the caller's transaction (the desk's, which
 * holds its audit row) and moves what follows from it: the proof-of-residence status and state of
 * the address the document proves (a pending address becomes confirmed with a validated proof,
 * and the address it replaces goes), and the expired-documents limit. Answers the customer and
 * address concerned and whether the limit was lifted, so the caller can tell the customer and send
 * its realtime event after commit. The caller checks
 * who may decide (an administrator, not on their own documents).
 */
export async function onDocumentDecision(
  tx: Tx,
  documentId: number,
  decision: DocumentDecision,
): Promise<{ customerId: number; addressId: number | null; limitLifted: boolean }> {
  const [document] = await tx
    .select()
    .from(customerDocuments)
    .where(eq(customerDocuments.id, documentId))
    .for('update');
  if (!document || document.statusId === DOCUMENT_STATUS.deleted)
    throw AppError.notFound('Document not found');
  await tx
    .update(customerDocuments)
    .set({
      statusId: decision.statusId,
      rejectReason:
        'rejectReason' in decision && decision.rejectReason !== null
          ? decision.rejectReason.slice(0, 256)
          : null,
    })
    .where(eq(customerDocuments.id, documentId));
  const [details] = await tx
    .select({ addressId: customerDocumentDetails.addressId })
    .from(customerDocumentDetails)
    .where(eq(customerDocumentDetails.documentId, documentId));
  const addressId = details?.addressId ?? null;
  if (addressId !== null) await refreshAddressProof(tx, document.customerId, addressId, today());
  const limitLifted = await refreshLimitDocuments(tx, document.customerId);
  return { customerId: document.customerId, addressId, limitLifted };
}

/** The customer withdraws a document nobody has decided on yet (0 or 41 → 4 canceled). */
export async function cancelDocument(tx: Tx, actor: Actor, documentId: number): Promise<void> {
  const document = await findOwnDocument(tx, actor.customerId, documentId, { lock: true });
  if (!canCancelDocument(document.statusId))
    throw AppError.invalid(
      { documentId: 'validation.documentNotCancelable' },
      'Only a document waiting for review can be withdrawn',
    );
  await tx
    .update(customerDocuments)
    .set({ statusId: DOCUMENT_STATUS.canceled })
    .where(eq(customerDocuments.id, document.id));
  const [details] = await tx
    .select({ addressId: customerDocumentDetails.addressId })
    .from(customerDocumentDetails)
    .where(eq(customerDocumentDetails.documentId, document.id));
  if (details?.addressId)
    await refreshAddressProof(tx, actor.customerId, details.addressId, today());
  await refreshLimitDocuments(tx, actor.customerId);
  await audit(tx, {
    action: 'documents.canceled',
    userId: actor.userId,
    customerId: actor.customerId,
    ip: actor.ip,
    details: { documentId: document.id },
  });
}

/**
 * One file of a document for compliance (the review desk's download): no customer check here,
 * the caller has checked that an administrator asks. Answers null when there is no such file.
 */
export async function readDocumentFile(
  db: DbOrTx,
  documentId: number,
  part: DocumentPart,
): Promise<{ customerId: number; mimeType: string; fileName: string; content: Uint8Array } | null> {
  const [file] = await db
    .select({
      customerId: customerDocuments.customerId,
      statusId: customerDocuments.statusId,
      mimeType: customerDocumentFiles.mimeType,
      fileName: customerDocumentFiles.fileName,
      content: customerDocumentFiles.content,
    })
    .from(customerDocumentFiles)
    .innerJoin(customerDocuments, eq(customerDocuments.id, customerDocumentFiles.documentId))
    .where(
      and(eq(customerDocumentFiles.documentId, documentId), eq(customerDocumentFiles.part, part)),
    );
  if (!file || file.statusId === DOCUMENT_STATUS.deleted) return null;
  return {
    customerId: file.customerId,
    mimeType: file.mimeType,
    fileName: file.fileName,
    content: file.content,
  };
}
