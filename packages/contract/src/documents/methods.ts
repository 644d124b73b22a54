import { z } from 'zod';
import {
  DOCUMENT_FILE_KINDS,
  DOCUMENT_PARTS,
  KYC_ITEMS,
  LIMIT_REASONS,
  REQUIRED_ACTIONS,
  VERIFICATION_STATES,
  IDENTITY_STATUSES,
} from '@ledgerline/domain';
import { personNameSchema } from '@ledgerline/domain/registration';
import { defineMethod } from '../define';
import { calendarDaySchema } from '../dates';
import { countryCodeSchema } from '../dictionaries/methods';
import { idSchema } from '../envelope';
import { profileAddressSchema } from '../profile/methods';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * Uploaded documents, the /kyc checklist and the personal-information update (spec 2 §3
 * "Identity, address and documents", §4 "Document status ids", §7 "Identity verification and
 * tax": KYC info and update). The upload itself is multipart, so it is a REST route
 * (documents/routes.ts); its data part is `documentUploadDataSchema`. Every method acts for the
 * customer the call acts for; another customer's document id answers ENOA (404) and changes nothing.
 */

const dayOnWire = lazySchema(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/));

/** The data part of an upload (the multipart field `data`, JSON). Field messages are i18n keys. */
export const documentUploadDataSchema = lazySchema(() =>
  z
    .object({
      categoryId: z.number().int().min(1).max(12),
      documentTypeId: idSchema,
      /** The country that issued the document (88 only in RU and UA). */
      countryCode: countryCodeSchema,
      issuedDate: calendarDaySchema.optional(),
      expiresDate: calendarDaySchema.optional(),
      /** The address a proof of address is for. */
      addressId: idSchema.optional(),
      documentPassword: z.string().min(1).max(128).optional(),
      relationshipDocumentType: idSchema.optional(),
      relationshipDocumentPassword: z.string().min(1).max(128).optional(),
      additionalDocumentPassword: z.string().min(1).max(128).optional(),
      isDueDiligence: z.boolean().optional(),
      /** The document this one renews or re-uploads (a rejected or expired one). */
      replacesDocumentId: idSchema.optional(),
    })
    .strict(),
);
export type DocumentUploadData = z.infer<typeof documentUploadDataSchema>;

export const documentFileSchema = lazySchema(() =>
  z.object({
    part: z.enum(DOCUMENT_PARTS),
    kind: z.enum(DOCUMENT_FILE_KINDS),
    fileName: z.string(),
    sizeBytes: z.number().int(),
    encrypted: z.boolean(),
  }),
);

/** An uploaded document (spec 2 §3 "Uploaded document"), with its files and expiry. */
export const uploadedDocumentSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    statusId: z.number().int(),
    /** When it was uploaded (ISO time). */
    uploaded: z.string(),
    categoryId: z.number().int(),
    documentTypeId: z.number().int(),
    /** The type's name in the request's language. */
    documentType: z.string(),
    isSubDocument: z.boolean(),
    countryCode: z.string().nullable(),
    issuedDate: dayOnWire.nullable(),
    expiresDate: dayOnWire.nullable(),
    createdUsername: z.string().nullable(),
    /** A reason code (DOCUMENT_REJECT_REASONS) the web translates, or compliance's own words. */
    rejectReason: z.string().nullable(),
    addressId: idSchema.nullable(),
    expiry: z.enum(['noExpiry', 'valid', 'expiringSoon', 'expired']),
    canCancel: z.boolean(),
    files: z.array(documentFileSchema),
  }),
);
export type UploadedDocument = z.infer<typeof uploadedDocumentSchema>;

export const kycInfoSchema = lazySchema(() =>
  z.object({
    customerType: z.number().int().min(0).max(2),
    state: z.enum(VERIFICATION_STATES),
    requiredActionCount: z.number().int(),
    requiredActions: z.array(z.enum(REQUIRED_ACTIONS)),
    limitReasons: z.array(z.enum(LIMIT_REASONS)),
    checklist: z.array(
      z.object({ item: z.enum(KYC_ITEMS), state: z.enum(['todo', 'inReview', 'done']) }),
    ),
    identity: z
      .object({
        status: z.enum(IDENTITY_STATUSES),
        rejectReason: z.string().nullable(),
        expiresDate: dayOnWire.nullable(),
      })
      .nullable(),
    /** The address a proof of address is for now: a pending replacement, else the current one. */
    address: profileAddressSchema.nullable(),
    /** Loaded for due diligence levels 1 and 4 only (spec 2 §4). */
    duplicateDocuments: z.object({ uploaded: z.boolean() }).nullable(),
    documents: z.array(uploadedDocumentSchema),
  }),
);
export type KycInfo = z.infer<typeof kycInfoSchema>;

/** Why the bank asks for a personal-information update. */
export const PERSONAL_INFO_REASONS = [
  'nameMissing',
  'birthDayMissing',
  'identityNameMismatch',
  'reviewRequested',
] as const;
export type PersonalInfoReason = (typeof PERSONAL_INFO_REASONS)[number];

export const personalInfoSchema = lazySchema(() =>
  z.object({
    isNeedPersonalInfoUpdate: z.boolean(),
    reasons: z.array(z.enum(PERSONAL_INFO_REASONS)),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    birthDay: dayOnWire.nullable(),
  }),
);
export type PersonalInfo = z.infer<typeof personalInfoSchema>;

export const personalInfoUpdateSchema = lazySchema(() =>
  z
    .object({
      firstName: personNameSchema,
      lastName: personNameSchema,
      birthDay: calendarDaySchema,
    })
    .strict(),
);
export type PersonalInfoUpdate = z.infer<typeof personalInfoUpdateSchema>;

export const documentMethods = {
  /** The acting customer's documents, newest first (deleted ones left out). */
  getDocuments: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() => z.object({ documents: z.array(uploadedDocumentSchema) })),
  }),
  /** Withdraws a document nobody has decided on yet (status 0 or 41 → 4 canceled). */
  cancelDocument: defineMethod({
    request: lazySchema(() => z.object({ documentId: idSchema }).strict()),
    response: lazySchema(() => z.object({ document: uploadedDocumentSchema })),
  }),
  /**
   * A single-use, short-lived link to one file of the customer's own document (the browser opens
   * it without a bearer, like the statement downloads); another customer's document answers 404.
   */
  getDocumentFileLink: defineMethod({
    request: lazySchema(() =>
      z.object({ documentId: idSchema, part: z.enum(DOCUMENT_PARTS) }).strict(),
    ),
    response: lazySchema(() => z.object({ redirectLink: z.string() })),
  }),
  /** KYC info (spec 2 §7): the banner's state, what /kyc lists and the documents. */
  getKycInfo: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: kycInfoSchema,
  }),
  /** What personal information must be updated and why (/profile-update). */
  getPersonalInfo: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: personalInfoSchema,
  }),
  /** Saves the personal information and clears isNeedPersonalInfoUpdate (spec 1 §4 start page). */
  updatePersonalInfo: defineMethod({
    request: personalInfoUpdateSchema,
    response: personalInfoSchema,
  }),
};
