import { z } from 'zod';
import {
  ACCESS_LEVEL_CODES,
  ACCOUNT_PURPOSE_TYPES,
  DOCUMENT_CATEGORY_CODES,
  INDUSTRY_GROUP_LABELS,
  SOURCE_OF_FUNDS_TYPES,
  TRANSACTION_TYPE_CODES,
} from '@ledgerline/domain';
import { defineMethod } from '../define';
import { idSchema } from '../envelope';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * The dictionaries of the main API (spec 2 §3 "Dictionaries", §7 "Dictionaries"). They are public
 * and answer 'SUCCESS' (spec 2 §8). Names come in the request's language.
 */

/** ISO 3166-1 alpha-2, in capitals. */
export const countryCodeSchema = lazySchema(() =>
  z.string().regex(/^[A-Z]{2}$/, 'Must be a two-letter ISO 3166-1 country code in capitals'),
);
/** ISO 3166-2 subdivision code: country, hyphen, one to three letters or digits ("US-CA", "JP-13"). */
export const stateCodeSchema = lazySchema(() => z.string().regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/));
export const currencyCodeSchema = lazySchema(() =>
  z.string().regex(/^[A-Z]{3}$/, 'Must be a three-letter ISO 4217 currency code in capitals'),
);
/** International calling code with its plus sign ("+44", "+1"). */
export const callingCodeSchema = lazySchema(() => z.string().regex(/^\+[1-9]\d{0,3}$/));

const displayNameSchema = lazySchema(() => z.string().min(1).max(200));
const namedItemSchema = lazySchema(() => z.object({ id: idSchema, name: displayNameSchema }));
export type NamedItem = z.infer<typeof namedItemSchema>;

export const countrySchema = lazySchema(() =>
  z.object({
    code: countryCodeSchema,
    name: displayNameSchema,
    /** Null for the few territories without a telephone numbering plan of their own (AQ, BV, HM…). */
    phoneCode: callingCodeSchema.nullable(),
    isSepa: z.boolean(),
  }),
);
export type Country = z.infer<typeof countrySchema>;

export const stateSchema = lazySchema(() =>
  z.object({ code: stateCodeSchema, name: displayNameSchema }),
);
export type State = z.infer<typeof stateSchema>;

export const currencySchema = lazySchema(() =>
  z.object({
    code: currencyCodeSchema,
    name: displayNameSchema,
    symbol: z.string().min(1).max(8),
    decimals: z.number().int().min(0).max(4),
  }),
);
export type Currency = z.infer<typeof currencySchema>;

export const phoneCodeSchema = lazySchema(() =>
  z.object({
    countryCode: countryCodeSchema,
    callingCode: callingCodeSchema,
  }),
);
export type PhoneCode = z.infer<typeof phoneCodeSchema>;

export const industryGroupSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    label: z.enum(INDUSTRY_GROUP_LABELS),
    name: displayNameSchema,
    industries: z.array(namedItemSchema),
  }),
);
export type IndustryGroup = z.infer<typeof industryGroupSchema>;

export const customerDocumentTypeSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    name: displayNameSchema,
    /** Uploaded together with the front (photo) page as additionalDocument. */
    needsAdditionalDocument: z.boolean(),
    /** The countries where the type is offered; null means everywhere. */
    countries: z.array(countryCodeSchema).nullable(),
  }),
);
export type CustomerDocumentType = z.infer<typeof customerDocumentTypeSchema>;

export const documentCategorySchema = lazySchema(() =>
  z.object({
    id: z.number().int().min(1).max(DOCUMENT_CATEGORY_CODES.length),
    code: z.enum(DOCUMENT_CATEGORY_CODES),
    name: displayNameSchema,
    customerDocumentTypes: z.array(customerDocumentTypeSchema),
  }),
);
export type DocumentCategory = z.infer<typeof documentCategorySchema>;

export const transactionTypeSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    code: z.enum(TRANSACTION_TYPE_CODES),
    name: displayNameSchema,
  }),
);
export type TransactionType = z.infer<typeof transactionTypeSchema>;

export const accessRightSchema = lazySchema(() =>
  z.object({
    id: z
      .number()
      .int()
      .min(0)
      .max(ACCESS_LEVEL_CODES.length - 1),
    code: z.enum(ACCESS_LEVEL_CODES),
    name: displayNameSchema,
  }),
);
export type AccessRight = z.infer<typeof accessRightSchema>;

const noPayload = lazySchema(() => z.object({}).strict());

export const dictionaryMethods = {
  /** Every country, named in the request's language and sorted by that name. */
  getCountries: defineMethod({
    isPublic: true,
    successCode: 'SUCCESS',
    request: noPayload,
    response: lazySchema(() => z.object({ countries: z.array(countrySchema) })),
  }),

  /** States or provinces an address form asks for; an empty list where a country has none we list. */
  getStates: defineMethod({
    isPublic: true,
    successCode: 'SUCCESS',
    request: lazySchema(() => z.object({ countryCode: countryCodeSchema }).strict()),
    response: lazySchema(() => z.object({ states: z.array(stateSchema) })),
  }),

  getCurrencies: defineMethod({
    isPublic: true,
    successCode: 'SUCCESS',
    request: noPayload,
    response: lazySchema(() => z.object({ currencies: z.array(currencySchema) })),
  }),

  getPhoneCodes: defineMethod({
    isPublic: true,
    successCode: 'SUCCESS',
    request: noPayload,
    response: lazySchema(() => z.object({ phoneCodes: z.array(phoneCodeSchema) })),
  }),

  getOccupations: defineMethod({
    isPublic: true,
    successCode: 'SUCCESS',
    request: noPayload,
    response: lazySchema(() => z.object({ occupations: z.array(namedItemSchema) })),
  }),

  getSourcesOfFunds: defineMethod({
    isPublic: true,
    successCode: 'SUCCESS',
    request: lazySchema(() => z.object({ type: z.enum(SOURCE_OF_FUNDS_TYPES) }).strict()),
    response: lazySchema(() => z.object({ sources: z.array(namedItemSchema) })),
  }),

  getPurposesOfAccount: defineMethod({
    isPublic: true,
    successCode: 'SUCCESS',
    request: lazySchema(() => z.object({ type: z.enum(ACCOUNT_PURPOSE_TYPES) }).strict()),
    response: lazySchema(() => z.object({ purposes: z.array(namedItemSchema) })),
  }),

  /** All groups, 'adult' included; a brand that hides adult industries filters by label (spec 1 §9). */
  getIndustryGroups: defineMethod({
    isPublic: true,
    successCode: 'SUCCESS',
    request: noPayload,
    response: lazySchema(() => z.object({ groups: z.array(industryGroupSchema) })),
  }),

  /**
   * Categories 1–12 with their customer document types. With countryCode, only the types offered
   * in that country (the address document types by country of spec 2 §3).
   */
  getDocumentCategories: defineMethod({
    isPublic: true,
    successCode: 'SUCCESS',
    request: lazySchema(() => z.object({ countryCode: countryCodeSchema.optional() }).strict()),
    response: lazySchema(() => z.object({ categories: z.array(documentCategorySchema) })),
  }),

  /** The transaction type dictionary: fields transactions and dictionary.transactionType (spec 2 §7). */
  getTransactionTypes: defineMethod({
    isPublic: true,
    successCode: 'SUCCESS',
    request: noPayload,
    response: lazySchema(() =>
      z.object({
        transactions: z.array(transactionTypeSchema),
        dictionary: z.object({
          transactionType: z.record(z.string().regex(/^\d+$/), displayNameSchema),
        }),
      }),
    ),
  }),

  /** User access levels 0–5 (spec 1 §3, spec 2 §3 "Access levels"). */
  getAccessRights: defineMethod({
    isPublic: true,
    successCode: 'SUCCESS',
    request: noPayload,
    response: lazySchema(() => z.object({ accessRights: z.array(accessRightSchema) })),
  }),
};
