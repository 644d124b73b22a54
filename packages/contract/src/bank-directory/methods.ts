import { z } from 'zod';
import { BANK_AND_BRANCH_CODE_COUNTRIES, INSTANT_KEY_TYPES } from '@ledgerline/domain';
import { defineMethod } from '../define';
import { idSchema } from '../envelope';
import { countryCodeSchema, currencyCodeSchema } from '../dictionaries/methods';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * Reference data behind external transfers (spec 2 §3 "Transfers", §5, §7 "Transfers"): the bank
 * directory (bank lists, branch codes, bank details by SWIFT and by IBAN), the payment-scheme
 * country lists, the blocked BIN list for card payouts (OCT), instant-payment key info, and the
 * customer's beneficiaries and wire/EFT payment templates.
 *
 * Field names are chosen for the client's number coercion (spec 1 §5, docs/decisions.md #4): every
 * bank code, branch code, postal code and account number sits under a key containing "bank"
 * (`bank`, `banks`, `bankBranches`, `bankDetails`, `bankAccount`), so "37040044" or "50667" stay
 * text. A bank missing from the directory answers HTTP 404 (ENOA, "not found") with the field in
 * validationErrors (`validation.bankNotFound`, `validation.branchNotFound`); a malformed SWIFT or
 * IBAN is TA1 (`validation.swift`, `validation.iban`).
 */

/** A SWIFT/BIC: spaces dropped, capitals; 8 characters (head office) or 11 (a branch, "XXX" = head office). */
export const swiftSchema = lazySchema(() =>
  z
    .string()
    .max(32, 'validation.tooLong')
    .transform((value) => value.replace(/\s/g, '').toUpperCase())
    // eslint-disable-next-line security/detect-unsafe-regex -- anchored, fixed lengths, no nested repetition: linear on any input
    .pipe(z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/, 'validation.swift')),
);

/** An IBAN in paper or electronic form; the server checks its country format and check digits (ibantools). */
export const ibanSchema = lazySchema(() =>
  z
    .string()
    .max(64, 'validation.tooLong')
    .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/, 'validation.iban')),
);

/** A national bank or branch code (BLZ, sort code, routing number, zengin code, agência…). */
export const bankCodeSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(16, 'validation.tooLong')
    .regex(/^[A-Za-z0-9]+$/, 'validation.bankCode'),
);
export const branchCodeSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(16, 'validation.tooLong')
    .regex(/^[A-Za-z0-9]+$/, 'validation.branchCode'),
);
/** A domestic account number: letters and digits (spaces and dashes dropped). */
export const accountNumberSchema = lazySchema(() =>
  z
    .string()
    .max(64, 'validation.tooLong')
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^[A-Za-z0-9]{4,34}$/, 'validation.accountNumber')),
);
const beneficiaryNameSchema = lazySchema(() =>
  z.string().trim().min(1, 'validation.required').max(140, 'validation.tooLong'),
);
const textSchema = (max: number) =>
  z.string().trim().min(1, 'validation.required').max(max, 'validation.tooLong');

/** Bank details by SWIFT (spec 2 §3): `code` is the BIC found (11 characters). */
export const bankBySwiftSchema = lazySchema(() =>
  z.object({
    address: z.string(),
    city: z.string(),
    zipCode: z.string(),
    countryIsoCode: countryCodeSchema,
    bankName: z.string(),
    code: z.string(),
  }),
);
export type BankBySwift = z.infer<typeof bankBySwiftSchema>;

/**
 * Bank details by IBAN (spec 2 §3). `branch` is the name of the branch the IBAN's branch
 * identifier names (GB sort code, FR guichet, ES oficina, IT CAB, BR agência) when the directory
 * knows it, else null, and the address is then the bank's; `country` is the country's name in the
 * request's language; `iban` the electronic form checked.
 */
export const bankByIbanSchema = lazySchema(() =>
  z.object({
    address: z.string(),
    branch: z.string().nullable(),
    city: z.string(),
    zipCode: z.string(),
    countryIsoCode: countryCodeSchema,
    country: z.string(),
    bankName: z.string(),
    swift: z.string().nullable(),
    bankCode: z.string(),
    branchCode: z.string().nullable(),
    iban: z.string(),
  }),
);
export type BankByIban = z.infer<typeof bankByIbanSchema>;

export const PAYMENT_TEMPLATE_TYPES = ['wire', 'eft'] as const;
export type PaymentTemplateType = (typeof PAYMENT_TEMPLATE_TYPES)[number];
/** card: a linked, verified card of another bank (a card payout, OCT, can go to it). */
export const BENEFICIARY_TYPES = ['wire', 'eft', 'p2p', 'card'] as const;
/** active: usable now; disabled: the user's permission flag for the type (otherPerson.wire / otherPerson.eft) is off. */
export const TEMPLATE_STATUSES = ['active', 'disabled'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

/** A wire beneficiary: an IBAN, or an account number with the bank's SWIFT (non-IBAN countries). */
export const wireBankDetailsSchema = lazySchema(() =>
  z
    .object({
      beneficiaryName: beneficiaryNameSchema,
      countryCode: countryCodeSchema,
      iban: ibanSchema.optional(),
      accountNumber: accountNumberSchema.optional(),
      swift: swiftSchema.optional(),
      bankName: textSchema(128).optional(),
      bankAddress: textSchema(256).optional(),
      currency: currencyCodeSchema.optional(),
    })
    .strict()
    .superRefine((value, ctx) => {
      if ((value.iban === undefined) === (value.accountNumber === undefined))
        ctx.addIssue({ code: 'custom', path: ['iban'], message: 'validation.ibanOrAccountNumber' });
      if (value.accountNumber !== undefined && value.swift === undefined)
        ctx.addIssue({ code: 'custom', path: ['swift'], message: 'validation.required' });
    }),
);
export type WireBankDetails = z.infer<typeof wireBankDetailsSchema>;

/** An EFT beneficiary: account number and bank code; the branch code too in BR, JP, HK and LK (spec 2 §5). */
export const eftBankDetailsSchema = lazySchema(() =>
  z
    .object({
      beneficiaryName: beneficiaryNameSchema,
      countryCode: countryCodeSchema,
      accountNumber: accountNumberSchema,
      bankCode: bankCodeSchema,
      branchCode: branchCodeSchema.optional(),
      currency: currencyCodeSchema.optional(),
    })
    .strict()
    .superRefine((value, ctx) => {
      if (
        (BANK_AND_BRANCH_CODE_COUNTRIES as readonly string[]).includes(value.countryCode) &&
        value.branchCode === undefined
      ) {
        ctx.addIssue({ code: 'custom', path: ['branchCode'], message: 'validation.required' });
      }
    }),
);
export type EftBankDetails = z.infer<typeof eftBankDetailsSchema>;

const templateBase = {
  id: idSchema,
  name: lazySchema(() => z.string()),
  createdAt: lazySchema(() => z.string()),
  updatedAt: lazySchema(() => z.string()),
};
/** A saved wire or EFT payee. wireStatus is set on wire templates, eftStatus on EFT ones (spec 2 §3). */
export const paymentTemplateSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({
      ...templateBase,
      type: z.literal('wire'),
      bankDetails: wireBankDetailsSchema,
      wireStatus: z.enum(TEMPLATE_STATUSES),
      eftStatus: z.null(),
    }),
    z.object({
      ...templateBase,
      type: z.literal('eft'),
      bankDetails: eftBankDetailsSchema,
      wireStatus: z.null(),
      eftStatus: z.enum(TEMPLATE_STATUSES),
    }),
  ]),
);
export type PaymentTemplate = z.infer<typeof paymentTemplateSchema>;

const templateNameSchema = lazySchema(() =>
  z.string().trim().min(1, 'validation.required').max(64, 'validation.tooLong'),
);
/** Creates a template, or replaces the name and details of one (`id`); at most 100 per customer. */
export const savePaymentTemplateRequestSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z
      .object({
        id: idSchema.optional(),
        type: z.literal('wire'),
        name: templateNameSchema,
        bankDetails: wireBankDetailsSchema,
      })
      .strict(),
    z
      .object({
        id: idSchema.optional(),
        type: z.literal('eft'),
        name: templateNameSchema,
        bankDetails: eftBankDetailsSchema,
      })
      .strict(),
  ]),
);

/**
 * Someone the customer pays outside the own accounts (spec 2 §3 "Beneficiaries"): a wire or EFT
 * template, a P2P payee (from the customer's P2P transfers) or a linked external card.
 * `bankAccount` is the IBAN or account number (wire, EFT) or the masked card number (card);
 * `email` the P2P payee's; `externalCardId` the card's id (getExternalCards).
 */
export const beneficiarySchema = lazySchema(() =>
  z.object({
    type: z.enum(BENEFICIARY_TYPES),
    /** The payment template's id (wire, EFT); null otherwise. */
    templateId: idSchema.nullable(),
    externalCardId: idSchema.nullable(),
    name: z.string(),
    beneficiaryName: z.string(),
    countryCode: countryCodeSchema.nullable(),
    bankName: z.string().nullable(),
    bankAccount: z.string().nullable(),
    email: z.string().nullable(),
    wireStatus: z.enum(TEMPLATE_STATUSES).nullable(),
    eftStatus: z.enum(TEMPLATE_STATUSES).nullable(),
    lastUsedAt: z.string().nullable(),
  }),
);
export type Beneficiary = z.infer<typeof beneficiarySchema>;

const bankItemSchema = lazySchema(() => z.object({ code: z.string(), name: z.string() }));
const branchItemSchema = lazySchema(() =>
  z.object({ code: z.string(), name: z.string(), city: z.string() }),
);

export const bankDirectoryMethods = {
  /** The directory's banks of a country, by name (an empty list for a country we hold none of). */
  getBankList: defineMethod({
    request: lazySchema(() => z.object({ countryCode: countryCodeSchema }).strict()),
    response: lazySchema(() => z.object({ banks: z.array(bankItemSchema) })),
  }),
  /** The branches of one bank (needed for EFT in BR, JP, HK and LK), by code. An unknown bank is 404 validation.bankNotFound. */
  getBranchCodes: defineMethod({
    request: lazySchema(() =>
      z.object({ countryCode: countryCodeSchema, bankCode: bankCodeSchema }).strict(),
    ),
    response: lazySchema(() => z.object({ bankBranches: z.array(branchItemSchema) })),
  }),
  /** Bank details by SWIFT/BIC; an 8-character BIC is the head office (XXX). Unknown: 404 validation.bankNotFound. */
  getBankBySwift: defineMethod({
    request: lazySchema(() => z.object({ swift: swiftSchema }).strict()),
    response: lazySchema(() => z.object({ bank: bankBySwiftSchema })),
  }),
  /** Bank details by IBAN; an invalid IBAN is TA1 validation.iban, a bank not in the directory 404 validation.bankNotFound. */
  getBankByIban: defineMethod({
    request: lazySchema(() => z.object({ iban: ibanSchema }).strict()),
    response: lazySchema(() => z.object({ bank: bankByIbanSchema })),
  }),
  /** Which countries each domestic scheme reaches: SEPA (EPC scope), ACH (US), Faster Payments (GB). */
  getPaymentSchemeCountries: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() =>
      z.object({
        sepa: z.array(countryCodeSchema),
        ach: z.array(countryCodeSchema),
        fasterPayments: z.array(countryCodeSchema),
      }),
    ),
  }),
  /**
   * Card BIN prefixes (6 to 8 digits) card payouts (OCT) are refused to. Mind the client's number
   * coercion: the items arrive as numbers, so compare with String(bin).
   */
  getBlockedBins: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() => z.object({ bins: z.array(z.string()) })),
  }),
  /**
   * Instant payments (BR PIX style) from the customer's side: the customer's tax id (null when not
   * on file), the key the customer is known by (taxId, else phone, else e-mail) and its type, the
   * key types a payee can be addressed by, and the banks of the country that take part. A country
   * without an instant scheme is TA1 countryCode validation.instantNotAvailable. A CPF/CNPJ key
   * comes punctuated (529.982.247-25); taxId comes as stored, so a digits-only one reaches the
   * browser as a number after the client's coercion (as getCustomerInfo's does).
   */
  getInstantInfo: defineMethod({
    request: lazySchema(() => z.object({ countryCode: countryCodeSchema }).strict()),
    response: lazySchema(() =>
      z.object({
        taxId: z.string().nullable(),
        instantKey: z.string().nullable(),
        instantKeyType: z.enum(INSTANT_KEY_TYPES).nullable(),
        keyTypes: z.array(z.enum(INSTANT_KEY_TYPES)),
        banks: z.array(bankItemSchema),
      }),
    ),
  }),
  /** The acting customer's beneficiaries: wire and EFT templates, P2P payees (most recent first), then verified external cards. */
  getBeneficiaries: defineMethod({
    request: lazySchema(() => z.object({ type: z.enum(BENEFICIARY_TYPES).optional() }).strict()),
    response: lazySchema(() => z.object({ beneficiaries: z.array(beneficiarySchema) })),
  }),
  /** The acting customer's payment templates (of one type when asked), by name. */
  getPaymentTemplates: defineMethod({
    request: lazySchema(() =>
      z.object({ type: z.enum(PAYMENT_TEMPLATE_TYPES).optional() }).strict(),
    ),
    response: lazySchema(() => z.object({ templates: z.array(paymentTemplateSchema) })),
  }),
  /** Creates or updates a template; the bank details are checked against the directory like a transfer's. */
  savePaymentTemplate: defineMethod({
    request: savePaymentTemplateRequestSchema,
    response: lazySchema(() => z.object({ template: paymentTemplateSchema })),
  }),
  /** Deletes one of the acting customer's templates; answers the templates left. Another customer's is 404. */
  deletePaymentTemplate: defineMethod({
    request: lazySchema(() => z.object({ id: idSchema }).strict()),
    response: lazySchema(() => z.object({ templates: z.array(paymentTemplateSchema) })),
  }),
};
