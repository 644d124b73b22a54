import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { UploadedDocument } from '@ledgerline/contract';
import {
  DOCUMENT_STATUS,
  canCancelDocument,
  expiryState,
  type DocumentFileKind,
  type DocumentPart,
  type Language,
} from '@ledgerline/domain';
import type { DbOrTx } from '../../db/client';
import {
  customerDocumentDetails,
  customerDocumentFiles,
  customerDocuments,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { listDocumentCategories } from '../dictionaries';

export type DocumentRow = typeof customerDocuments.$inferSelect;
type DetailsRow = typeof customerDocumentDetails.$inferSelect;

/** Today as YYYY-MM-DD (UTC), the day documents expire by. */
export function today(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The category ids of a document type and its name in a language, from the dictionary. */
export function documentTypeInfo(
  lang: Language,
  documentTypeId: number,
): { name: string | null; categoryIds: number[] } {
  const categories = listDocumentCategories(lang);
  const owning = categories.filter((category) =>
    category.customerDocumentTypes.some((type) => type.id === documentTypeId),
  );
  const name =
    owning[0]?.customerDocumentTypes.find((type) => type.id === documentTypeId)?.name ?? null;
  return { name, categoryIds: owning.map((category) => category.id) };
}

/** The document type ids of a category. */
export function categoryTypeIds(lang: Language, categoryId: number): number[] {
  const category = listDocumentCategories(lang).find((item) => item.id === categoryId);
  return category ? category.customerDocumentTypes.map((type) => type.id) : [];
}

/** One of the customer's documents (not deleted); another customer's id is "not found". */
export async function findOwnDocument(
  db: DbOrTx,
  customerId: number,
  documentId: number,
  options: { lock?: boolean } = {},
): Promise<DocumentRow> {
  const query = db
    .select()
    .from(customerDocuments)
    .where(
      and(
        eq(customerDocuments.id, documentId),
        eq(customerDocuments.customerId, customerId),
        ne(customerDocuments.statusId, DOCUMENT_STATUS.deleted),
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw AppError.notFound('Document not found');
  return row;
}

/** The customer's documents, oldest first, deleted ones left out. */
export async function listDocumentRows(db: DbOrTx, customerId: number): Promise<DocumentRow[]> {
  return db
    .select()
    .from(customerDocuments)
    .where(
      and(
        eq(customerDocuments.customerId, customerId),
        ne(customerDocuments.statusId, DOCUMENT_STATUS.deleted),
      ),
    )
    .orderBy(asc(customerDocuments.id));
}

/** The documents as the wire carries them (with details and file descriptions), newest first. */
export async function toUploadedDocuments(
  db: DbOrTx,
  rows: readonly DocumentRow[],
  lang: Language,
  day: string = today(),
): Promise<UploadedDocument[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [details, files] = await Promise.all([
    db
      .select({ details: customerDocumentDetails, email: users.email })
      .from(customerDocumentDetails)
      .leftJoin(users, eq(users.id, customerDocumentDetails.uploadedByUserId))
      .where(inArray(customerDocumentDetails.documentId, ids)),
    db
      .select({
        documentId: customerDocumentFiles.documentId,
        part: customerDocumentFiles.part,
        mimeType: customerDocumentFiles.mimeType,
        fileName: customerDocumentFiles.fileName,
        sizeBytes: customerDocumentFiles.sizeBytes,
        encrypted: customerDocumentFiles.encrypted,
      })
      .from(customerDocumentFiles)
      .where(inArray(customerDocumentFiles.documentId, ids))
      .orderBy(asc(customerDocumentFiles.id)),
  ]);
  const detailsOf = new Map<number, { details: DetailsRow; email: string | null }>(
    details.map((item) => [item.details.documentId, item]),
  );
  const names = new Map<number, string>();
  for (const category of listDocumentCategories(lang))
    for (const type of category.customerDocumentTypes) names.set(type.id, type.name);
  return [...rows]
    .sort((a, b) => b.id - a.id)
    .map((row) => {
      const extra = detailsOf.get(row.id);
      return {
        id: row.id,
        statusId: row.statusId,
        uploaded: row.createdAt.toISOString(),
        categoryId: row.categoryId,
        documentTypeId: row.documentTypeId,
        documentType: names.get(row.documentTypeId) ?? String(row.documentTypeId),
        isSubDocument: false,
        countryCode: extra?.details.countryCode ?? null,
        issuedDate: row.issuedDate,
        expiresDate: row.expiresDate,
        createdUsername: extra?.email ?? null,
        rejectReason: row.rejectReason,
        addressId: extra?.details.addressId ?? null,
        expiry: expiryState(row.expiresDate, day),
        canCancel: canCancelDocument(row.statusId),
        files: files
          .filter((file) => file.documentId === row.id)
          .map((file) => ({
            part: file.part as DocumentPart,
            kind: kindOf(file.mimeType),
            fileName: file.fileName,
            sizeBytes: file.sizeBytes,
            encrypted: file.encrypted,
          })),
      };
    });
}

function kindOf(mimeType: string): DocumentFileKind {
  switch (mimeType) {
    case 'application/pdf':
      return 'pdf';
    case 'image/png':
      return 'png';
    case 'image/heic':
      return 'heic';
    default:
      return 'jpeg';
  }
}

/** The newest document row of the customer in a category, if any (withdrawn ones left out). */
export async function newestInCategory(
  db: DbOrTx,
  customerId: number,
  categoryId: number,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(customerDocuments)
    .where(
      and(
        eq(customerDocuments.customerId, customerId),
        eq(customerDocuments.categoryId, categoryId),
        inArray(customerDocuments.statusId, [
          DOCUMENT_STATUS.submitted,
          DOCUMENT_STATUS.pending,
          DOCUMENT_STATUS.underInvestigation,
          DOCUMENT_STATUS.confirmed,
          DOCUMENT_STATUS.rejected,
          DOCUMENT_STATUS.expired,
          DOCUMENT_STATUS.nameMismatch,
        ]),
      ),
    )
    .orderBy(desc(customerDocuments.id))
    .limit(1);
  return row;
}
