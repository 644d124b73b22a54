import { and, eq } from 'drizzle-orm';
import {
  ACCESS_LEVELS,
  DOCUMENT_STATUS,
  PROOF_OF_ADDRESS_CATEGORY,
  needsReupload,
  uploadRuleViolations,
  type DocumentPart,
} from '@ledgerline/domain';
import { documentUploadDataSchema, type UploadedDocument } from '@ledgerline/contract';
import type { Database } from '../../db/client';
import {
  customerAddresses,
  customerDocumentDetails,
  customerDocumentFiles,
  customerDocuments,
} from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, issuesToValidationErrors } from '../../lib/errors';
import { assertStorableText } from '../../lib/text-input';
import { audit } from '../audit';
import { checkFile, type CheckedFile, type ParsedUpload } from './files';
import { categoryTypeIds, findOwnDocument, toUploadedDocuments, today } from './repository';
import { refreshAddressProof, refreshLimitDocuments } from './state';

/**
 * Uploads one document (spec 2 §3 "Document upload", §5): authorise (full access, or the
 * "uploading" right of a documents-only representative), read and check the data part and every
 * file by content, check the rules of the type and country, then one transaction that writes the
 * document (status 0 submitted), its details and files, moves the proof of address and the limit
 * along, and its audit row. A refusal stores nothing.
 */
export async function uploadDocument(
  db: Database,
  actor: Actor,
  upload: ParsedUpload,
): Promise<UploadedDocument> {
  if (
    actor.accessLevel !== ACCESS_LEVELS.fullAccess &&
    actor.accessLevel !== ACCESS_LEVELS.uploading
  )
    throw AppError.noAccess('You may not upload documents for this customer');

  let raw: unknown;
  try {
    raw = JSON.parse(upload.data ?? '');
  } catch {
    throw AppError.invalid({ data: 'validation.required' }, 'The data part must be JSON');
  }
  // Its texts are stored: NUL and broken Unicode are refused on their field (decision 116).
  assertStorableText(raw);
  const parsed = documentUploadDataSchema.safeParse(raw);
  if (!parsed.success) throw AppError.invalid(issuesToValidationErrors(parsed.error.issues));
  const data = parsed.data;
  const day = today();

  const main = upload.files.mainDocument;
  if (!main) throw AppError.invalid({ mainDocument: 'validation.required' }, 'Choose a file');
  const passwords: Record<DocumentPart, string | undefined> = {
    mainDocument: data.documentPassword,
    relationshipDocument: data.relationshipDocumentPassword,
    additionalDocument: data.additionalDocumentPassword,
  };
  const files: CheckedFile[] = [];
  for (const [part, file] of Object.entries(upload.files) as [DocumentPart, File][])
    files.push(await checkFile(part, file, passwords[part]));

  const violations = uploadRuleViolations({
    documentTypeId: data.documentTypeId,
    categoryTypeIds: categoryTypeIds(actor.lang, data.categoryId),
    countryCode: data.countryCode,
    hasAdditionalDocument: upload.files.additionalDocument !== undefined,
    hasRelationshipDocument: upload.files.relationshipDocument !== undefined,
    relationshipDocumentTypeId: data.relationshipDocumentType,
    issuedDate: data.issuedDate,
    expiresDate: data.expiresDate,
    today: day,
  });
  if (violations.length > 0)
    throw AppError.invalid(
      Object.fromEntries(violations.map((item) => [item.field, `validation.${item.reason}`])),
      'The document does not meet the upload rules',
    );
  if (data.addressId !== undefined && data.categoryId !== PROOF_OF_ADDRESS_CATEGORY)
    throw AppError.invalid(
      { addressId: 'validation.addressOnlyForProofOfAddress' },
      'Only a proof of address names an address',
    );

  const documentId = await db.transaction(async (tx) => {
    if (data.replacesDocumentId !== undefined) {
      // Only a document that asks to be uploaded again can be replaced, and only the customer's own.
      const old = await findOwnDocument(tx, actor.customerId, data.replacesDocumentId);
      if (!needsReupload(old.statusId) || old.categoryId !== data.categoryId)
        throw AppError.invalid(
          { replacesDocumentId: 'validation.documentNotReplaceable' },
          'This document does not need a new upload',
        );
    }
    let addressId: number | null = null;
    if (data.addressId !== undefined) {
      const [address] = await tx
        .select({ id: customerAddresses.id })
        .from(customerAddresses)
        .where(
          and(
            eq(customerAddresses.id, data.addressId),
            eq(customerAddresses.customerId, actor.customerId),
          ),
        );
      if (!address) throw AppError.notFound('Address not found');
      addressId = address.id;
    }
    const [document] = await tx
      .insert(customerDocuments)
      .values({
        customerId: actor.customerId,
        documentTypeId: data.documentTypeId,
        categoryId: data.categoryId,
        statusId: DOCUMENT_STATUS.submitted,
        issuedDate: data.issuedDate ?? null,
        expiresDate: data.expiresDate ?? null,
      })
      .returning({ id: customerDocuments.id });
    if (!document) throw new Error('customer_documents insert returned nothing');
    await tx.insert(customerDocumentDetails).values({
      documentId: document.id,
      countryCode: data.countryCode,
      addressId,
      uploadedByUserId: actor.userId,
      relationshipDocumentTypeId: data.relationshipDocumentType ?? null,
      isDueDiligence: data.isDueDiligence ?? false,
    });
    for (const file of files) {
      await tx.insert(customerDocumentFiles).values({
        documentId: document.id,
        part: file.part,
        mimeType: file.mimeType,
        fileName: file.fileName,
        sizeBytes: file.bytes.byteLength,
        sha256: file.sha256,
        encrypted: file.encrypted,
        password: file.password,
        content: file.bytes,
      });
    }
    if (addressId !== null) await refreshAddressProof(tx, actor.customerId, addressId, day);
    await refreshLimitDocuments(tx, actor.customerId);
    await audit(tx, {
      action: 'documents.uploaded',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: {
        documentId: document.id,
        categoryId: data.categoryId,
        documentTypeId: data.documentTypeId,
        countryCode: data.countryCode,
        addressId,
        replacesDocumentId: data.replacesDocumentId ?? null,
        files: files.map((file) => ({ part: file.part, kind: file.kind, sha256: file.sha256 })),
      },
    });
    return document.id;
  });
  const row = await findOwnDocument(db, actor.customerId, documentId);
  const [answer] = await toUploadedDocuments(db, [row], actor.lang, day);
  if (!answer) throw new Error('the uploaded document vanished');
  return answer;
}
