import { z } from 'zod';
import { emailAddressSchema } from '@ledgerline/domain/registration';
import { defineMethod } from '../define';
import { idSchema } from '../envelope';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * The company's own details (spec 2 §3 "Business company info", §7 "Business registration and
 * management: business info get") and its payment e-mail addresses (spec 2 §2 "payment emails",
 * /company-emails). Every method acts for the customer the call acts for (Customer-Id /
 * fromCustomerId), which must be a business: a personal customer's call is "not found". Anyone
 * with access to the company reads; full access (2) changes the contact details, the financial
 * details and the due diligence (an administrator acting for the company has full access: spec 2
 * §6 "update financial details and due diligence"), each audited. Legal facts (name, registration
 * number, country and date, tax id, registered address) are the bank's record and are not
 * changed here. Field messages are i18n keys (`validation.*`).
 */

/** Whitespace-collapsed, trimmed text of at most `max` characters. */
function text(max: number) {
  return z
    .string()
    .max(max * 4, 'validation.tooLong')
    .transform((value) => value.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, 'validation.required').max(max, 'validation.tooLong'));
}

const countryCodeInputSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(2, 'validation.countryCode')
    .regex(/^[A-Z]{2}$/, 'validation.countryCode'),
);

export const companyAddressInputSchema = lazySchema(() =>
  z
    .object({
      address1: text(256),
      address2: text(256).optional(),
      city: text(128),
      postalCode: text(32),
      countryCode: countryCodeInputSchema,
    })
    .strict(),
);
export type CompanyAddressInput = z.infer<typeof companyAddressInputSchema>;

/** http(s) address of the company's website, at most 256 characters. */
export const websiteSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .max(256, 'validation.tooLong')
    .refine((value) => {
      try {
        const url = new URL(value);
        return (
          (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.')
        );
      } catch {
        return false;
      }
    }, 'companyInfo.errors.website'),
);

// ---- Financial details and due diligence (our structured shape; the spec names them only) ----

export const ANNUAL_TURNOVER_BANDS = ['under100k', '100kTo1m', '1mTo10m', 'over10m'] as const;
export const MONTHLY_VOLUME_BANDS = ['under10k', '10kTo100k', '100kTo1m', 'over1m'] as const;
export const EMPLOYEE_BANDS = ['1to10', '11to50', '51to250', 'over250'] as const;
export const BUSINESS_SOURCES_OF_FUNDS = [
  'tradingIncome',
  'shareCapital',
  'investment',
  'loans',
  'grants',
] as const;
export const ACCOUNT_PURPOSES = [
  'supplierPayments',
  'customerPayments',
  'payroll',
  'treasury',
  'international',
] as const;
/** Industry groups of spec 2 §3 dictionaries ("mainstream, financial, investment"). */
export const INDUSTRY_GROUPS = ['mainstream', 'financial', 'investment'] as const;

export const financialDetailSchema = lazySchema(() =>
  z
    .object({
      annualTurnover: z.enum(ANNUAL_TURNOVER_BANDS, 'validation.chooseOne'),
      expectedMonthlyVolume: z.enum(MONTHLY_VOLUME_BANDS, 'validation.chooseOne'),
      employees: z.enum(EMPLOYEE_BANDS, 'validation.chooseOne'),
      sourceOfFunds: z.enum(BUSINESS_SOURCES_OF_FUNDS, 'validation.chooseOne'),
    })
    .strict(),
);
export type FinancialDetail = z.infer<typeof financialDetailSchema>;

export const dueDiligenceSchema = lazySchema(() =>
  z
    .object({
      industry: z.enum(INDUSTRY_GROUPS, 'validation.chooseOne'),
      purposes: z
        .array(z.enum(ACCOUNT_PURPOSES, 'validation.chooseOne'))
        .min(1, 'validation.chooseOne')
        .max(ACCOUNT_PURPOSES.length)
        .refine((items) => new Set(items).size === items.length, 'validation.chooseOne'),
      countriesOfBusiness: z
        .array(countryCodeInputSchema)
        .min(1, 'validation.required')
        .max(30, 'validation.tooMany')
        .refine((items) => new Set(items).size === items.length, 'validation.countryCode'),
      handlesCash: z.boolean(),
      /** A director, owner or their close family holds a prominent public function (PEP). */
      hasPoliticallyExposedPerson: z.boolean(),
    })
    .strict(),
);
export type DueDiligenceQuestionnaire = z.infer<typeof dueDiligenceSchema>;

// ---- Answers ----

export const companyAddressSchema = lazySchema(() =>
  z.object({
    /** registered: the legal seat (bank's record); trading: where it trades or takes post (the company's). */
    type: z.enum(['registered', 'trading']),
    address1: z.string(),
    address2: z.string().nullable(),
    city: z.string(),
    postalCode: z.string().nullable(),
    countryCode: z.string(),
  }),
);
export type CompanyAddress = z.infer<typeof companyAddressSchema>;

export const businessInfoSchema = lazySchema(() =>
  z.object({
    customerId: idSchema,
    name: z.string(),
    registrationCountryCode: z.string().nullable(),
    tradingName: z.string().nullable(),
    email: z.string().nullable(),
    registrationNumber: z.string().nullable(),
    registrationDate: z.string().nullable(),
    businessTaxId: z.string().nullable(),
    website: z.string().nullable(),
    description: z.string().nullable(),
    verified: z.boolean(),
    limited: z.boolean(),
    addresses: z.array(companyAddressSchema),
    phone: z.object({ countryCode: z.string(), number: z.string() }).nullable(),
    /** Null when not given yet, or hidden from a documents-only representative (5). */
    financialDetail: financialDetailSchema.nullable(),
    dueDiligenceQuestionnaire: dueDiligenceSchema.nullable(),
    isConverted: z.boolean(),
    updatedAt: z.string().nullable(),
  }),
);
export type BusinessInfo = z.infer<typeof businessInfoSchema>;

export const companyPaymentEmailSchema = lazySchema(() =>
  z.object({
    emailId: idSchema,
    email: z.string(),
    confirmed: z.boolean(),
    createdAt: z.string(),
  }),
);
export type CompanyPaymentEmail = z.infer<typeof companyPaymentEmailSchema>;

/** A six-digit code typed from the e-mail; spaces and dashes are ignored. */
const codeSchema = lazySchema(() =>
  z
    .string()
    .max(32, 'validation.sixDigitCode')
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .min(1, 'validation.required')
        .regex(/^\d{6}$/, 'validation.sixDigitCode'),
    ),
);

/** At most this many payment e-mail addresses per company. */
export const MAX_COMPANY_PAYMENT_EMAILS = 10;

export const companyMethods = {
  getBusinessInfo: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() => z.object({ businessInfo: businessInfoSchema })),
  }),
  /** Only the fields given change; at least one is needed. */
  updateBusinessContact: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          email: emailAddressSchema.optional(),
          website: websiteSchema.optional(),
          description: text(1000).optional(),
          phoneCountryCode: countryCodeInputSchema.optional(),
          phone: z
            .string()
            .trim()
            .max(32, 'validation.tooLong')
            .regex(/^\+?[\d\s().-]{4,31}$/, 'validation.phoneNumber')
            .optional(),
          tradingAddress: companyAddressInputSchema.optional(),
        })
        .strict()
        .refine((input) => Object.values(input).some((value) => value !== undefined), {
          message: 'validation.required',
        })
        .refine((input) => (input.phone === undefined) === (input.phoneCountryCode === undefined), {
          message: 'validation.phoneNumber',
          path: ['phone'],
        }),
    ),
    response: lazySchema(() => z.object({ businessInfo: businessInfoSchema })),
  }),
  updateBusinessFinancialDetail: defineMethod({
    request: lazySchema(() => z.object({ financialDetail: financialDetailSchema }).strict()),
    response: lazySchema(() => z.object({ businessInfo: businessInfoSchema })),
  }),
  updateBusinessDueDiligence: defineMethod({
    request: lazySchema(() => z.object({ dueDiligenceQuestionnaire: dueDiligenceSchema }).strict()),
    response: lazySchema(() => z.object({ businessInfo: businessInfoSchema })),
  }),

  getCompanyPaymentEmails: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() => z.object({ emails: z.array(companyPaymentEmailSchema) })),
  }),
  /** Adds an address and sends a six-digit code to it (valid codeExpiresInSeconds). */
  addCompanyPaymentEmail: defineMethod({
    request: lazySchema(() => z.object({ email: emailAddressSchema }).strict()),
    response: lazySchema(() =>
      z.object({
        email: companyPaymentEmailSchema,
        codeExpiresInSeconds: z.number().int(),
      }),
    ),
  }),
  confirmCompanyPaymentEmail: defineMethod({
    request: lazySchema(() =>
      z.object({ emailId: idSchema, confirmationCode: codeSchema }).strict(),
    ),
    response: lazySchema(() => z.object({ email: companyPaymentEmailSchema })),
  }),
  resendCompanyPaymentEmailCode: defineMethod({
    request: lazySchema(() => z.object({ emailId: idSchema }).strict()),
    response: lazySchema(() =>
      z.object({ emailId: idSchema, codeExpiresInSeconds: z.number().int() }),
    ),
  }),
  deleteCompanyPaymentEmail: defineMethod({
    request: lazySchema(() => z.object({ emailId: idSchema }).strict()),
    response: lazySchema(() => z.object({ deleted: z.literal(true), emailId: idSchema })),
  }),
};
