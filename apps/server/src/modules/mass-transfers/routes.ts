import type { FastifyInstance, FastifyPluginOptions, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { massTransferRoutes, massUploadDataSchema } from '@ledgerline/contract';
import { CUSTOMER_ID_HEADER, fromIsoLanguage } from '@ledgerline/domain';
import { MASS_MAX_BYTES } from '@ledgerline/domain/mass-transfers';
import type { Database } from '../../db/client';
import type { Caller } from '../../lib/actor';
import { AppError, issuesToValidationErrors } from '../../lib/errors';
import { assertStorableText } from '../../lib/text-input';
import { route } from '../../lib/route';
import type { Services } from '../../services';
import { resolveActor } from '../customers';
import { sampleCsv, sampleXlsx } from './samples';
import { uploadBatch } from './service';

/** The file at its limit, or pasted text at its limit inside the JSON data part, plus the form's own bytes. */
const UPLOAD_BODY_LIMIT = 2 * MASS_MAX_BYTES + 64 * 1024;
const FIELDS = new Set(['data', 'attachedFile']);

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

/** The form's `data` (JSON) and `attachedFile`; anything else refuses the upload. */
async function readForm(body: Buffer, contentType: string | undefined) {
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
    if (!FIELDS.has(name) || (name === 'data' ? data !== undefined : file !== undefined))
      throw AppError.invalid({ [name.slice(0, 64)]: 'validation.unknownField' }, 'Unknown field');
    if (name === 'data') {
      if (typeof value !== 'string')
        throw AppError.invalid({ data: 'validation.invalidValue' }, 'The data part is malformed');
      data = value;
    } else {
      if (typeof value === 'string')
        throw AppError.invalid(
          { attachedFile: 'validation.invalidValue' },
          'Send the file as a file',
        );
      file = value;
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(data ?? '');
  } catch {
    throw AppError.invalid({ data: 'validation.invalidValue' }, 'The data part is not JSON');
  }
  // Its texts are stored: NUL and broken Unicode are refused on their field (decision 116).
  assertStorableText(json);
  const parsed = massUploadDataSchema.safeParse(json);
  if (!parsed.success) throw AppError.invalid(issuesToValidationErrors(parsed.error.issues));
  return { data: parsed.data, file };
}

/** POST /api/mass-transfers/batches (multipart upload) and GET the public sample files. */
export async function massTransferFileRoutes(
  app: FastifyInstance,
  options: FastifyPluginOptions & { db: Database; services: Services },
): Promise<void> {
  const { db, services } = options;
  // Only inside this plugin: the rest of the server keeps refusing multipart bodies.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  route(
    app,
    massTransferRoutes.upload,
    async (request, _reply, caller: Caller) => {
      if (!Buffer.isBuffer(request.body))
        throw AppError.invalid(
          { _: 'validation.multipart' },
          'Send the batch as multipart/form-data',
        );
      const actor = await resolveActor(db, caller, {
        fromCustomerId: actingCustomerFromHeader(request),
        lang: fromIsoLanguage(request.headers['accept-language']),
        ip: request.ip,
        brandId: undefined,
        operation: `${request.method} ${request.routeOptions.url ?? ''}`,
      });
      const { data, file } = await readForm(request.body, request.headers['content-type']);
      // Spec 2 §5: a mass transfer needs a file or text (one of them).
      if ((file === undefined) === (data.text === undefined))
        throw AppError.invalid(
          { attachedFile: 'validation.massFileOrText' },
          'Give a file or paste the rows',
        );
      const source = file
        ? {
            fileName:
              (file.name.split(/[\\/]/).pop() ?? '').replace(/[^\w .-]/g, '').slice(0, 128) ||
              'batch',
            source: { bytes: new Uint8Array(await file.arrayBuffer()) },
          }
        : { fileName: 'pasted.csv', source: { text: data.text ?? '' } };
      return uploadBatch(db, actor, data, source, (value) => services.cardVault.fingerprint(value));
    },
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );

  route(app, massTransferRoutes.sample, async (request, reply) => {
    const { type, format } = request.params;
    const body = format === 'csv' ? sampleCsv(type) : await sampleXlsx(type);
    return reply
      .header(
        'Content-Type',
        format === 'csv'
          ? 'text/csv; charset=utf-8'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      )
      .header('Content-Disposition', `attachment; filename="mass-${type}-sample.${format}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .send(body);
  });
}
