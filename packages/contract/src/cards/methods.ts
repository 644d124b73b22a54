import { z } from 'zod';
import { defineMethod } from '../define';
import { idSchema } from '../envelope';
import { CARD_BRANDS, accountSchema, moneySchema } from '../accounts/methods';
import { countryCodeSchema, currencyCodeSchema } from '../dictionaries/methods';
import { approveTypeSchema } from '../transfers/methods';
import type { ExtraParamRule } from '@ledgerline/domain/extra-params';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * Cards (spec 2 §2 "Card routing rules", §3 "Card and related data", §4 card statuses and
 * actions, §7 "Accounts and cards"). A card is an account of type 2006–2135 whose
 * accountStatusId is the card status; every method checks the card belongs to the customer the
 * call acts for (else ENOA, not found) and that cardActions() allows the action for the card's
 * status and kind (else TA1 with a description).
 */

/** Card types of spec 2 §3: 2006 to 2135. */
export const cardTypeSchema = lazySchema(() => z.number().int().min(2006).max(2135));
export const cardBrandSchema = lazySchema(() => z.enum(CARD_BRANDS));
export type CardBrand = z.infer<typeof cardBrandSchema>;
/** A money-moving call's retry key: a retry with the same key answers the first result. */
const idempotencyKeySchema = lazySchema(() => z.uuid('Must be a UUID'));
const cardAccountRequest = lazySchema(() => z.object({ accountId: idSchema }).strict());

/** The secrets a card shows only after a step-up (issue 13): its PIN, or a virtual card's details. */
export const CARD_SECRETS = ['pin', 'details'] as const;
export type CardSecret = (typeof CARD_SECRETS)[number];

/**
 * A card secret asked for with the step-up startCardSecretReveal began: its operationId and the
 * code (SMS, e-mail or authenticator app; none for push). A missing operationId is 'Not Operation
 * Id, Fail Operation' (spec 2 §4), as for confirmTransaction.
 */
const cardSecretRequest = lazySchema(() =>
  z
    .object({
      accountId: idSchema,
      operationId: z.uuid('validation.operationId').optional(),
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, 'validation.sixDigitCode')
        .optional(),
    })
    .strict(),
);
const accountAnswer = lazySchema(() => z.object({ account: accountSchema }));

export const CARD_SHIPPING_TYPES = ['standard', 'express', 'none'] as const;
/**
 * Why a shipping choice cannot be picked (spec 2 §3 "shipping list … disabledReasons"):
 * express is not offered in the country, or the customer's fee account cannot pay for it.
 */
export const CARD_SHIPPING_DISABLED_REASONS = [
  'notAvailableInCountry',
  'noFeeAccountBalance',
] as const;

export const cardProductSchema = lazySchema(() =>
  z.object({
    cardType: cardTypeSchema,
    /** The product's English name; the web shows its own translation by cardType when it has one. */
    name: z.string(),
    isVirtual: z.boolean(),
    currencies: z.array(currencyCodeSchema),
    brand: cardBrandSchema,
    /** DEBIT cards spend from the settlement (payment) account; PREPAID cards hold their own balance. */
    subType: z.enum(['DEBIT', 'PREPAID']),
  }),
);
export type CardProduct = z.infer<typeof cardProductSchema>;

export const cardShippingSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    type: z.enum(CARD_SHIPPING_TYPES),
    fee: moneySchema,
    /** Working days, as text: "5-7", "1-2"; "0" for a virtual card. */
    deliveryTime: z.string(),
    disabledReasons: z.array(z.enum(CARD_SHIPPING_DISABLED_REASONS)),
  }),
);
export type CardShipping = z.infer<typeof cardShippingSchema>;

export const cardFeesSchema = lazySchema(() =>
  z.object({
    annual: moneySchema,
    issue: moneySchema,
    monthly: moneySchema,
    currency: currencyCodeSchema,
    shipping: z.array(cardShippingSchema),
  }),
);
export type CardFees = z.infer<typeof cardFeesSchema>;

/** One extra parameter of a form (spec 2 §3 "Extra parameters"); some wrap an inner list under options.extraParams. */
export interface CardExtraParam {
  name: string;
  label: string;
  type: 'text' | 'select' | 'group';
  required: boolean;
  /** Format hint for text parameters: a regular expression the value must match. */
  pattern?: string | undefined;
  options?:
    | {
        values?: { value: string; label: string }[] | undefined;
        extraParams?: CardExtraParam[] | undefined;
      }
    | undefined;
}
export const cardExtraParamSchema: z.ZodType<CardExtraParam> = lazySchema(() =>
  z.lazy(() =>
    z.object({
      name: z.string(),
      label: z.string(),
      type: z.enum(['text', 'select', 'group']),
      required: z.boolean(),
      pattern: z.string().optional(),
      options: z
        .object({
          values: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
          extraParams: z.array(cardExtraParamSchema).optional(),
        })
        .optional(),
    }),
  ),
);

/** A card form's parameters as domain's extra-parameter rule reads them; a group's list always applies. */
export function cardExtraParamRules(params: readonly CardExtraParam[]): ExtraParamRule[] {
  return params.map((param) => ({
    name: param.name,
    kind: param.type,
    required: param.required,
    values: (param.options?.values ?? []).map((option) => option.value),
    pattern: param.pattern ?? null,
    maxLength: null,
    nested: param.options?.extraParams
      ? { showWhen: null, params: cardExtraParamRules(param.options.extraParams) }
      : null,
  }));
}

/**
 * A new card PIN (spec 2 §7 "change PIN (accountId, confirm, pin, pinRepeat)"): four digits,
 * typed twice, not an obvious one. Messages are i18n keys.
 */
export const TRIVIAL_PINS = new Set([
  '1234',
  '4321',
  '0123',
  '3210',
  '1212',
  '6789',
  '9876',
  '2580',
]);
export function isTrivialPin(pin: string): boolean {
  return /^(\d)\1{3}$/.test(pin) || TRIVIAL_PINS.has(pin);
}
const cardPinShape = {
  pin: lazySchema(() => z.string().regex(/^\d{4}$/, 'validation.cardPinFormat')),
  pinRepeat: lazySchema(() => z.string().regex(/^\d{4}$/, 'validation.cardPinFormat')),
  confirm: lazySchema(() => z.literal(true, 'validation.cardPinConfirm')),
};
function checkPinPair(value: { pin: string; pinRepeat: string }, ctx: z.RefinementCtx): void {
  if (isTrivialPin(value.pin))
    ctx.addIssue({ code: 'custom', path: ['pin'], message: 'validation.cardPinTooSimple' });
  if (value.pin !== value.pinRepeat)
    ctx.addIssue({ code: 'custom', path: ['pinRepeat'], message: 'validation.cardPinMismatch' });
}
/** The PIN form's fields, for the web form; the server checks the same rules. */
export const cardPinFieldsSchema = lazySchema(() =>
  z.object(cardPinShape).superRefine(checkPinPair),
);

export const binInfoSchema = lazySchema(() =>
  z.object({
    /** The six digits looked up (spaces removed). */
    binNumber: z.string(),
    issuer: z.string().nullable(),
    cardBrand: cardBrandSchema.nullable(),
    /** 'classic', 'gold', 'platinum', 'business', … */
    cardCategory: z.string().nullable(),
    cardType: z.enum(['debit', 'credit']).nullable(),
    countryCode: z.string().nullable(),
    currencyCode: z.string().nullable(),
    isCommercial: z.boolean(),
    isPrepaid: z.boolean(),
    /** False when no range of the BIN table holds the number. */
    valid: z.boolean(),
  }),
);
export type BinInfo = z.infer<typeof binInfoSchema>;

export const EXTERNAL_CARD_STATUSES = ['pendingVerification', 'verified', 'failed'] as const;
export const externalCardSchema = lazySchema(() =>
  z.object({
    cardId: idSchema,
    maskedCardNumber: z.string(),
    cardBrand: cardBrandSchema.nullable(),
    issuer: z.string().nullable(),
    expiryMonth: z.number().int().min(1).max(12),
    expiryYear: z.number().int(),
    holderName: z.string(),
    status: z.enum(EXTERNAL_CARD_STATUSES),
    /** Tries left to enter the verification amount; 0 once verified or failed. */
    attemptsLeft: z.number().int().min(0),
    /** The currency the verification charge was made in: the customer enters its amount in it. */
    verificationCurrency: currencyCodeSchema,
    createdAt: z.string(),
  }),
);
export type ExternalCard = z.infer<typeof externalCardSchema>;

/** Card number as typed: digits with optional spaces or dashes. */
const typedCardNumberSchema = lazySchema(() =>
  z
    .string()
    .max(32, 'validation.tooLong')
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'validation.cardNumber')),
);

export const cardMethods = {
  /** The card products a customer may apply for in a country (the customer's residence country by default). */
  getCardApplyInfo: defineMethod({
    request: lazySchema(() => z.object({ countryCode: countryCodeSchema.optional() }).strict()),
    response: lazySchema(() =>
      z.object({ countryCode: countryCodeSchema, products: z.array(cardProductSchema) }),
    ),
  }),
  /** Fees of one product in one currency, with the shipping choices and why some cannot be picked. */
  getCardFees: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          cardType: cardTypeSchema,
          countryCode: countryCodeSchema.optional(),
          currencyCode: currencyCodeSchema,
        })
        .strict(),
    ),
    response: cardFeesSchema,
  }),
  /** Records an application (nothing is charged yet); a retry with the same key answers the first application. */
  applyCard: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          cardType: cardTypeSchema,
          currencyCode: currencyCodeSchema,
          shippingId: idSchema.optional(),
          feeAccountId: idSchema,
          idempotencyKey: idempotencyKeySchema,
        })
        .strict(),
    ),
    response: lazySchema(() =>
      z.object({
        applicationId: idSchema,
        fees: z.object({
          issue: moneySchema,
          shipping: moneySchema,
          total: moneySchema,
          currency: currencyCodeSchema,
        }),
      }),
    ),
  }),
  /** Charges the application's fees and creates the card account (status 0 submitted); confirming twice answers the same card. */
  confirmCardApplication: defineMethod({
    request: lazySchema(() => z.object({ applicationId: idSchema }).strict()),
    response: accountAnswer,
  }),
  pauseCard: defineMethod({ request: cardAccountRequest, response: accountAnswer }),
  unpauseCard: defineMethod({ request: cardAccountRequest, response: accountAnswer }),
  /** Blocks the card for good (status 4 canceled). */
  blockCard: defineMethod({ request: cardAccountRequest, response: accountAnswer }),
  /** Renames a virtual card; an empty name clears the alias. */
  setCardAlias: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          accountId: idSchema,
          cardAliasName: z.string().trim().max(40, 'validation.tooLong'),
        })
        .strict(),
    ),
    response: accountAnswer,
  }),
  /** A new card replaces the old one (which is canceled); answers the new card account. */
  reissueCard: defineMethod({
    request: lazySchema(() =>
      z.object({ accountId: idSchema, isExpressShipping: z.boolean() }).strict(),
    ),
    response: accountAnswer,
  }),
  /** Moves a physical card still being made to express shipping, charging the difference. */
  upgradeCardShipping: defineMethod({ request: cardAccountRequest, response: accountAnswer }),
  getCardActivationData: defineMethod({
    request: cardAccountRequest,
    response: lazySchema(() =>
      z.object({
        fees: moneySchema,
        feeCurrency: currencyCodeSchema,
        extraParams: z.array(cardExtraParamSchema),
      }),
    ),
  }),
  /** Activates a physical card that arrived: extraParams answer getCardActivationData's list. */
  activateCard: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          accountId: idSchema,
          extraParams: z
            .record(z.string().max(64), z.string().max(128))
            .refine((value) => Object.keys(value).length <= 20, 'validation.tooLong'),
          feeAccountId: idSchema.optional(),
        })
        .strict(),
    ),
    response: accountAnswer,
  }),
  changeCardPin: defineMethod({
    request: lazySchema(() =>
      z
        .object({ accountId: idSchema, ...cardPinShape })
        .strict()
        .superRefine(checkPinPair),
    ),
    response: accountAnswer,
  }),
  /**
   * Starts the step-up before a card secret is shown: sends the code (SMS, e-mail) or the phone-app
   * request of the user's own second factor (an e-mailed code when the customer confirms nothing).
   * Only a user with full access to the card's customer may ask (issue 13).
   */
  startCardSecretReveal: defineMethod({
    request: lazySchema(() =>
      z.object({ accountId: idSchema, secret: z.enum(CARD_SECRETS) }).strict(),
    ),
    response: lazySchema(() =>
      z.object({
        operationId: z.string(),
        approveType: approveTypeSchema,
        /** Masked phone or e-mail the code went to; null for push and TOTP. */
        approvalSentTo: z.string().nullable(),
        availableApprovalMethods: z.array(approveTypeSchema),
      }),
    ),
  }),
  /** The PIN, with the step-up startCardSecretReveal began; one step-up shows it once. */
  showCardPin: defineMethod({
    request: cardSecretRequest,
    response: lazySchema(() => z.object({ pin: z.string() })),
  }),
  /** Number, expiry and CVV of a virtual card (a physical card's are printed on it), with the step-up as for showCardPin. */
  getCardDetails: defineMethod({
    request: cardSecretRequest,
    response: lazySchema(() =>
      z.object({
        cardNumber: z.string(),
        expiryMonth: z.number().int().min(1).max(12),
        expiryYear: z.number().int(),
        cvv: z.string(),
        holderName: z.string(),
      }),
    ),
  }),
  /** BIN lookup (spec 2 §5): the first six digits, spaces removed; an unknown BIN answers valid false. */
  getBinInfo: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          binNumber: z
            .string()
            .max(32, 'validation.tooLong')
            .transform((value) => value.replace(/\s/g, ''))
            .pipe(z.string().regex(/^\d{6,19}$/, 'validation.binNumber')),
        })
        .strict(),
    ),
    response: binInfoSchema,
  }),
  getExternalCards: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() => z.object({ cards: z.array(externalCardSchema) })),
  }),
  /** Links another bank's card: charges it a small random amount the customer then confirms. */
  addExternalCard: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          cardNumber: typedCardNumberSchema,
          expiryMonth: z
            .number()
            .int()
            .min(1, 'validation.cardExpiry')
            .max(12, 'validation.cardExpiry'),
          expiryYear: z
            .number()
            .int()
            .min(2000, 'validation.cardExpiry')
            .max(2100, 'validation.cardExpiry'),
          holderName: z.string().trim().min(1, 'validation.required').max(64, 'validation.tooLong'),
          idempotencyKey: idempotencyKeySchema,
        })
        .strict(),
    ),
    response: lazySchema(() => z.object({ card: externalCardSchema })),
  }),
  /** The amount of the verification charge, as the customer read it on their statement; three tries. */
  confirmExternalCard: defineMethod({
    request: lazySchema(() => z.object({ cardId: idSchema, amount: moneySchema }).strict()),
    response: lazySchema(() => z.object({ card: externalCardSchema })),
  }),
  deleteExternalCard: defineMethod({
    request: lazySchema(() => z.object({ cardId: idSchema }).strict()),
    response: lazySchema(() => z.object({ cardId: idSchema })),
  }),
};
