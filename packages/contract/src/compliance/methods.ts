import { z } from 'zod';
import { BRAND_IDS } from '@ledgerline/domain/brands';
import {
  REVIEW_DECISIONS,
  REVIEW_ITEM_KINDS,
  REVIEW_QUEUE_STATES,
  REVIEW_REASON_CODES,
  decisionNeedsReason,
} from '@ledgerline/domain/compliance-review';
import { VERIFICATION_STATES } from '@ledgerline/domain/verification';
import { DOCUMENT_PARTS, IDV_STEPS } from '@ledgerline/domain';
import { defineMethod } from '../define';
import { idSchema } from '../envelope';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * The compliance review desk (issue 14; spec 2 §6 "admins reassign uploaded documents"): the
 * queue of submitted documents and identity results, one item beside its customer's data, and the
 * decision on it. Administrators only; the server refuses everyone else.
 */

export const reviewItemRefSchema = lazySchema(() =>
  z.object({ kind: z.enum(REVIEW_ITEM_KINDS), id: idSchema }).strict(),
);

export const reviewQueueItemSchema = lazySchema(() =>
  z.object({
    kind: z.enum(REVIEW_ITEM_KINDS),
    id: idSchema,
    state: z.enum(REVIEW_QUEUE_STATES),
    /** documentTypeId for a document, the identity's typeId for an identity result. */
    typeId: z.number().int(),
    /** The document category (spec 2 §3, 1 to 12); null for an identity result. */
    categoryId: z.number().int().nullable(),
    customerId: idSchema,
    customerName: z.string(),
    customerType: z.number().int().min(0).max(2),
    brandId: z.string(),
    submittedAt: z.string(),
  }),
);
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

const reviewDocumentSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    statusId: z.number().int(),
    documentTypeId: z.number().int(),
    categoryId: z.number().int(),
    issuedDate: z.string().nullable(),
    expiresDate: z.string().nullable(),
    rejectReason: z.string().nullable(),
    uploaded: z.string(),
  }),
);

const reviewIdentitySchema = lazySchema(() =>
  z.object({
    id: idSchema,
    typeId: z.number().int(),
    number: z.string().nullable(),
    status: z.string(),
    issuedDate: z.string().nullable(),
    expiresDate: z.string().nullable(),
    rejectReason: z.string().nullable(),
    uploaded: z.string(),
  }),
);

const reviewAddressSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    address1: z.string(),
    address2: z.string().nullable(),
    city: z.string(),
    postalCode: z.string().nullable(),
    countryCode: z.string(),
    addressStatus: z.string(),
    requiresDocument: z.boolean(),
  }),
);

export const reviewItemDetailSchema = lazySchema(() =>
  z.object({
    item: reviewQueueItemSchema,
    /** The item still waits for a decision; false once someone decided it. */
    waiting: z.boolean(),
    customer: z.object({
      id: idSchema,
      name: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      businessName: z.string().nullable(),
      customerType: z.number().int().min(0).max(2),
      brandId: z.string(),
      residenceCountryCode: z.string().nullable(),
      birthDay: z.string().nullable(),
      verified: z.boolean(),
      limited: z.boolean(),
      isNeedKyc: z.boolean(),
      /** The language the customer reads their messages in. */
      language: z.string(),
      verificationState: z.enum(VERIFICATION_STATES),
    }),
    addresses: z.array(reviewAddressSchema),
    documents: z.array(reviewDocumentSchema),
    identities: z.array(reviewIdentitySchema),
    /** The document's main file (GET /api/documents/:id/files/mainDocument); null without one. */
    downloadUrl: z.string().nullable(),
    /** Every file of a document item, by part: the path an administrator fetches with their bearer. */
    files: z.array(
      z.object({ part: z.enum(DOCUMENT_PARTS), fileName: z.string(), url: z.string() }),
    ),
    /** An identity result from a provider run: its pictures (complianceRoutes.identityImage). */
    pictures: z.array(z.object({ step: z.enum(IDV_STEPS), url: z.string() })),
  }),
);
export type ReviewItemDetail = z.infer<typeof reviewItemDetailSchema>;

export const reviewDecisionRequestSchema = lazySchema(() =>
  z
    .object({
      kind: z.enum(REVIEW_ITEM_KINDS),
      id: idSchema,
      decision: z.enum(REVIEW_DECISIONS),
      reasonCode: z.enum(REVIEW_REASON_CODES).optional(),
      /** Free text beside the reason, shown to the customer as written. */
      note: z.string().trim().max(500).optional(),
      /** Reassign only: the customer (same brand) the document belongs to. */
      targetCustomerId: idSchema.optional(),
    })
    .strict()
    .superRefine((value, ctx) => {
      if (decisionNeedsReason(value.decision) && value.reasonCode === undefined)
        ctx.addIssue({ code: 'custom', path: ['reasonCode'], message: 'Choose a reason' });
      if (value.decision === 'reassign') {
        if (value.kind !== 'document')
          ctx.addIssue({
            code: 'custom',
            path: ['kind'],
            message: 'Only documents are reassigned',
          });
        if (value.targetCustomerId === undefined)
          ctx.addIssue({
            code: 'custom',
            path: ['targetCustomerId'],
            message: 'Name the customer the document belongs to',
          });
      }
    }),
);
export type ReviewDecisionRequest = z.input<typeof reviewDecisionRequestSchema>;

export const complianceMethods = {
  /** The desk's queue, oldest first, a page at a time (cursor from the previous page). */
  getComplianceQueue: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          brandId: z.enum(BRAND_IDS).optional(),
          state: z.enum(REVIEW_QUEUE_STATES).optional(),
          kind: z.enum(REVIEW_ITEM_KINDS).optional(),
          cursor: z.string().max(200).optional(),
          limit: z.number().int().min(1).max(100).optional(),
        })
        .strict(),
    ),
    response: lazySchema(() =>
      z.object({
        items: z.array(reviewQueueItemSchema),
        nextCursor: z.string().nullable(),
      }),
    ),
  }),
  getComplianceItem: defineMethod({
    request: reviewItemRefSchema,
    response: reviewItemDetailSchema,
  }),
  /** Approve, reject, name mismatch, request another document or reassign: audited, once per item. */
  decideComplianceItem: defineMethod({
    request: reviewDecisionRequestSchema,
    response: lazySchema(() =>
      z.object({
        kind: z.enum(REVIEW_ITEM_KINDS),
        id: idSchema,
        decision: z.enum(REVIEW_DECISIONS),
        customerId: idSchema,
        verified: z.boolean(),
        limited: z.boolean(),
        isNeedKyc: z.boolean(),
      }),
    ),
  }),
};
