import { z } from 'zod';
import {
  CRYPTO_NETWORKS,
  EXTERNAL_TRANSFER_TYPES,
  INSTANT_KEY_TYPES,
  RAIL_STATUSES,
  WIRE_SCHEMES,
  WIRE_SCHEME_CURRENCY,
  isAbaRoutingNumberValid,
  isInstantKeyValid,
  isInteracAnswerValid,
  isSchemeCountry,
  isWalletAddressValid,
  needsBankAndBranchCode,
} from '@ledgerline/domain/external-transfers';
import { luhnValid } from '@ledgerline/domain/cards';
import type { ExtraParamRule } from '@ledgerline/domain/extra-params';
import { defineMethod } from '../define';
import { idSchema } from '../envelope';
import { moneySchema } from '../accounts/methods';
import { ibanSchema, swiftSchema } from '../bank-directory/methods';
import { currencyCodeSchema } from '../dictionaries/methods';
import { LIMIT_PERIODS, positiveAmountSchema, submitResultSchema } from '../transfers/methods';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * Transfers that leave the bank over an external rail (spec 2 §3 "Transfers", §5, §6, §7
 * "External transfers"): one submit per type — wire, EFT, OCT (card payout), crypto_eft,
 * instant_payment, interac — and the lookups of their forms. A submit answers exactly like
 * transferP2P (second factor modes 0–4, approval requests for initiate-only business users) and
 * needs the permission flag of its type in the own-account group (toOwnAccount: the customer pays
 * themself at another bank) or else the other-person group. The money goes from the account to the
 * rail's clearing account at once; the rail settles it later or returns it (getExternalTransferStatus).
 * Amounts are in the source account's currency (`currency` must be it).
 */

export { EXTERNAL_TRANSFER_TYPES, WIRE_SCHEMES, CRYPTO_NETWORKS, INSTANT_KEY_TYPES, RAIL_STATUSES };
export const externalTransferTypeSchema = lazySchema(() => z.enum(EXTERNAL_TRANSFER_TYPES));

const beneficiaryCountrySchema = lazySchema(() =>
  z.string().regex(/^[A-Z]{2}$/, 'validation.countryCode'),
);
const idempotencyKeySchema = lazySchema(() => z.uuid('validation.idempotencyKey'));
const nameSchema = lazySchema(() =>
  z.string().trim().min(1, 'validation.required').max(140, 'validation.tooLong'),
);
const optionalText = (max: number) => z.string().trim().max(max, 'validation.tooLong').optional();

/** An answer to one extra parameter of getExtraParams (nested ones are answered the same way, flat). */
export const extraParamValueSchema = lazySchema(() =>
  z
    .object({
      name: z.string().min(1).max(64),
      value: z.string().trim().max(256, 'validation.tooLong'),
    })
    .strict(),
);

/** Fields every external submit has. */
const commonFields = {
  fromAccount: idSchema,
  /** In the source account's currency. */
  amount: positiveAmountSchema,
  /** The source account's currency (refused when it is not). */
  currency: currencyCodeSchema,
  /** The beneficiary's (bank's) country. */
  countryCode: beneficiaryCountrySchema,
  idempotencyKey: idempotencyKeySchema,
  description: lazySchema(() => optionalText(140)),
  /** The beneficiary is the customer themself (own-account permission group); else other-person. */
  toOwnAccount: lazySchema(() => z.boolean().optional()),
  extraParams: lazySchema(() =>
    z.array(extraParamValueSchema).max(30, 'validation.tooMany').optional(),
  ),
};

type Ctx = z.core.$RefinementCtx;
const issue = (ctx: Ctx, path: string, message: string) =>
  ctx.addIssue({ code: 'custom', path: [path], message });

export const transferWireRequestSchema = lazySchema(() =>
  z
    .object({
      ...commonFields,
      scheme: z.enum(WIRE_SCHEMES),
      beneficiaryName: nameSchema,
      beneficiaryAddress: optionalText(256),
      /** SEPA needs it; SWIFT takes it or accountNumber. Paper form allowed; the server checks it with ibantools. */
      iban: ibanSchema.optional(),
      accountNumber: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9]{4,34}$/, 'validation.accountNumber')
        .optional(),
      /** BIC of the beneficiary bank (8 or 11 characters); SWIFT needs it. */
      swift: swiftSchema.optional(),
      /** ACH: the ABA routing number. */
      routingNumber: z.string().trim().optional(),
      /** Faster Payments: the six-digit sort code. */
      sortCode: z
        .string()
        .trim()
        .regex(/^\d{6}$/, 'validation.sortCode')
        .optional(),
      bankName: optionalText(140),
      bankAddress: optionalText(256),
    })
    .strict()
    .superRefine((value, ctx) => {
      const schemeCurrency = WIRE_SCHEME_CURRENCY[value.scheme];
      if (schemeCurrency !== null && value.currency !== schemeCurrency)
        issue(ctx, 'currency', 'validation.schemeCurrency');
      if (!isSchemeCountry(value.scheme, value.countryCode))
        issue(ctx, 'countryCode', 'validation.schemeCountry');
      if (value.scheme === 'sepa' && !value.iban) issue(ctx, 'iban', 'validation.required');
      if (value.scheme === 'swift') {
        if (!value.swift) issue(ctx, 'swift', 'validation.required');
        if (!value.iban && !value.accountNumber) issue(ctx, 'accountNumber', 'validation.required');
      }
      if (value.scheme === 'ach') {
        if (!value.accountNumber) issue(ctx, 'accountNumber', 'validation.required');
        if (!value.routingNumber) issue(ctx, 'routingNumber', 'validation.required');
        else if (!isAbaRoutingNumberValid(value.routingNumber))
          issue(ctx, 'routingNumber', 'validation.routingNumber');
      } else if (value.routingNumber !== undefined && !isAbaRoutingNumberValid(value.routingNumber))
        issue(ctx, 'routingNumber', 'validation.routingNumber');
      if (value.scheme === 'fasterPayments') {
        if (!value.accountNumber || !/^\d{8}$/.test(value.accountNumber))
          issue(
            ctx,
            'accountNumber',
            value.accountNumber ? 'validation.accountNumber' : 'validation.required',
          );
        if (!value.sortCode) issue(ctx, 'sortCode', 'validation.required');
      }
    }),
);

export const transferEftRequestSchema = lazySchema(() =>
  z
    .object({
      ...commonFields,
      beneficiaryName: nameSchema,
      accountNumber: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9-]{4,34}$/, 'validation.accountNumber'),
      /** Required in BR, JP, HK and LK (needsBankAndBranchCode), with branchCode. */
      bankCode: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9]{1,11}$/, 'validation.bankCode')
        .optional(),
      branchCode: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9-]{1,11}$/, 'validation.branchCode')
        .optional(),
      bankName: optionalText(140),
    })
    .strict()
    .superRefine((value, ctx) => {
      if (needsBankAndBranchCode(value.countryCode)) {
        if (!value.bankCode) issue(ctx, 'bankCode', 'validation.required');
        if (!value.branchCode) issue(ctx, 'branchCode', 'validation.required');
      }
    }),
);

export const transferOctRequestSchema = lazySchema(() =>
  z
    .object({
      ...commonFields,
      /** 12–19 digits (spaces allowed) passing Luhn; a blocked BIN (getBlockedBins) is refused. */
      cardNumber: z
        .string()
        .max(23, 'validation.cardNumber')
        .refine(luhnValid, 'validation.cardNumber'),
      cardholderName: nameSchema,
    })
    .strict(),
);

export const transferCryptoEftRequestSchema = lazySchema(() =>
  z
    .object({
      ...commonFields,
      network: z.enum(CRYPTO_NETWORKS),
      walletAddress: z.string().trim().max(100, 'validation.walletAddress'),
      beneficiaryName: nameSchema.optional(),
    })
    .strict()
    .superRefine((value, ctx) => {
      if (!isWalletAddressValid(value.network, value.walletAddress))
        issue(ctx, 'walletAddress', 'validation.walletAddress');
    }),
);

export const transferInstantPaymentRequestSchema = lazySchema(() =>
  z
    .object({
      ...commonFields,
      instantKeyType: z.enum(INSTANT_KEY_TYPES),
      instantKey: z.string().trim().max(77, 'validation.instantKey'),
      beneficiaryName: nameSchema.optional(),
    })
    .strict()
    .superRefine((value, ctx) => {
      if (!isInstantKeyValid(value.instantKeyType, value.instantKey))
        issue(ctx, 'instantKey', 'validation.instantKey');
    }),
);

export const transferInteracRequestSchema = lazySchema(() =>
  z
    .object({
      ...commonFields,
      beneficiaryName: nameSchema,
      /** One of email and phone (E.164) is required. */
      email: z.email('validation.email').max(254, 'validation.tooLong').optional(),
      phone: z
        .string()
        .trim()
        .regex(/^\+[1-9]\d{7,14}$/, 'validation.phone')
        .optional(),
      securityQuestion: z
        .string()
        .trim()
        .min(1, 'validation.required')
        .max(40, 'validation.tooLong'),
      /** 3–25 characters without spaces; kept only as a hash. */
      securityAnswer: z.string().refine(isInteracAnswerValid, 'validation.interacAnswer'),
    })
    .strict()
    .superRefine((value, ctx) => {
      if (!value.email && !value.phone) issue(ctx, 'email', 'validation.emailOrPhone');
      if (value.countryCode !== 'CA') issue(ctx, 'countryCode', 'validation.schemeCountry');
      if (value.currency !== 'CAD') issue(ctx, 'currency', 'validation.schemeCurrency');
    }),
);

/**
 * One extra parameter a transfer of a type to a country asks for. A select's `options` may wrap
 * an inner list (options.extraParams) that applies when the select's value is options.showWhen.
 * Labels come in the request's language.
 */
export interface ExtraParam {
  name: string;
  label: string;
  type: 'text' | 'select';
  required: boolean;
  /** A regular expression (source, anchored with ^ and $) a text value must match. */
  pattern: string | null;
  maxLength: number | null;
  values: { value: string; label: string }[];
  options: { showWhen: string | null; extraParams: ExtraParam[] } | null;
}
export const extraParamSchema: z.ZodType<ExtraParam> = lazySchema(() =>
  z.lazy(() =>
    z.object({
      name: z.string(),
      label: z.string(),
      type: z.enum(['text', 'select']),
      required: z.boolean(),
      pattern: z.string().nullable(),
      maxLength: z.number().int().nullable(),
      values: z.array(z.object({ value: z.string(), label: z.string() })),
      options: z
        .object({ showWhen: z.string().nullable(), extraParams: z.array(extraParamSchema) })
        .nullable(),
    }),
  ),
);

/** The parameters as domain's extra-parameter rule reads them (one check on both sides). */
export function extraParamRules(params: readonly ExtraParam[]): ExtraParamRule[] {
  return params.map((param) => ({
    name: param.name,
    kind: param.type,
    required: param.required,
    values: param.values.map((option) => option.value),
    pattern: param.pattern,
    maxLength: param.maxLength,
    nested: param.options
      ? {
          showWhen: param.options.showWhen,
          params: extraParamRules(param.options.extraParams),
        }
      : null,
  }));
}

/** What blocks an external transfer until the customer fixes it, and where (spec 2 §3 "Transfer details"). */
export const TRANSFER_REQUIREMENT_CODES = [
  'addressMissing',
  'addressOutOfDate',
  'addressNotActive',
  'taxIdMissing',
  'birthDayMissing',
] as const;
export const transferRequirementSchema = lazySchema(() =>
  z.object({
    code: z.enum(TRANSFER_REQUIREMENT_CODES),
    /** The check it fails. */
    check: z.enum([
      'isCustomerAddressDateValid',
      'isCustomerAddressMatchesActive',
      'isExtraParamsValid',
    ]),
    /** Where the customer fixes it (a route of the web client). */
    link: z.string(),
  }),
);
export type TransferRequirement = z.infer<typeof transferRequirementSchema>;

const limitRowSchema = lazySchema(() =>
  z.object({
    period: z.enum(LIMIT_PERIODS),
    limit: moneySchema,
    used: moneySchema,
    remaining: moneySchema,
    currency: currencyCodeSchema,
  }),
);

export const externalTransferStatusSchema = lazySchema(() =>
  z.object({
    transactionId: z.string(),
    type: externalTransferTypeSchema,
    status: z.enum(RAIL_STATUSES),
    amount: moneySchema,
    currency: currencyCodeSchema,
    fee: moneySchema,
    createdAt: z.string(),
    /** When the rail delivered it (status settled). */
    railSettledAt: z.string().nullable(),
    /** When it came back (status returned), with the rail's reason (ISO 20022 return code and text). */
    returnedAt: z.string().nullable(),
    returnReason: z.string().nullable(),
    /** The reversal that gave the money back (status returned). */
    reversalTransactionId: z.string().nullable(),
  }),
);
export type ExternalTransferStatus = z.infer<typeof externalTransferStatusSchema>;

const lookupFields = {
  type: externalTransferTypeSchema,
  fromAccount: idSchema,
  countryCode: beneficiaryCountrySchema,
};

export const externalTransferMethods = {
  transferWire: defineMethod({ request: transferWireRequestSchema, response: submitResultSchema }),
  transferEft: defineMethod({ request: transferEftRequestSchema, response: submitResultSchema }),
  transferOct: defineMethod({ request: transferOctRequestSchema, response: submitResultSchema }),
  transferCryptoEft: defineMethod({
    request: transferCryptoEftRequestSchema,
    response: submitResultSchema,
  }),
  transferInstantPayment: defineMethod({
    request: transferInstantPaymentRequestSchema,
    response: submitResultSchema,
  }),
  transferInterac: defineMethod({
    request: transferInteracRequestSchema,
    response: submitResultSchema,
  }),
  /** The fee of an external transfer, in the source currency. A wire's scheme defaults to the one the country and currency imply (SEPA, ACH, Faster Payments, else SWIFT). */
  getExternalTransferFee: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          ...lookupFields,
          amount: positiveAmountSchema,
          currency: currencyCodeSchema,
          scheme: z.enum(WIRE_SCHEMES).optional(),
        })
        .strict(),
    ),
    response: lazySchema(() => z.object({ fee: moneySchema, currency: currencyCodeSchema })),
  }),
  /** The most that can be sent now: the balance after the fee, the customer's limits or the rail's maximum, whichever is lowest (type says which). */
  getExternalMaxAmount: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          ...lookupFields,
          currency: currencyCodeSchema,
          scheme: z.enum(WIRE_SCHEMES).optional(),
        })
        .strict(),
    ),
    response: lazySchema(() =>
      z.object({
        maxAmount: moneySchema,
        currency: currencyCodeSchema,
        type: z.enum(['balance', 'limit', 'rail']),
        transferType: externalTransferTypeSchema,
      }),
    ),
  }),
  /** The customer's limits (shared with every transfer) and the rail's per-transfer bounds, in the source currency. */
  getExternalLimits: defineMethod({
    request: lazySchema(() => z.object(lookupFields).strict()),
    response: lazySchema(() =>
      z.object({
        limits: z.array(limitRowSchema),
        rail: z.object({
          minAmount: moneySchema,
          maxAmount: moneySchema,
          currency: currencyCodeSchema,
        }),
      }),
    ),
  }),
  /** The extra parameters a transfer of a type to a country asks for (possibly none); a wire's depend on its scheme (default as for the fee). */
  getExtraParams: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          type: externalTransferTypeSchema,
          countryCode: beneficiaryCountrySchema,
          currency: currencyCodeSchema,
          scheme: z.enum(WIRE_SCHEMES).optional(),
        })
        .strict(),
    ),
    response: lazySchema(() => z.object({ extraParams: z.array(extraParamSchema) })),
  }),
  /**
   * Whether the customer's stored address and details allow the transfer; a submit is refused
   * (TA1, validationErrors naming the requirement) while hasRequirements is true.
   */
  getTransferDetails: defineMethod({
    request: lazySchema(() => z.object(lookupFields).strict()),
    response: lazySchema(() =>
      z.object({
        hasRequirements: z.boolean(),
        type: externalTransferTypeSchema,
        details: z.object({
          requirements: z.array(transferRequirementSchema),
          /** The active (confirmed) address the transfer names as the payer's, if any. */
          address: z
            .object({
              address1: z.string(),
              city: z.string(),
              postalCode: z.string().nullable(),
              countryCode: z.string(),
            })
            .nullable(),
        }),
        isCustomerAddressDateValid: z.boolean(),
        isExtraParamsValid: z.boolean(),
        isCustomerAddressMatchesActive: z.boolean(),
      }),
    ),
  }),
  /** Where one of the customer's external transfers is on its rail. */
  getExternalTransferStatus: defineMethod({
    request: lazySchema(() =>
      z.object({ transactionId: z.uuid('validation.transactionId') }).strict(),
    ),
    response: externalTransferStatusSchema,
  }),
};
