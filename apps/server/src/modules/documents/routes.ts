import type { FastifyInstance, FastifyPluginOptions, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { documentRoutes } from '@ledgerline/contract';
import { CUSTOMER_ID_HEADER, DOCUMENT_MAX_BYTES, fromIsoLanguage } from '@ledgerline/domain';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { Caller } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import { resolveActor } from '../customers';
import { readDocumentFile } from './decisions';
import { parseMultipart } from './files';
import { uploadDocument } from './upload';

/** Three files at their limit plus the data part. */
const UPLOAD_BODY_LIMIT = 3 * DOCUMENT_MAX_BYTES + 64 * 1024;

function actingCustomerFromHeader(request: FastifyRequest): number | undefined {
  const raw = request.headers[CUSTOMER_ID_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  const parsed = z.coerce
    .number()
    .int()
    .min(1)
    .max(2_147_483_647)
    .safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw AppError.invalid({ [CUSTOMER_ID_HEADER]: 'Must be a customer id' });
  return parsed.data;
}

function actorOf(db: Database, request: FastifyRequest, caller: Caller) {
  return resolveActor(db, caller, {
    fromCustomerId: actingCustomerFromHeader(request),
    lang: fromIsoLanguage(request.headers['accept-language']),
    ip: request.ip,
    brandId: undefined,
    operation: `${request.method} ${request.routeOptions.url ?? ''}`,
  });
}

/**
 * POST /api/documents (multipart upload) and GET /api/documents/:documentId/files/:part (the
 * file, to the customer it belongs to or an administrator; anyone else gets 404).
 */
export async function documentFileRoutes(
  app: FastifyInstance,
  options: FastifyPluginOptions & { db: Database },
): Promise<void> {
  const { db } = options;
  // Only inside this plugin: the rest of the server keeps refusing multipart bodies.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  route(
    app,
    documentRoutes.upload,
    async (request, _reply, caller) => {
      if (!Buffer.isBuffer(request.body))
        throw AppError.invalid(
          { _: 'validation.multipart' },
          'Send the document as multipart/form-data',
        );
      const actor = await actorOf(db, request, caller);
      const upload = await parseMultipart(request.body, request.headers['content-type']);
      const document = await uploadDocument(db, actor, upload);
      return { responseCode: '00' as const, responseDescription: 'Success', document };
    },
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );

  route(app, documentRoutes.file, async (request, reply, caller) => {
    const actor = await actorOf(db, request, caller);
    const file = await readDocumentFile(db, request.params.documentId, request.params.part);
    let allowed = file !== null && file.customerId === actor.customerId;
    if (file !== null && !allowed) {
      const [user] = await db
        .select({ isAdmin: users.isAdmin })
        .from(users)
        .where(eq(users.id, caller.userId));
      allowed = user?.isAdmin === true;
    }
    if (!file || !allowed) throw AppError.notFound('Document not found');
    const safeName = file.fileName.replace(/[^\w.-]/g, '_');
    return reply
      .header('Content-Type', file.mimeType)
      .header('Content-Disposition', `attachment; filename="${safeName}"`)
      .header('Cache-Control', 'no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(Buffer.from(file.content));
  });
}
