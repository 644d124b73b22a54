import { z } from 'zod';
import { ADDRESS_STATES } from '@ledgerline/domain/verification';
import { TERM_KEYS } from '@ledgerline/domain/brands';
import { emailAddressSchema } from '@ledgerline/domain/registration';
import { hasTaxIdShape, normalizeTaxId } from '@ledgerline/domain/tax-id';
import { defineMethod } from '../define';
import { envelopeFieldsSchema, idSchema } from '../envelope';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * The customer's profile: contact data (e-mails, phones, addresses), tax number, username-change
 * requests, a business user's personal account, notification settings and legal info (spec 2 §3
 * "Identity, address and documents", "Settings"; §7 "Activation, recovery, contact data and
 * addresses", "Announcements and profile", "Settings"). Every method acts for the customer the
 * call acts for (fromCustomerId / Customer-Id, else the user's own); an id of another customer's
 * e-mail, phone or address answers ENOA (not found) and changes nothing. Field messages are i18n
 * keys (`validation.*`).
 */

/** Lifetime and tries of the codes that confirm an e-mail or a phone. */
export const CONTACT_CODE_LIMITS = {
  ttlSeconds: 300,
  maxAttempts: 5,
  /** Codes one e-mail or phone may be sent per hour; more requests are refused with `validation.tooManyCodes`. */
  sendsPerHour: 5,
  /** Codes one customer may have sent per hour over all its e-mails and phones (adding new ones included). */
  sendsPerCustomerPerHour: 20,
} as const;

/** The only phone type the profile adds or replaces (spec 2 §7 "phoneType 2"): the mobile phone. */
export const PROFILE_PHONE_TYPE = 2;

/** Notification settings (spec 2 §3 "Notification setting: group, identified, value"), by group. */
export const NOTIFICATION_GROUPS = ['security', 'transactions', 'marketing', 'news'] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

/**
 * Every setting with its group, default and whether the customer may turn it off: security notices
 * (sign-in from a new device, password or second-factor change) always go out, as a bank must tell
 * the customer about changes to their access.
 */
export const NOTIFICATION_SETTINGS = [
  { identified: 'securityNewSignIn', group: 'security', defaultValue: true, editable: false },
  {
    identified: 'securityCredentialsChanged',
    group: 'security',
    defaultValue: true,
    editable: false,
  },
  { identified: 'securityNewDevice', group: 'security', defaultValue: true, editable: true },
  { identified: 'transactionIncoming', group: 'transactions', defaultValue: true, editable: true },
  { identified: 'transactionOutgoing', group: 'transactions', defaultValue: true, editable: true },
  {
    identified: 'transactionCardPayment',
    group: 'transactions',
    defaultValue: true,
    editable: true,
  },
  {
    identified: 'transactionApprovalRequest',
    group: 'transactions',
    defaultValue: true,
    editable: true,
  },
  { identified: 'marketingEmail', group: 'marketing', defaultValue: false, editable: true },
  { identified: 'marketingSms', group: 'marketing', defaultValue: false, editable: true },
  { identified: 'newsProduct', group: 'news', defaultValue: true, editable: true },
  { identified: 'newsAnnouncements', group: 'news', defaultValue: true, editable: true },
] as const satisfies readonly {
  identified: string;
  group: NotificationGroup;
  defaultValue: boolean;
  editable: boolean;
}[];
export type NotificationSettingId = (typeof NOTIFICATION_SETTINGS)[number]['identified'];
export const NOTIFICATION_SETTING_IDS = NOTIFICATION_SETTINGS.map(
  (setting) => setting.identified,
) as [NotificationSettingId, ...NotificationSettingId[]];

export const USERNAME_CHANGE_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** Why an address may not be replaced now (checkAddressReplacement). */
export const ADDRESS_REPLACEMENT_REFUSALS = ['replacementPending', 'addressNotConfirmed'] as const;

// ---- Field rules ----

/** Whitespace-collapsed, trimmed text of at most `max` characters; required unless optional. */
function text(max: number) {
  return z
    .string()
    .transform((value) => value.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, 'validation.required').max(max, 'validation.tooLong'));
}

const profileCountryCodeSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .min(1, 'validation.required')
    .regex(/^[A-Z]{2}$/, 'validation.countryCode'),
);

/** A six-digit code typed from an e-mail or SMS; spaces and dashes are ignored. */
export const contactCodeSchema = lazySchema(() =>
  z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .min(1, 'validation.required')
        .regex(/^\d{6}$/, 'validation.sixDigitCode'),
    ),
);

/** A phone number as typed, national or international: digits with optional spaces, dashes, dots and brackets. */
export const phoneNumberInputSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(32, 'validation.tooLong')
    .regex(/^\+?[\d\s().-]{4,31}$/, 'validation.phoneNumber'),
);

/**
 * A tax identification number in the shape any country's has (domain tax-id.ts: letters and
 * digits with spaces, dots, slashes or dashes between them; not a number in exponent form or a
 * date). The server then checks it by the customer's country of residence.
 */
export const taxIdSchema = lazySchema(() =>
  z
    .string()
    .max(256, 'validation.tooLong')
    .transform(normalizeTaxId)
    .pipe(
      z
        .string()
        .min(1, 'validation.required')
        .max(64, 'validation.tooLong')
        .refine(hasTaxIdShape, 'validation.taxId'),
    ),
);

const stateCodeInputSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/, 'validation.stateCode'),
);

const addressFields = {
  address1: lazySchema(() => text(256)),
  address2: lazySchema(() => text(256).optional()),
  city: lazySchema(() => text(128)),
  postalCode: lazySchema(() => text(32)),
  countryCode: profileCountryCodeSchema,
  /** ISO 3166-2 ("US-CA") where getStates lists states for the country; required there. */
  stateCode: lazySchema(() => stateCodeInputSchema.optional()),
};

// ---- Answers ----

const timestampSchema = lazySchema(() => z.string());

export const profileEmailSchema = lazySchema(() =>
  z.object({
    emailId: idSchema,
    email: z.string(),
    /** The primary address is the login (users.email) and where mail goes; it cannot be deleted. */
    isPrimary: z.boolean(),
    confirmed: z.boolean(),
    createdAt: timestampSchema,
  }),
);
export type ProfileEmail = z.infer<typeof profileEmailSchema>;

export const profilePhoneSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    countryCode: z.string(),
    /** International format, e.g. "+44 7700 900123". */
    number: z.string(),
    confirmed: z.boolean(),
    phoneType: z.number().int(),
    /** Set on an unconfirmed replacement: the phone it replaces once confirmed (the old one stays until then). */
    replacesPhoneId: idSchema.nullable(),
  }),
);
export type ProfilePhone = z.infer<typeof profilePhoneSchema>;

export const profileAddressSchema = lazySchema(() =>
  z.object({
    addressId: idSchema,
    address1: z.string(),
    address2: z.string().nullable(),
    city: z.string(),
    postalCode: z.string().nullable(),
    countryCode: z.string(),
    stateCode: z.string().nullable(),
    /** Official local name of the state (not translated; docs/decisions.md "Dictionaries"). */
    stateName: z.string().nullable(),
    addressStatus: z.enum(ADDRESS_STATES),
    confirmed: z.boolean(),
    isDocumentOutOfDate: z.boolean(),
    isCardDocumentRequired: z.boolean(),
    /** A proof-of-address document is needed before the address can be confirmed. */
    isDocumentRequired: z.boolean(),
    /** Set on a pending replacement: the address it replaces once confirmed. */
    replacesAddressId: idSchema.nullable(),
  }),
);
export type ProfileAddress = z.infer<typeof profileAddressSchema>;

export const profileCustomerSchema = lazySchema(() =>
  z.object({
    customerId: idSchema,
    customerType: z.number().int().min(0).max(2),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    businessName: z.string().nullable(),
    birthDay: z.string().nullable(),
    residenceCountryCode: z.string().nullable(),
    taxId: z.string().nullable(),
    /** The login e-mail of the customer's own user. */
    login: z.string(),
  }),
);
export type ProfileCustomer = z.infer<typeof profileCustomerSchema>;

export const usernameChangeRequestSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    newUsername: z.string(),
    status: z.enum(USERNAME_CHANGE_STATUSES),
    createdAt: timestampSchema,
  }),
);
export type UsernameChangeRequest = z.infer<typeof usernameChangeRequestSchema>;

export const notificationSettingSchema = lazySchema(() =>
  z.object({
    group: z.enum(NOTIFICATION_GROUPS),
    identified: z.enum(NOTIFICATION_SETTING_IDS),
    value: z.boolean(),
    /** False for notices the bank always sends (security). */
    editable: z.boolean(),
  }),
);
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

export const legalInfoItemSchema = lazySchema(() =>
  z.object({
    /** The term's id: the agreement download takes it. */
    id: idSchema,
    key: z.enum(TERM_KEYS),
    /** English title; the web shows `legal.<key>.title` when it has one. */
    title: z.string(),
    versionDate: z.string().nullable(),
    /** The version's value (names the version, as in acceptTerms). */
    value: z.string(),
    url: z.string(),
    /** When the signed-in user accepted this version; null when not (yet). */
    acceptedAt: timestampSchema.nullable(),
  }),
);
export type LegalInfoItem = z.infer<typeof legalInfoItemSchema>;

/** Body of `POST /api/pdf/api/generator_pdf/agreement`: the legal item's id. lang and fromCustomerId as in the main API. */
export const agreementPdfRequestSchema = lazySchema(() =>
  z
    .object({
      id: idSchema,
      lang: envelopeFieldsSchema.shape.lang,
      fromCustomerId: envelopeFieldsSchema.shape.fromCustomerId,
    })
    .strict(),
);
export type AgreementPdfRequest = z.infer<typeof agreementPdfRequestSchema>;

const emailAnswer = lazySchema(() => z.object({ email: profileEmailSchema }));
const phoneAnswer = lazySchema(() => z.object({ phone: profilePhoneSchema }));
const addressAnswer = lazySchema(() => z.object({ address: profileAddressSchema }));
const emailIdRequest = lazySchema(() => z.object({ emailId: idSchema }).strict());

export const profileMethods = {
  /** The acting customer's details and contact data. */
  getProfile: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() =>
      z.object({
        customer: profileCustomerSchema,
        emails: z.array(profileEmailSchema),
        phones: z.array(profilePhoneSchema),
        addresses: z.array(profileAddressSchema),
        usernameChangeRequests: z.array(usernameChangeRequestSchema),
        /** A business user without a personal customer of their own may open one. */
        canCreatePersonalAccount: z.boolean(),
      }),
    ),
  }),

  /** Adds an unconfirmed e-mail and sends it a 6-digit code and a confirmation link (5 minutes, 5 tries). */
  addEmail: defineMethod({
    request: lazySchema(() => z.object({ email: emailAddressSchema }).strict()),
    response: emailAnswer,
  }),
  confirmEmail: defineMethod({
    request: lazySchema(() =>
      z.object({ emailId: idSchema, confirmationCode: contactCodeSchema }).strict(),
    ),
    response: emailAnswer,
  }),
  /** Sends a new code to an unconfirmed e-mail; the earlier one stops working. */
  requestEmailConfirmation: defineMethod({
    request: emailIdRequest,
    response: lazySchema(() =>
      z.object({ sent: z.literal(true), codeExpiresInSeconds: z.number().int() }),
    ),
  }),
  /** Never the primary address. */
  deleteEmail: defineMethod({
    request: emailIdRequest,
    response: lazySchema(() => z.object({ deleted: z.literal(true) })),
  }),
  /** Only a confirmed address becomes primary; it becomes the login too. */
  setPrimaryEmail: defineMethod({
    request: emailIdRequest,
    response: emailAnswer,
  }),

  /** Whether the number is valid for the country and already held by a customer (cached per value by the client). */
  checkPhone: defineMethod({
    request: lazySchema(() =>
      z
        .object({ phoneCountryCode: profileCountryCodeSchema, phone: phoneNumberInputSchema })
        .strict(),
    ),
    response: lazySchema(() => z.object({ valid: z.boolean(), exists: z.boolean() })),
  }),
  /**
   * Adds a phone, or with phoneId a replacement of that phone: the old one stays until the new one
   * is confirmed with the SMS code (5 minutes, 5 tries).
   */
  addPhone: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          phoneCountryCode: profileCountryCodeSchema,
          phone: phoneNumberInputSchema,
          phoneType: z.literal(PROFILE_PHONE_TYPE, 'validation.invalidValue'),
          phoneId: idSchema.optional(),
        })
        .strict(),
    ),
    response: lazySchema(() => phoneAnswer.extend({ codeExpiresInSeconds: z.number().int() })),
  }),
  confirmPhone: defineMethod({
    request: lazySchema(() => z.object({ phoneId: idSchema, code: contactCodeSchema }).strict()),
    response: phoneAnswer,
  }),
  /** Sends a new SMS code to an unconfirmed phone. */
  requestPhoneConfirmation: defineMethod({
    request: lazySchema(() => z.object({ phoneId: idSchema }).strict()),
    response: lazySchema(() =>
      z.object({ sent: z.literal(true), codeExpiresInSeconds: z.number().int() }),
    ),
  }),

  createAddress: defineMethod({
    request: lazySchema(() => z.object(addressFields).strict()),
    response: addressAnswer,
  }),
  /** Whether oldAddressId may be replaced by an address in countryCode now, and whether a document is needed. */
  checkAddressReplacement: defineMethod({
    request: lazySchema(() =>
      z.object({ countryCode: profileCountryCodeSchema, oldAddressId: idSchema }).strict(),
    ),
    response: lazySchema(() =>
      z.object({
        allowed: z.boolean(),
        requiresDocument: z.boolean(),
        reason: z.enum(ADDRESS_REPLACEMENT_REFUSALS).optional(),
      }),
    ),
  }),
  /** A pending replacement of oldAddressId; refused while another replacement is pending. */
  replaceAddress: defineMethod({
    request: lazySchema(() => z.object({ oldAddressId: idSchema, ...addressFields }).strict()),
    response: addressAnswer,
  }),
  /** Confirms an unconfirmed address, or a pending replacement (the old address then goes). */
  confirmAddress: defineMethod({
    request: lazySchema(() => z.object({ addressId: idSchema }).strict()),
    response: addressAnswer,
  }),
  /** Deletes an address that is not the only confirmed one (a pending replacement is withdrawn). */
  deleteAddress: defineMethod({
    request: lazySchema(() => z.object({ addressId: idSchema }).strict()),
    response: lazySchema(() => z.object({ deleted: z.literal(true) })),
  }),

  updateTaxNumber: defineMethod({
    request: lazySchema(() => z.object({ taxId: taxIdSchema }).strict()),
    response: lazySchema(() => z.object({ customer: profileCustomerSchema })),
  }),
  /** Asks to change the login e-mail; one pending request at a time, reviewed by the bank. */
  requestUsernameChange: defineMethod({
    request: lazySchema(() => z.object({ newUsername: emailAddressSchema }).strict()),
    response: lazySchema(() => z.object({ request: usernameChangeRequestSchema })),
  }),
  /** Opens a personal customer for a business user (canCreatePersonalAccount); it then appears among the accessible customers. */
  createPersonalAccount: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() => z.object({ customerId: idSchema })),
  }),

  getNotificationSettings: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() => z.object({ settings: z.array(notificationSettingSchema) })),
  }),
  setNotificationSetting: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          identified: z.enum(NOTIFICATION_SETTING_IDS, 'validation.invalidValue'),
          value: z.boolean(),
        })
        .strict(),
    ),
    response: lazySchema(() => z.object({ setting: notificationSettingSchema })),
  }),

  /** The brand's legal documents in their current versions, with when the user accepted each. */
  getLegalInfo: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() => z.object({ items: z.array(legalInfoItemSchema) })),
  }),
};
