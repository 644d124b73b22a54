import { z } from 'zod';
import { ACCESS_LEVELS } from '@ledgerline/domain/constants';
import { SELF_CERTIFICATION_STATUSES } from '@ledgerline/domain/start-page';
import { defineMethod } from '../define';
import { errorEnvelopeSchema, idSchema } from '../envelope';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/** Customer info (spec 1 §3, spec 2 §3 "Customer and user state"). */
export const customerSchema = lazySchema(() =>
  z.object({
    userId: z.number().int(),
    customerId: z.number().int(),
    customerType: z.number().int().min(0).max(2),
    login: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    businessName: z.string().nullable(),
    birthDay: z.string().nullable(),
    customerCreationDate: z.string(),
    transactionApproveMode: z.number().int().min(0).max(4),
    login2faMode: z.string(),
    isAdmin: z.boolean(),
    isHaveRelatedAccounts: z.boolean(),
    useOldWeb: z.boolean(),
    oldWebUrl: z.string().nullable(),
    residenceCountryCode: z.string().nullable(),
    taxId: z.string().nullable(),
    permissions: z.record(z.string(), z.boolean()).optional(),
    verified: z.boolean(),
    limited: z.boolean(),
    dueDiligenceLevel: z.number().int(),
    isNeedPersonalInfoUpdate: z.boolean(),
    isNeedKyc: z.boolean(),
    /**
     * Personal customers: a tax self-certification must be (re)done before online banking — the
     * one they gave was rejected or is about to expire (spec 1 §4 rule 5; docs/decisions.md).
     */
    isNeedSelfCertification: z.boolean(),
  }),
);
export type Customer = z.infer<typeof customerSchema>;

const accessLevelSchema = lazySchema(() =>
  z.number().int().min(ACCESS_LEVELS.noAccess).max(ACCESS_LEVELS.uploading),
);

/**
 * What the user may see and do for one customer, by area (spec 1 §3 "accessList (includes
 * balanceInfo)"). balanceInfo 0 marks a representative who only looks after company documents.
 */
export const accessListSchema = lazySchema(() =>
  z.object({
    balanceInfo: accessLevelSchema,
    transfers: accessLevelSchema,
    companyDocuments: accessLevelSchema,
  }),
);

/** A customer the user may act for: listed on the company choice. */
export const accessibleCustomerSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    /** The customer's login e-mail. */
    username: z.string(),
    /** Business name, or the person's full name. */
    name: z.string(),
    customerType: z.number().int().min(0).max(2),
    /** The user's access level for it; 2 (full access) for the user's own customer. */
    accessRights: accessLevelSchema,
    isOwn: z.boolean(),
  }),
);
export type AccessibleCustomer = z.infer<typeof accessibleCustomerSchema>;

/** Customer access info (spec 1 §3) of the customer the call acts for, and the customers the user may act for. */
export const customerAccessInfoSchema = lazySchema(() =>
  z.object({
    customer: z.object({ id: idSchema, username: z.string(), name: z.string() }),
    accessList: accessListSchema,
    accessRights: accessLevelSchema,
    permissions: z.record(z.string(), z.boolean()),
    isNeedKyc: z.boolean(),
    /** Representative positions (spec 1 §6): 2 director, 6 and 9 shareholder, 8 ultimate owner. */
    businessRepresentativePositionIds: z.array(z.number().int()),
    taxResidencySelfCertificationDocumentStatus: z.enum(SELF_CERTIFICATION_STATUSES).nullable(),
    /** Every customer the user may act for, the user's own first. */
    accessibleCustomers: z.array(accessibleCustomerSchema),
  }),
);
export type CustomerAccessInfo = z.infer<typeof customerAccessInfoSchema>;

/** A term the user must accept before going on (the TE answer lists them). */
export const pendingTermSchema = lazySchema(() =>
  z.object({
    key: z.string(),
    /** English label; the web app shows the translation of `legal.<key>.title` when it has one. */
    label: z.string(),
    url: z.string(),
    /** Names the version; acceptTerms sends it back. */
    value: z.string(),
    versionDate: z.string().optional(),
  }),
);
export type PendingTerm = z.infer<typeof pendingTermSchema>;

/**
 * The TE answer (HTTP 403) of getCustomerInfo while terms wait to be accepted (spec 1 §8 "TE:
 * terms error (terms must be accepted; the terms list is shown)"; spec 2 §8 calls it TERMS_ERROR).
 */
export const termsErrorSchema = lazySchema(() =>
  errorEnvelopeSchema.extend({
    responseCode: z.enum(['TE', 'TERMS_ERROR']),
    terms: z.array(pendingTermSchema).min(1),
  }),
);
export type TermsError = z.infer<typeof termsErrorSchema>;

export const customerMethods = {
  /** The signed-in user's customer, or with fromCustomerId the customer they act for. */
  getCustomerInfo: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() => z.object({ customer: customerSchema })),
  }),
  /**
   * Customer access info (spec 1 §3) for the customer the call acts for (fromCustomerId /
   * Customer-Id, else the user's own), with every customer the user may act for.
   */
  getCustomerAccessInfo: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: customerAccessInfoSchema,
  }),
  /** Accepts the pending terms (spec 2 §7 "terms accept"): every pending term's value, no other. */
  acceptTerms: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          terms: z.array(z.string().min(1).max(128)).min(1, 'validation.required').max(10),
        })
        .strict(),
    ),
    response: lazySchema(() => z.object({ accepted: z.array(pendingTermSchema) })),
  }),
};
