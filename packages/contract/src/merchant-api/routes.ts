import { z } from 'zod';
import { parseIp } from '@ledgerline/domain/ip-address';
import { API_KEY_SCOPES, MERCHANT_NAME_MAX, ipRangeProblem } from '@ledgerline/domain/merchant-api';
import { moneySchema } from '../accounts/methods';
import { calendarDaySchema } from '../dates';
import { defineRoute } from '../define';
import { errorEnvelopeSchema, idSchema, responseHeadSchema } from '../envelope';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * The merchant's public API (issue 18; spec 2 §7 "Plain REST", §3 "API key", "Allowed IP",
 * "API request log filter"). Two halves:
 * - /api/public-api/apikey, /allowedip and /apirequest: a signed-in full-access user of a
 *   business manages the company's keys and allowed IP ranges and reads the key's request log.
 *   Each names the company as customerId (the acting customer; spec 2 §6 fromCustomerId).
 * - /api/public/v1/…: what the merchant's own server calls with `Authorization: Bearer <key>`.
 */

/** An id in a path or a query string: digits only (no 1e3, no +1, no 0x10), within the id range. */
export const textIdSchema = lazySchema(() =>
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'validation.invalidValue')
    .transform(Number)
    .pipe(idSchema),
);

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** A key's or a range's name: trimmed, 1–64 characters, no control characters. */
export const merchantNameSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(MERCHANT_NAME_MAX, 'validation.tooLong')
    .refine((name) => !CONTROL_CHARACTERS.test(name), 'validation.invalidValue'),
);

const ipSchema = lazySchema(() =>
  z
    .string()
    .max(45, 'validation.tooLong')
    .refine((text) => parseIp(text) !== null, 'validation.invalidValue'),
);

const scopesSchema = lazySchema(() =>
  z
    .array(z.enum(API_KEY_SCOPES, 'validation.chooseOne'))
    .min(1, 'validation.required')
    .max(API_KEY_SCOPES.length, 'validation.tooMany')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'validation.invalidValue'),
);

const timestampSchema = lazySchema(() => z.string());

export const apiKeySchema = lazySchema(() =>
  z.object({
    id: idSchema,
    customerId: idSchema,
    name: z.string(),
    enabled: z.boolean(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    /** The secret's last four characters, to tell keys apart; the secret itself is never shown again. */
    hint: z.string(),
    /** The last day the key works (UTC), or null for a key that does not expire. */
    expiresOn: z.string().nullable(),
    lastUsedAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
  }),
);
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyCreateRequestSchema = lazySchema(() =>
  z.strictObject({
    customerId: idSchema,
    name: merchantNameSchema,
    enabled: z.boolean().default(true),
    scopes: scopesSchema,
    expiresOn: calendarDaySchema.optional(),
  }),
);
export type ApiKeyCreateRequest = z.input<typeof apiKeyCreateRequestSchema>;

export const apiKeyCreateResponseSchema = lazySchema(() =>
  responseHeadSchema.extend({
    apiKey: apiKeySchema,
    /** The whole key (llk_live_…): shown in this answer only, stored only as its hash. */
    secret: z.string(),
  }),
);

export const apiKeyUpdateRequestSchema = lazySchema(() =>
  z
    .strictObject({
      customerId: idSchema,
      name: merchantNameSchema.optional(),
      enabled: z.boolean().optional(),
    })
    .refine((body) => body.name !== undefined || body.enabled !== undefined, {
      message: 'validation.required',
      path: ['name'],
    }),
);

export const allowedIpSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    customerId: idSchema,
    name: z.string(),
    enabled: z.boolean(),
    ipFrom: z.string(),
    ipTo: z.string(),
    createdAt: timestampSchema,
  }),
);
export type AllowedIp = z.infer<typeof allowedIpSchema>;

/** The range's ends name addresses of one family, from ≤ to (the problem lands on ipTo). */
function refineRange(
  body: { ipFrom?: string | undefined; ipTo?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (body.ipFrom === undefined && body.ipTo === undefined) return;
  if (body.ipFrom === undefined || body.ipTo === undefined) {
    ctx.addIssue({
      code: 'custom',
      message: 'validation.required',
      path: [body.ipFrom === undefined ? 'ipFrom' : 'ipTo'],
    });
    return;
  }
  const problem = ipRangeProblem(body.ipFrom, body.ipTo);
  if (problem === 'family' || problem === 'order')
    ctx.addIssue({ code: 'custom', message: 'validation.invalidValue', path: ['ipTo'] });
}

export const allowedIpCreateRequestSchema = lazySchema(() =>
  z
    .strictObject({
      customerId: idSchema,
      name: merchantNameSchema,
      enabled: z.boolean().default(true),
      ipFrom: ipSchema,
      ipTo: ipSchema,
    })
    .superRefine(refineRange),
);
export type AllowedIpCreateRequest = z.input<typeof allowedIpCreateRequestSchema>;

export const allowedIpUpdateRequestSchema = lazySchema(() =>
  z
    .strictObject({
      customerId: idSchema,
      name: merchantNameSchema.optional(),
      enabled: z.boolean().optional(),
      ipFrom: ipSchema.optional(),
      ipTo: ipSchema.optional(),
    })
    .superRefine(refineRange)
    .refine(
      (body) => body.name !== undefined || body.enabled !== undefined || body.ipFrom !== undefined,
      { message: 'validation.required', path: ['name'] },
    ),
);

const customerQuerySchema = lazySchema(() => z.strictObject({ customerId: textIdSchema }));
const idParamsSchema = lazySchema(() => z.strictObject({ id: textIdSchema }));

export const apiRequestSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    apiKeyId: idSchema,
    method: z.string(),
    /** The path called, without its query string. */
    path: z.string(),
    status: z.number().int(),
    ip: z.string(),
    durationMs: z.number().int(),
    at: timestampSchema,
  }),
);
export type ApiRequest = z.infer<typeof apiRequestSchema>;

/** The request log's page size (spec 2 §9 gives none for it; the webhook log's is 20). */
export const API_REQUEST_PAGE_SIZE = 50;

/** An opaque page cursor: what the previous page answered as nextCursor. */
const cursorSchema = lazySchema(() => z.string().max(128, 'validation.tooLong'));

export const apiRequestQuerySchema = lazySchema(() =>
  z
    .strictObject({
      customerId: textIdSchema,
      /** Spec 2 §5: the log is fetched only when a key is chosen. */
      apiKeyId: textIdSchema,
      fromDate: calendarDaySchema.optional(),
      toDate: calendarDaySchema.optional(),
      cursor: cursorSchema.optional(),
    })
    .refine((query) => !query.fromDate || !query.toDate || query.fromDate <= query.toDate, {
      message: 'validation.dateRangeOrder',
      path: ['toDate'],
    }),
);

const headSchema = responseHeadSchema;

/** What a merchant's full-access user calls (a session, acting for the company named customerId). */
export const merchantApiRoutes = {
  apiKeys: {
    create: defineRoute({
      method: 'POST',
      path: '/api/public-api/apikey',
      auth: 'session',
      body: apiKeyCreateRequestSchema,
      response: apiKeyCreateResponseSchema,
      error: errorEnvelopeSchema,
    }),
    list: defineRoute({
      method: 'GET',
      path: '/api/public-api/apikey',
      auth: 'session',
      query: customerQuerySchema,
      response: lazySchema(() => headSchema.extend({ apiKeys: z.array(apiKeySchema) })),
      error: errorEnvelopeSchema,
    }),
    /** Rename, enable or disable (spec 2 §7 PUT public-api/apikey/{id}). */
    update: defineRoute({
      method: 'PUT',
      path: '/api/public-api/apikey/:id',
      auth: 'session',
      params: idParamsSchema,
      body: apiKeyUpdateRequestSchema,
      response: lazySchema(() => headSchema.extend({ apiKey: apiKeySchema })),
      error: errorEnvelopeSchema,
    }),
    delete: defineRoute({
      method: 'DELETE',
      path: '/api/public-api/apikey/:id',
      auth: 'session',
      params: idParamsSchema,
      query: customerQuerySchema,
      response: lazySchema(() => headSchema.extend({ id: idSchema })),
      error: errorEnvelopeSchema,
    }),
  },
  allowedIps: {
    create: defineRoute({
      method: 'POST',
      path: '/api/public-api/allowedip',
      auth: 'session',
      body: allowedIpCreateRequestSchema,
      response: lazySchema(() => headSchema.extend({ allowedIp: allowedIpSchema })),
      error: errorEnvelopeSchema,
    }),
    list: defineRoute({
      method: 'GET',
      path: '/api/public-api/allowedip',
      auth: 'session',
      query: customerQuerySchema,
      response: lazySchema(() => headSchema.extend({ allowedIps: z.array(allowedIpSchema) })),
      error: errorEnvelopeSchema,
    }),
    update: defineRoute({
      method: 'PUT',
      path: '/api/public-api/allowedip/:id',
      auth: 'session',
      params: idParamsSchema,
      body: allowedIpUpdateRequestSchema,
      response: lazySchema(() => headSchema.extend({ allowedIp: allowedIpSchema })),
      error: errorEnvelopeSchema,
    }),
    delete: defineRoute({
      method: 'DELETE',
      path: '/api/public-api/allowedip/:id',
      auth: 'session',
      params: idParamsSchema,
      query: customerQuerySchema,
      response: lazySchema(() => headSchema.extend({ id: idSchema })),
      error: errorEnvelopeSchema,
    }),
  },
  /** GET public-api/apirequest?customerId&apiKeyId&fromDate&toDate, newest first, paged by cursor. */
  apiRequests: defineRoute({
    method: 'GET',
    path: '/api/public-api/apirequest',
    auth: 'session',
    query: apiRequestQuerySchema,
    response: lazySchema(() =>
      headSchema.extend({
        apiRequests: z.array(apiRequestSchema),
        nextCursor: z.string().nullable(),
      }),
    ),
    error: errorEnvelopeSchema,
  }),
};

/* ----- The public API v1: called by the merchant's server with its key ----- */

export const PUBLIC_API_PREFIX = '/api/public/v1';

export const publicBalanceSchema = lazySchema(() =>
  z.object({
    accountId: idSchema,
    currency: z.string(),
    name: z.string().nullable(),
    /** What may be spent now: the balance less what pending payments hold. */
    available: moneySchema,
    /** The settled balance. */
    current: moneySchema,
  }),
);

export const PUBLIC_PAYMENT_STATUSES = ['pending', 'settled', 'rejected', 'reversed'] as const;

export const publicPaymentSchema = lazySchema(() =>
  z.object({
    /** The ledger transfer's id. */
    id: z.uuid(),
    accountId: idSchema,
    direction: z.enum(['received', 'sent']),
    /** What reached or left the account, without sign. */
    amount: moneySchema,
    currency: z.string(),
    status: z.enum(PUBLIC_PAYMENT_STATUSES),
    kind: z.string(),
    description: z.string().nullable(),
    createdAt: timestampSchema,
    settledAt: timestampSchema.nullable(),
  }),
);
export type PublicPayment = z.infer<typeof publicPaymentSchema>;

export const PUBLIC_PAYMENTS_PAGE_MAX = 100;

export const publicPaymentsQuerySchema = lazySchema(() =>
  z.strictObject({
    limit: z
      .string()
      .regex(/^[1-9]\d{0,2}$/, 'validation.invalidValue')
      .transform(Number)
      .pipe(z.number().int().min(1).max(PUBLIC_PAYMENTS_PAGE_MAX))
      .optional(),
    cursor: cursorSchema.optional(),
  }),
);

/** The merchant's server's calls (`Authorization: Bearer llk_live_…`; OpenAPI at openapi.json). */
export const publicApiRoutes = {
  balances: defineRoute({
    method: 'GET',
    path: `${PUBLIC_API_PREFIX}/balances`,
    auth: 'own',
    response: lazySchema(() => headSchema.extend({ balances: z.array(publicBalanceSchema) })),
    error: errorEnvelopeSchema,
  }),
  /** Received and sent payments of the company's accounts, newest first. */
  payments: defineRoute({
    method: 'GET',
    path: `${PUBLIC_API_PREFIX}/payments`,
    auth: 'own',
    query: publicPaymentsQuerySchema,
    response: lazySchema(() =>
      headSchema.extend({
        payments: z.array(publicPaymentSchema),
        nextCursor: z.string().nullable(),
      }),
    ),
    error: errorEnvelopeSchema,
  }),
  payment: defineRoute({
    method: 'GET',
    path: `${PUBLIC_API_PREFIX}/payments/:id`,
    auth: 'own',
    params: lazySchema(() => z.strictObject({ id: z.uuid('validation.invalidValue') })),
    response: lazySchema(() => headSchema.extend({ payment: publicPaymentSchema })),
    error: errorEnvelopeSchema,
  }),
  /** This API's OpenAPI 3.1 description (merchant-api/openapi.ts): public, no key needed. */
  openApi: defineRoute({
    method: 'GET',
    path: `${PUBLIC_API_PREFIX}/openapi.json`,
    auth: 'public',
    rateLimited: true,
    response: lazySchema(() => z.looseObject({ openapi: z.literal('3.1.0') })),
    error: errorEnvelopeSchema,
  }),
};
