import { z } from 'zod';
import { IDENTITY_REQUEST_STATUSES } from '@ledgerline/domain';
import { defineMethod } from '../define';
import { idSchema } from '../envelope';
import { positiveAmountSchema } from '../transfers/methods';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * The merchant's trust tools (spec 2 §3 "Reputation entries, filtered by email"; "Identity
 * verification: list 'identities'; fee {amount, currencyCode} per accountId"; §5; §7 "Reputation
 * list", "Identity list, create, fee"; §9; issue 18). The acting customer is the company
 * (fromCustomerId); only its full-access users may use them.
 */

const emailSchema = lazySchema(() => z.email('validation.email').max(254, 'validation.tooLong'));

export const identityRequestStatusSchema = lazySchema(() => z.enum(IDENTITY_REQUEST_STATUSES));

export const identityFeeSchema = lazySchema(() =>
  z.object({ amount: z.string(), currencyCode: z.string() }),
);
export type IdentityFee = z.infer<typeof identityFeeSchema>;

export const identityRequestSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    reference: z.string().nullable(),
    status: identityRequestStatusSchema,
    fee: identityFeeSchema,
    accountId: z.number().int(),
    workflowRunId: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type IdentityRequest = z.infer<typeof identityRequestSchema>;

export const identityRequestEventSchema = lazySchema(() =>
  z.object({
    requestId: z.number().int(),
    name: z.string(),
    email: z.string(),
    status: identityRequestStatusSchema,
    at: z.string(),
  }),
);
export type IdentityRequestEvent = z.infer<typeof identityRequestEventSchema>;

/**
 * paymentRequestPaid: a payment request of the company paid by the payer; preapprovedPull: an
 * instalment pulled within a pre-approval; preapproval: a pre-approval the payer gave the company
 * (status: its own); subscriptionCancelled: one of them cancelled (status: who cancelled it,
 * payer or merchant).
 */
export const REPUTATION_ENTRY_KINDS = [
  'paymentReceived',
  'paymentSent',
  'paymentRequestPaid',
  'preapprovedPull',
  'refund',
  'preapproval',
  'subscriptionCancelled',
  'identityRequest',
] as const;

export const reputationEntrySchema = lazySchema(() =>
  z.object({
    kind: z.enum(REPUTATION_ENTRY_KINDS),
    /** Money kinds: the amount (positive) and its currency; an identity request: null. */
    amount: z.string().nullable(),
    currencyCode: z.string().nullable(),
    /** An identity request's status; a payment's ledger status; see the kinds above. */
    status: z.string(),
    at: z.string(),
  }),
);
export type ReputationEntry = z.infer<typeof reputationEntrySchema>;

export const reputationSummarySchema = lazySchema(() =>
  z.object({
    identityVerified: z.boolean(),
    /** The month the person became a customer, `YYYY-MM`. */
    customerSince: z.string(),
  }),
);
export type ReputationSummary = z.infer<typeof reputationSummarySchema>;

const pageNumberSchema = lazySchema(() => z.number().int().min(1).max(100_000).default(1));
/** Empty filter values are dropped (spec 2 §5): '' is the same as leaving the filter out. */
const optionalText = lazySchema(() => z.string().max(254, 'validation.tooLong').optional());

export const merchantTrustMethods = {
  /** The fee of one identity verification request paid from this account, shown before the merchant confirms. */
  getIdentityVerificationFee: defineMethod({
    request: lazySchema(() => z.object({ accountId: idSchema }).strict()),
    response: lazySchema(() => z.object({ fee: identityFeeSchema })),
  }),
  /**
   * Charges the fee from the account, starts a check at the brand's provider and e-mails the
   * person its link. `fee` is the amount the merchant saw and confirmed: when the fee is no longer
   * that, nothing is charged. The same idempotency key answers the first request again.
   */
  createIdentityVerificationRequest: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          name: z.string().trim().min(1, 'validation.required').max(128, 'validation.tooLong'),
          email: z.string().trim().pipe(emailSchema),
          accountId: idSchema,
          reference: z.string().trim().max(64, 'validation.tooLong').optional(),
          fee: positiveAmountSchema,
          idempotencyKey: z.uuid('validation.idempotencyKey'),
        })
        .strict(),
    ),
    response: lazySchema(() => z.object({ identity: identityRequestSchema })),
  }),
  /** The company's requests, newest first, 1000 a page (spec 2 §9), with optional status and text filters. */
  getIdentities: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          status: z.union([identityRequestStatusSchema, z.literal('')]).optional(),
          query: optionalText,
          pageNumber: pageNumberSchema,
        })
        .strict(),
    ),
    response: lazySchema(() =>
      z.object({
        identities: z.array(identityRequestSchema),
        pageSize: z.number().int(),
        pageNumber: z.number().int(),
        total: z.number().int(),
        /** Whether no filter value was given (spec 2 §5). */
        filterEmpty: z.boolean(),
      }),
    ),
  }),
  /** Status changes of the company's requests with their times, newest first; one request's with `id`. */
  getIdentityVerificationHistory: defineMethod({
    request: lazySchema(() => z.object({ id: idSchema.optional() }).strict()),
    response: lazySchema(() => z.object({ events: z.array(identityRequestEventSchema) })),
  }),
  /**
   * What the company's own dealings say about a payer (decisions 96–97): the e-mail is trimmed and
   * compared without case; a person who never dealt with the company answers as an unknown e-mail.
   */
  getReputation: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          email: z.string().trim().pipe(emailSchema),
          pageNumber: pageNumberSchema,
        })
        .strict(),
    ),
    response: lazySchema(() =>
      z.object({
        summary: reputationSummarySchema.nullable(),
        entries: z.array(reputationEntrySchema),
        pageSize: z.number().int(),
        pageNumber: z.number().int(),
        total: z.number().int(),
      }),
    ),
  }),
};
