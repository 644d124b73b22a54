import { z } from 'zod';
import { ACCOUNT_SUB_TYPES } from '@ledgerline/domain/accounts';
import {
  ADDRESS_STATES,
  IDENTITY_STATUSES,
  LIMIT_REASONS,
  PROOF_OF_RESIDENCE_STATUSES,
  TAX_FORM_STATUSES,
  VIDEO_IDENTITY_STATUSES,
} from '@ledgerline/domain/verification';
import { defineMethod } from '../define';
import { envelopeFieldsSchema, idSchema } from '../envelope';
import { currencyCodeSchema } from '../dictionaries/methods';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * Accounts, balances, exchange rates, payment instructions, announcements and the verification
 * facts behind the account-status banner (spec 2 §3 "Account", §4, §5, §7 "Accounts and cards",
 * "Announcements and profile"). Money always travels as a decimal string, never a JSON number,
 * so no float ever touches an amount (docs/decisions.md "Money on the wire").
 */

/** A signed decimal amount with at most 8 decimals, as the ledger stores it (numeric(30,8)). */
export const moneySchema = lazySchema(() =>
  z
    .string()
    // eslint-disable-next-line security/detect-unsafe-regex -- anchored, bounded and unambiguous: linear on any input
    .regex(/^-?\d{1,22}(\.\d{1,8})?$/, 'Must be a decimal amount with at most 8 decimals'),
);
/** An exchange rate: positive decimal, up to 12 decimals. */
export const rateSchema = lazySchema(() =>
  z
    .string()
    // eslint-disable-next-line security/detect-unsafe-regex -- anchored, bounded and unambiguous: linear on any input
    .regex(/^\d{1,12}(\.\d{1,12})?$/, 'Must be a positive decimal rate'),
);
const dateSchema = lazySchema(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/));
const timestampSchema = lazySchema(() => z.string());

export const CARD_BRANDS = ['visa', 'mastercard'] as const;

export const accountSchema = lazySchema(() =>
  z.object({
    accountId: idSchema,
    /** 1001 payment, 4001 prepaid funding, 4002 receiving, 2006–2135 card types, 11 closed. */
    type: z.number().int(),
    subType: z.enum(ACCOUNT_SUB_TYPES),
    /** Card accounts: the card status id (spec 2 §4); other accounts: 2 active, 4 closed. */
    accountStatusId: z.number().int(),
    balance: moneySchema,
    /** Money reserved by pending transfers, not yet settled (positive). */
    pendingAmount: moneySchema,
    accountBalanceMin: moneySchema,
    currencyCode: currencyCodeSchema,
    customerId: idSchema,
    name: z.string().nullable(),
    cardIsVirtual: z.boolean().nullable(),
    cardExpiryMonth: z.number().int().min(1).max(12).nullable(),
    cardExpiryYear: z.number().int().nullable(),
    cardReissuedStatusId: z.number().int().nullable(),
    settlementAccountId: idSchema.nullable(),
    /** '•••• 1234' form; the full number never leaves the server except through getCardDetails. */
    maskedCardNumber: z.string().nullable(),
    cardAliasName: z.string().nullable(),
    cardBrand: z.enum(CARD_BRANDS).nullable(),
    /** Card accounts: enrolled in 3-D Secure (online payments that ask for it are allowed); absent for other accounts. */
    cardSecureEnrolled: z.boolean().optional(),
    createdAt: timestampSchema,
  }),
);
export type Account = z.infer<typeof accountSchema>;

export const balanceInquirySchema = lazySchema(() =>
  z.object({
    accountId: idSchema,
    balance: moneySchema,
    pendingAmount: moneySchema,
    currencyCode: currencyCodeSchema,
  }),
);
export type BalanceInquiry = z.infer<typeof balanceInquirySchema>;

export const exchangeRateSchema = lazySchema(() =>
  z.object({ currencyCode: currencyCodeSchema, rate: rateSchema }),
);
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

export const paymentInstructionSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    accountId: idSchema,
    currencyCode: currencyCodeSchema,
    beneficiaryName: z.string(),
    bankName: z.string(),
    bankAddress: z.string(),
    bankAccountNumber: z.string(),
    iban: z.string().nullable(),
    swift: z.string().nullable(),
    sortCode: z.string().nullable(),
    routingNumber: z.string().nullable(),
    transitNumber: z.string().nullable(),
    /** Canada: the 3-digit institution number beside the 5-digit transit number. */
    institutionNumber: z.string().nullable(),
    /** The reference the payer must quote so the money reaches this account. */
    reference: z.string(),
    viewed: z.boolean(),
  }),
);
export type PaymentInstruction = z.infer<typeof paymentInstructionSchema>;

export const ANNOUNCEMENT_CHOICES = ['accept', 'decline'] as const;
export const announcementSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    title: z.string(),
    body: z.string(),
    publishedAt: timestampSchema,
    isRead: z.boolean(),
    requiresConfirmation: z.boolean(),
    choice: z.enum(ANNOUNCEMENT_CHOICES).nullable(),
  }),
);
export type Announcement = z.infer<typeof announcementSchema>;

/**
 * The facts the account-status banner is derived from: exactly VerificationInput of
 * packages/domain/src/verification.ts (the server builds it typed as that interface).
 */
export const verificationInfoSchema = lazySchema(() =>
  z.object({
    /** 0 personal, 1 old business, 2 business. */
    customerType: z.number().int().min(0).max(2),
    verified: z.boolean(),
    limited: z.boolean(),
    /** The acting user is a representative of the customer, not its owner. */
    isRepresentative: z.boolean(),
    dueDiligenceLevel: z.number().int(),
    /** Compliance is doing the final review. */
    finalReview: z.boolean(),
    /** An identity verification run is in progress. */
    verificationInProgress: z.boolean(),
    limitReasons: z.array(z.enum(LIMIT_REASONS)),
    /** Every document the limit asks for has been uploaded. */
    limitDocumentsUploaded: z.boolean(),
    /** Only loaded for due diligence levels 1 and 4 (spec 2 §4). */
    duplicateDocuments: z.object({ uploaded: z.boolean() }).nullable(),
    documents: z.array(
      z.object({
        id: idSchema,
        statusId: z.number().int(),
        documentTypeId: z.number().int(),
        categoryId: z.number().int(),
        expiresDate: dateSchema.nullable(),
      }),
    ),
    address: z
      .object({
        addressStatus: z.enum(ADDRESS_STATES),
        isDocumentOutOfDate: z.boolean(),
        isCardDocumentRequired: z.boolean(),
        proofOfResidenceStatus: z.enum(PROOF_OF_RESIDENCE_STATUSES),
      })
      .nullable(),
    identity: z
      .object({ status: z.enum(IDENTITY_STATUSES), expiresDate: dateSchema.nullable() })
      .nullable(),
    phones: z.array(z.object({ id: idSchema, confirmed: z.boolean() })),
    taxForms: z.object({ status: z.enum(TAX_FORM_STATUSES) }),
    videoIdentity: z.object({ status: z.enum(VIDEO_IDENTITY_STATUSES) }),
  }),
);
export type VerificationInfo = z.infer<typeof verificationInfoSchema>;

/** Answer of the PDF generator (`POST /api/pdf/api/generator_pdf/{name}`), outside the main API. */
export const pdfGeneratorResponseSchema = lazySchema(() =>
  z.object({
    responseCode: z.literal('00'),
    responseDescription: z.string(),
    /** Single-use, 5-minute link `/api/pdf/files/{token}` a browser opens without a bearer. */
    redirectLink: z.string(),
  }),
);
export type PdfGeneratorResponse = z.infer<typeof pdfGeneratorResponseSchema>;
/** Body of `POST /api/pdf/api/generator_pdf/accountConfirmation`; lang and fromCustomerId as in the main API's envelope. */
export const accountConfirmationRequestSchema = lazySchema(() =>
  z
    .object({
      accountId: idSchema,
      lang: envelopeFieldsSchema.shape.lang,
      fromCustomerId: envelopeFieldsSchema.shape.fromCustomerId,
    })
    .strict(),
);
export type AccountConfirmationRequest = z.infer<typeof accountConfirmationRequestSchema>;

/**
 * The acting customer's money in one currency (home's total): every account's settled balance
 * converted at the newest reference rates the server holds and rounded once to the currency's
 * minor units. Worked out on the server in exact decimals, never summed as floats in a browser.
 */
export const totalBalanceSchema = lazySchema(() =>
  z.object({
    /** The customer's main currency (packages/domain mainCurrency). */
    currencyCode: currencyCodeSchema,
    total: moneySchema,
    /** Some money is held in other currencies and was converted: the total is approximate. */
    isConverted: z.boolean(),
    /** The day of the oldest rate used; null when nothing was converted. */
    rateDate: dateSchema.nullable(),
    /** Currencies the server holds no rate for: their accounts are left out of the total. */
    excludedCurrencies: z.array(currencyCodeSchema),
  }),
);
export type TotalBalance = z.infer<typeof totalBalanceSchema>;

export const accountMethods = {
  /** Every account of the acting customer, sorted by accountStatusId then accountId. */
  getAccounts: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() => z.object({ accounts: z.array(accountSchema) })),
  }),
  /** The total of every account in the customer's main currency (home). */
  getTotalBalance: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: totalBalanceSchema,
  }),
  getBalanceInquiry: defineMethod({
    request: lazySchema(() => z.object({ accountId: idSchema }).strict()),
    response: balanceInquirySchema,
  }),
  /** Opens a 1001 payment account in the currency; refused when one exists or the currency is not offered. */
  addCurrency: defineMethod({
    request: lazySchema(() => z.object({ currencyCode: currencyCodeSchema }).strict()),
    response: lazySchema(() => z.object({ account: accountSchema })),
  }),
  /** Opens a 4001 prepaid funding wallet in the currency; same refusals as addCurrency. */
  createWallet: defineMethod({
    request: lazySchema(() => z.object({ currencyCode: currencyCodeSchema }).strict()),
    response: lazySchema(() => z.object({ account: accountSchema })),
  }),
  /** EUR-based reference rates of the latest date the server holds. */
  getDefaultExchangeRates: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() =>
      z.object({
        base: z.literal('EUR'),
        date: dateSchema,
        rates: z.array(exchangeRateSchema),
      }),
    ),
  }),
  /** Units of toCurrency per one fromCurrency; '1' when they match or one is missing (spec 2 §5). */
  getTransferExchangeRate: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          fromCurrencyCode: currencyCodeSchema.optional(),
          toCurrencyCode: currencyCodeSchema.optional(),
        })
        .strict(),
    ),
    response: lazySchema(() => z.object({ rate: rateSchema, date: dateSchema.nullable() })),
  }),
  getPaymentInstructions: defineMethod({
    request: lazySchema(() => z.object({ accountId: idSchema.optional() }).strict()),
    response: lazySchema(() => z.object({ instructions: z.array(paymentInstructionSchema) })),
  }),
  markPaymentInstructionViewed: defineMethod({
    request: lazySchema(() => z.object({ instructionId: idSchema }).strict()),
    response: lazySchema(() => z.object({ instruction: paymentInstructionSchema })),
  }),
  /**
   * Announcements in the caller's language (English fallback), newest first; withConfirmation
   * keeps only those still waiting for the customer's accept or decline.
   */
  getAnnouncements: defineMethod({
    request: lazySchema(() => z.object({ withConfirmation: z.boolean().optional() }).strict()),
    response: lazySchema(() => z.object({ announcements: z.array(announcementSchema) })),
  }),
  /** One announcement; reading it marks it read. */
  getAnnouncement: defineMethod({
    request: lazySchema(() => z.object({ id: idSchema }).strict()),
    response: lazySchema(() => z.object({ announcement: announcementSchema })),
  }),
  /** Accepts or declines an announcement that asks for confirmation; only once. */
  answerAnnouncement: defineMethod({
    request: lazySchema(() =>
      z.object({ id: idSchema, choice: z.enum(ANNOUNCEMENT_CHOICES) }).strict(),
    ),
    response: lazySchema(() => z.object({ announcement: announcementSchema })),
  }),
  /** The verification facts of the acting customer for the account-status banner. */
  getVerificationInfo: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: verificationInfoSchema,
  }),
};
