import type { FastifyReply } from 'fastify';
import type { DocumentPart } from '@ledgerline/domain';
import { DOCUMENT_PARTS } from '@ledgerline/domain';
import type { Database, DbOrTx } from '../../db/client';
import type { pdfDownloads } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { claimDownloadLink, issueDownloadLink } from '../pdf';
import { readDocumentFile } from './decisions';

/*
 * The customer's own document file behind a single-use link (the statements' mechanism: the pdf
 * module's /api/pdf/files/:token, served by the module that declares the document kind). A link a
 * browser opens cannot carry a bearer, and the token never goes into a URL.
 */

export const DOCUMENT_FILE_LINK = 'customerDocumentFile';

export function isDocumentFileLink(document: string): boolean {
  return document === DOCUMENT_FILE_LINK;
}

/** Mints the link for one file of the acting customer's own document; anything else is 404. */
export async function documentFileLink(
  db: DbOrTx,
  input: {
    customerId: number;
    userId: number;
    documentId: number;
    part: DocumentPart;
    origin: string;
  },
): Promise<string> {
  const file = await readDocumentFile(db, input.documentId, input.part);
  if (!file || file.customerId !== input.customerId) throw AppError.notFound('Document not found');
  return issueDownloadLink(db, {
    document: DOCUMENT_FILE_LINK,
    customerId: input.customerId,
    userId: input.userId,
    params: { documentId: input.documentId, part: input.part },
    origin: input.origin,
  });
}

/** Answers the file a link names, once. */
export async function serveDocumentFileLink(
  db: Database,
  link: typeof pdfDownloads.$inferSelect,
  reply: FastifyReply,
  gone: () => AppError,
): Promise<FastifyReply> {
  const part = DOCUMENT_PARTS.find((known) => known === link.params.part);
  const documentId = Number(link.params.documentId);
  if (!part || !Number.isInteger(documentId)) throw gone();
  if (!(await claimDownloadLink(db, link.tokenHash))) throw gone();
  const file = await readDocumentFile(db, documentId, part);
  if (!file || file.customerId !== link.customerId) throw gone();
  const safeName = file.fileName.replace(/[^\w.-]/g, '_');
  return reply
    .header('Content-Type', file.mimeType)
    .header('Content-Disposition', `attachment; filename="${safeName}"`)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(Buffer.from(file.content));
}
