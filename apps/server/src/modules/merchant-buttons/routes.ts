import type { FastifyInstance, FastifyPluginOptions, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { logoUploadDataSchema, merchantButtonRoutes } from '@ledgerline/contract';
import { CUSTOMER_ID_HEADER, fromIsoLanguage } from '@ledgerline/domain';
import { LOGO_MAX_BYTES } from '@ledgerline/domain/merchant-buttons';
import type { Database } from '../../db/client';
import type { Caller } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { assertStorableText } from '../../lib/text-input';
import { route } from '../../lib/route';
import { requireMerchantRights, resolveActor } from '../customers';
import {
  checkLogoFile,
  createLogo,
  readLogoFile,
  readPublicLogoFile,
  type LogoFile,
} from './logos';

/** One logo at its limit plus the data part and the form's framing. */
const UPLOAD_BODY_LIMIT = LOGO_MAX_BYTES + 64 * 1024;
const FILE_FIELD = 'file[]';

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

/** The form's `data` (JSON) and its one file in `file[]` (spec 2 §7); anything else is refused. */
async function readUpload(body: Buffer, contentType: string | undefined) {
  let form: FormData;
  try {
    form = await new Response(new Blob([new Uint8Array(body)]), {
      headers: { 'content-type': contentType ?? '' },
    }).formData();
  } catch {
    throw AppError.invalid({ _: 'validation.multipart' }, 'The upload is not a readable form');
  }
  let data: string | undefined;
  let file: File | undefined;
  for (const [name, value] of form.entries()) {
    if (name === 'data' && typeof value === 'string' && data === undefined) data = value;
    else if (name === FILE_FIELD && typeof value !== 'string' && file === undefined) file = value;
    else if (name === 'data' || name === FILE_FIELD)
      throw AppError.invalid(
        { [name]: 'validation.invalidValue' },
        'Send one data part and one file',
      );
    else
      throw AppError.invalid({ [name.slice(0, 64)]: 'validation.unknownField' }, 'Unknown field');
  }
  if (data === undefined)
    throw AppError.invalid({ data: 'validation.required' }, 'The data part is missing');
  if (file === undefined)
    throw AppError.invalid({ [FILE_FIELD]: 'validation.required' }, 'The file is missing');
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw AppError.invalid({ data: 'validation.invalidValue' }, 'The data part is not JSON');
  }
  // Its texts are stored: NUL and broken Unicode are refused on their field (decision 116).
  assertStorableText(json);
  const parsed = logoUploadDataSchema.safeParse(json);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues)
      fields[String(issue.path[0] ?? 'data')] ??= issue.message;
    throw AppError.invalid(fields, 'The data part is not valid');
  }
  return { data: parsed.data, file };
}

function sendImage(reply: FastifyReply, file: LogoFile, cache: string) {
  return reply
    .header('Content-Type', file.mimeType)
    .header('Content-Disposition', 'inline')
    .header('Cache-Control', cache)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .send(Buffer.from(file.content));
}

/**
 * POST /api/merchant/logos (multipart: data and file[]), GET /api/merchant/logos/:logoId/file (the
 * image, to the company's full-access users) and GET /api/public/logos/:publicId (the image by its
 * unguessable id, for the pay page).
 */
export async function merchantButtonRestRoutes(
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
    merchantButtonRoutes.createLogo,
    async (request, _reply, caller) => {
      const actor = await actorOf(db, request, caller);
      await requireMerchantRights(db, actor, 'manage');
      if (!Buffer.isBuffer(request.body))
        throw AppError.invalid(
          { _: 'validation.multipart' },
          'Send the logo as multipart/form-data',
        );
      const upload = await readUpload(request.body, request.headers['content-type']);
      const checked = await checkLogoFile(upload.file);
      const logo = await createLogo(db, actor, upload.data, checked);
      return { responseCode: '00' as const, responseDescription: 'Success', logo };
    },
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );

  route(app, merchantButtonRoutes.logoFile, async (request, reply, caller) => {
    const actor = await actorOf(db, request, caller);
    await requireMerchantRights(db, actor, 'read');
    const file = await readLogoFile(db, request.params.logoId);
    if (!file || file.customerId !== actor.customerId) throw AppError.notFound('Logo not found');
    return sendImage(reply, file, 'private, no-store');
  });

  route(app, merchantButtonRoutes.publicLogoFile, async (request, reply) => {
    const file = await readPublicLogoFile(db, request.params.publicId);
    if (!file) throw AppError.notFound('Logo not found');
    // A deleted or replaced logo must stop showing soon: a short public cache.
    return sendImage(reply, file, 'public, max-age=300');
  });
}
