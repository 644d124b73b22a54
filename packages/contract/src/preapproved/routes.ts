import { z } from 'zod';
import { moneySchema } from '../accounts/methods';
import { defineRoute } from '../define';
import { errorEnvelopeSchema, responseHeadSchema } from '../envelope';
import { PUBLIC_API_PREFIX, textIdSchema } from '../merchant-api/routes';
import { positiveAmountSchema } from '../transfers/methods';
import { PREAPPROVAL_FREQUENCIES, PREAPPROVAL_STATUSES } from './methods';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * The merchant's server pulls pre-approved payments through the public API v1 (issue 18), with
 * a key holding the scope "preapproved-pulls". A pull is refused in the envelope, and nothing
 * changes, when it is beyond its approval: another company's or a cancelled one, past its end
 * date, above its amount, a second pull in one period, or beyond its total. An Idempotency-Key
 * header makes a retried pull post once.
 */

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export const publicPreapprovalSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    payerName: z.string(),
    payerEmail: z.string(),
    /** The merchant's account the pulls reach. */
    accountId: z.number().int(),
    currency: z.string(),
    amount: moneySchema,
    totalAmount: moneySchema.nullable(),
    pulledTotal: moneySchema,
    frequency: z.enum(PREAPPROVAL_FREQUENCIES),
    endDate: z.string().nullable(),
    status: z.enum(PREAPPROVAL_STATUSES),
    nextPullFrom: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type PublicPreapproval = z.infer<typeof publicPreapprovalSchema>;

export const publicPullSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    preapprovalId: z.number().int(),
    /** The ledger transfer that moved the money. */
    transactionId: z.string(),
    amount: moneySchema,
    currency: z.string(),
    description: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type PublicPull = z.infer<typeof publicPullSchema>;

export const publicPullRequestSchema = lazySchema(() =>
  z.strictObject({
    amount: positiveAmountSchema,
    description: z
      .string()
      .trim()
      .max(140, 'validation.tooLong')
      .refine((text) => !CONTROL_CHARACTERS.test(text), 'validation.invalidValue')
      .optional(),
  }),
);

export const preapprovedPublicRoutes = {
  /** The company's pre-approvals (every status), newest first. */
  list: defineRoute({
    method: 'GET',
    path: `${PUBLIC_API_PREFIX}/preapproved-payments`,
    auth: 'own',
    response: lazySchema(() =>
      responseHeadSchema.extend({ preapprovals: z.array(publicPreapprovalSchema) }),
    ),
    error: errorEnvelopeSchema,
  }),
  /** Pulls money from the payer within the approval (payer → the merchant's account). */
  pull: defineRoute({
    method: 'POST',
    path: `${PUBLIC_API_PREFIX}/preapproved-payments/:id/pulls`,
    auth: 'own',
    params: lazySchema(() => z.strictObject({ id: textIdSchema })),
    body: publicPullRequestSchema,
    response: lazySchema(() => responseHeadSchema.extend({ pull: publicPullSchema })),
    error: errorEnvelopeSchema,
  }),
};
