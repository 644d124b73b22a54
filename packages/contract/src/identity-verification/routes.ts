import { z } from 'zod';
import {
  IDENTITY_STATUSES,
  IDV_KINDS,
  IDV_OUTCOMES,
  IDV_PROVIDERS,
  IDV_REJECT_REASONS,
  IDV_RUN_STATES,
  IDV_STEPS,
  VIDEO_IDENTITY_STATUSES,
} from '@ledgerline/domain';
import { defineRoute } from '../define';
import { errorEnvelopeSchema, idSchema, MAX_ID, responseHeadSchema } from '../envelope';
import { LANGUAGES } from '@ledgerline/domain/languages';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * Identity verification (spec 2 §7 "POST /identity-verification and POST
 * /customers/{id}/identity-verification"; spec 1 §3 KYC providers jmo and nfd). The bank starts a
 * workflow run; the customer completes it on the provider's hosted page
 * (/identity-verification/{workflowRunId}/{token} or /video-identity-job/{id}); the provider
 * answers the bank through a signed callback. The provider's own endpoints sit under
 * /api/identity-verification/provider: the link's token is their credential.
 */

/** The link's secret: 32 random bytes, base64url. */
export const idvTokenSchema = lazySchema(() => z.string().regex(/^[A-Za-z0-9_-]{43}$/));

export const idvStartRequestSchema = lazySchema(() =>
  z.object({
    kind: z.enum(IDV_KINDS).default('document'),
    lang: z.enum(LANGUAGES).optional(),
    fromCustomerId: idSchema.optional(),
  }),
);

export const idvStartResponseSchema = lazySchema(() =>
  responseHeadSchema.extend({
    workflowRunId: z.number().int(),
    provider: z.enum(IDV_PROVIDERS),
    kind: z.enum(IDV_KINDS),
    /** The provider page's path on this site (the web adds its origin for the QR code). */
    url: z.string(),
    expiresAt: z.string(),
  }),
);
export type IdvStartResponse = z.infer<typeof idvStartResponseSchema>;

export const idvRunSummarySchema = lazySchema(() =>
  z.object({
    workflowRunId: z.number().int(),
    provider: z.enum(IDV_PROVIDERS),
    kind: z.enum(IDV_KINDS),
    state: z.enum(IDV_RUN_STATES),
    outcome: z.enum(IDV_OUTCOMES).nullable(),
    reason: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  }),
);
export type IdvRunSummary = z.infer<typeof idvRunSummarySchema>;

/** The acting customer's identity as compliance sees it, and their latest check. */
export const idvStatusResponseSchema = lazySchema(() =>
  responseHeadSchema.extend({
    identity: z
      .object({
        status: z.enum(IDENTITY_STATUSES),
        rejectReason: z.string().nullable(),
      })
      .nullable(),
    videoIdentityStatus: z.enum(VIDEO_IDENTITY_STATUSES),
    verificationInProgress: z.boolean(),
    latestRun: idvRunSummarySchema.nullable(),
  }),
);
export type IdvStatusResponse = z.infer<typeof idvStatusResponseSchema>;

const runParams = lazySchema(() =>
  z.object({
    workflowRunId: z.coerce.number().int().min(1).max(MAX_ID),
    token: z.string().max(64),
  }),
);
const jobParams = lazySchema(() => z.object({ id: z.string().max(64) }));
const stepParams = lazySchema(() => z.object({ step: z.enum(IDV_STEPS) }));

/** What the provider's page shows: the brand it works for, the steps and what has been received. */
export const idvProviderSessionSchema = lazySchema(() =>
  responseHeadSchema.extend({
    workflowRunId: z.number().int(),
    provider: z.enum(IDV_PROVIDERS),
    kind: z.enum(IDV_KINDS),
    brandId: z.string(),
    state: z.enum(IDV_RUN_STATES),
    expiresAt: z.string(),
    received: z.array(
      z.object({ step: z.enum(IDV_STEPS), fileName: z.string(), contentType: z.string() }),
    ),
    outcome: z.enum(IDV_OUTCOMES).nullable(),
    reason: z.enum(IDV_REJECT_REASONS).nullable(),
    /** 'merchant': a business asked this person to verify (issue 18); the result is the business's to see. */
    purpose: z.enum(['self', 'merchant']).default('self'),
  }),
);
export type IdvProviderSession = z.infer<typeof idvProviderSessionSchema>;

export const idvImageQuerySchema = lazySchema(() =>
  z.object({ fileName: z.string().min(1).max(200) }),
);
export const idvImageResponseSchema = lazySchema(() =>
  responseHeadSchema.extend({
    step: z.enum(IDV_STEPS),
    contentType: z.string(),
    size: z.number().int(),
  }),
);

/** The provider's signed answer (HMAC-SHA256 over `${timestamp}.${body}`, headers below). */
export const IDV_SIGNATURE_HEADER = 'x-idv-signature';
export const IDV_TIMESTAMP_HEADER = 'x-idv-timestamp';
export const idvCallbackSchema = lazySchema(() =>
  z.object({
    /** One-time event id: a second delivery of the same id is refused (replay protection). */
    eventId: z.string().min(8).max(64),
    workflowRunId: z.number().int().min(1).max(MAX_ID),
    outcome: z.enum(IDV_OUTCOMES),
    reason: z.enum(IDV_REJECT_REASONS).nullable(),
    document: z
      .object({
        typeId: z.number().int().min(1).max(999),
        number: z.string().max(64),
        issuedDate: z.iso.date().nullable(),
        expiresDate: z.iso.date().nullable(),
      })
      .nullable(),
  }),
);
export type IdvCallback = z.infer<typeof idvCallbackSchema>;

export const identityVerificationRoutes = {
  /** Starts a check for the acting customer (the user's own, or fromCustomerId where allowed). */
  start: defineRoute({
    method: 'POST',
    path: '/api/identity-verification',
    auth: 'session',
    body: idvStartRequestSchema,
    response: idvStartResponseSchema,
    error: errorEnvelopeSchema,
  }),
  /** Starts a check for customer {id}: the user's own, or a business the user represents. */
  startForCustomer: defineRoute({
    method: 'POST',
    path: '/api/customers/:id/identity-verification',
    auth: 'session',
    params: lazySchema(() => z.object({ id: z.coerce.number().int().min(1).max(MAX_ID) })),
    body: lazySchema(() => idvStartRequestSchema.omit({ fromCustomerId: true })),
    response: idvStartResponseSchema,
    error: errorEnvelopeSchema,
  }),
  status: defineRoute({
    method: 'GET',
    path: '/api/identity-verification',
    auth: 'session',
    query: lazySchema(() =>
      z.object({ fromCustomerId: z.coerce.number().int().min(1).max(MAX_ID).optional() }),
    ),
    response: idvStatusResponseSchema,
    error: errorEnvelopeSchema,
  }),
  provider: {
    /** The hosted page's session: a wrong id, token, or an expired link is 404. */
    session: defineRoute({
      method: 'GET',
      path: '/api/identity-verification/provider/runs/:workflowRunId/:token',
      auth: 'own',
      params: runParams,
      response: idvProviderSessionSchema,
      error: errorEnvelopeSchema,
    }),
    /** One picture as the raw request body (image/jpeg, image/png, image/heic; at most 10 MB), checked by content. */
    image: defineRoute({
      method: 'PUT',
      path: '/api/identity-verification/provider/runs/:workflowRunId/:token/images/:step',
      auth: 'own',
      params: lazySchema(() => runParams.extend(stepParams.shape)),
      query: idvImageQuerySchema,
      response: idvImageResponseSchema,
      error: errorEnvelopeSchema,
    }),
    /** Every picture is there: the provider decides and calls the bank back. */
    submit: defineRoute({
      method: 'POST',
      path: '/api/identity-verification/provider/runs/:workflowRunId/:token/submit',
      auth: 'own',
      params: runParams,
      response: idvProviderSessionSchema,
      error: errorEnvelopeSchema,
    }),
    videoSession: defineRoute({
      method: 'GET',
      path: '/api/identity-verification/provider/video-jobs/:id',
      auth: 'own',
      params: jobParams,
      response: idvProviderSessionSchema,
      error: errorEnvelopeSchema,
    }),
    videoImage: defineRoute({
      method: 'PUT',
      path: '/api/identity-verification/provider/video-jobs/:id/images/:step',
      auth: 'own',
      params: lazySchema(() => jobParams.extend(stepParams.shape)),
      query: idvImageQuerySchema,
      response: idvImageResponseSchema,
      error: errorEnvelopeSchema,
    }),
    videoSubmit: defineRoute({
      method: 'POST',
      path: '/api/identity-verification/provider/video-jobs/:id/submit',
      auth: 'own',
      params: jobParams,
      response: idvProviderSessionSchema,
      error: errorEnvelopeSchema,
    }),
  },
  /** The provider's signed callback into the bank (HMAC and a one-time event id are its credential). */
  callback: defineRoute({
    method: 'POST',
    path: '/api/identity-verification/callbacks/:provider',
    auth: 'own',
    params: lazySchema(() => z.object({ provider: z.enum(IDV_PROVIDERS) })),
    body: idvCallbackSchema,
    response: lazySchema(() => responseHeadSchema.extend({ recorded: z.literal(true) })),
    error: errorEnvelopeSchema,
  }),
};
