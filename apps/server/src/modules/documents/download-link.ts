import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { DocumentPart } from '@ledgerline/domain';
import { DOCUMENT_PARTS } from '@ledgerline/domain';
import type { Database, DbOrTx } from '../../db/client';
import { pdfDownloads } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { readDocumentFile } from './decisions';

/*
 * The customer's own document file behind a single-use link (the statements' mechanism: the pdf
 * module's /api/pdf/files/:token, served by the module that declares the document kind). A link a
 * browser opens cannot carry a bearer, and the token never goes into a URL.
 */

export const DOCUMENT_FILE_LINK = 'customerDocumentFile';
const LINK_TTL_MS = 5 * 60_000;

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
  const token = randomToken(32);
  await db.insert(pdfDownloads).values({
    tokenHash: sha256(token),
    document: DOCUMENT_FILE_LINK,
    customerId: input.customerId,
    userId: input.userId,
    params: { documentId: input.documentId, part: input.part },
    expiresAt: new Date(Date.now() + LINK_TTL_MS),
  });
  return `${input.origin}/api/pdf/files/${token}`;
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
  const claimed = await db
    .update(pdfDownloads)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(pdfDownloads.tokenHash, link.tokenHash),
        isNull(pdfDownloads.usedAt),
        gt(pdfDownloads.expiresAt, new Date()),
      ),
    )
    .returning({ tokenHash: pdfDownloads.tokenHash });
  if (claimed.length === 0) throw gone();
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
