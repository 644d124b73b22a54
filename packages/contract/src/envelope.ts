import { z } from 'zod';
import { LANGUAGES } from '@ledgerline/domain/languages';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/** Largest id we accept on the wire: the signed 32-bit range used by the spec for ids. */
export const MAX_ID = 2_147_483_647;
export const idSchema = lazySchema(() => z.number().int().min(1).max(MAX_ID));

/**
 * Fields every main-API body may carry beside its payload (spec 2 §7). `method` repeats the
 * method named in the query string; `fromCustomerId` acts on behalf of a customer where allowed.
 */
export const envelopeFieldsSchema = lazySchema(() =>
  z.object({
    method: z.string().max(64).optional(),
    lang: z.enum(LANGUAGES).optional(),
    fromCustomerId: idSchema.optional(),
    fromEmail: z.email().max(254).optional(),
    authSecret: z.string().min(1).max(512).optional(),
  }),
);
export type EnvelopeFields = z.infer<typeof envelopeFieldsSchema>;
/**
 * The envelope's field names, written out: reading them from the schema's shape would build it
 * when the contract loads (decision 119). The type below fails when a field is added to the
 * schema and not here; envelope.test.ts compares the two lists.
 */
const ENVELOPE_KEY_LIST = [
  'method',
  'lang',
  'fromCustomerId',
  'fromEmail',
  'authSecret',
] as const satisfies readonly (keyof EnvelopeFields)[];
export const ENVELOPE_KEYS: (keyof EnvelopeFields)[] = [...ENVELOPE_KEY_LIST];
type UnlistedEnvelopeKey = Exclude<keyof EnvelopeFields, (typeof ENVELOPE_KEY_LIST)[number]>;
// A field of the schema missing from the list makes the type `false`, and this fails to compile.
const listsEveryEnvelopeKey: [UnlistedEnvelopeKey] extends [never] ? true : false = true;
void listsEveryEnvelopeKey;

/** Every answer carries these two fields; data fields sit beside them. */
export const responseHeadSchema = lazySchema(() =>
  z.object({
    responseCode: z.string(),
    responseDescription: z.string(),
  }),
);
export type ResponseHead = z.infer<typeof responseHeadSchema>;

/** Field errors of a TA1 answer: field path → message. */
export const validationErrorsSchema = lazySchema(() => z.record(z.string(), z.string()));

export const errorEnvelopeSchema = lazySchema(() =>
  responseHeadSchema.extend({
    validationErrors: validationErrorsSchema.optional(),
    retryAfter: z.number().optional(),
  }),
);
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
