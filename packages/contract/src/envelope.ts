import { z } from 'zod';
import { LANGUAGES } from '@ledgerline/domain/languages';

/** Largest id we accept on the wire: the signed 32-bit range used by the spec for ids. */
export const MAX_ID = 2_147_483_647;
export const idSchema = z.number().int().min(1).max(MAX_ID);

/**
 * Fields every main-API body may carry beside its payload (spec 2 §7). `method` repeats the
 * method named in the query string; `fromCustomerId` acts on behalf of a customer where allowed.
 */
export const envelopeFieldsSchema = z.object({
  method: z.string().max(64).optional(),
  lang: z.enum(LANGUAGES).optional(),
  fromCustomerId: idSchema.optional(),
  fromEmail: z.email().max(254).optional(),
  authSecret: z.string().min(1).max(512).optional(),
});
export type EnvelopeFields = z.infer<typeof envelopeFieldsSchema>;
export const ENVELOPE_KEYS = Object.keys(envelopeFieldsSchema.shape) as (keyof EnvelopeFields)[];

/** Every answer carries these two fields; data fields sit beside them. */
export const responseHeadSchema = z.object({
  responseCode: z.string(),
  responseDescription: z.string(),
});
export type ResponseHead = z.infer<typeof responseHeadSchema>;

/** Field errors of a TA1 answer: field path → message. */
export const validationErrorsSchema = z.record(z.string(), z.string());

export const errorEnvelopeSchema = responseHeadSchema.extend({
  validationErrors: validationErrorsSchema.optional(),
  retryAfter: z.number().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
