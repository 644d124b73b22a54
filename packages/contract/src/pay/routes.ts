import { z } from 'zod';
import { luhnValid } from '@ledgerline/domain/cards';
import { PAY_NAME_PATTERN } from '@ledgerline/domain/merchant-buttons';
import { moneySchema } from '../accounts/methods';
import { defineMethod, defineRoute } from '../define';
import { currencyCodeSchema } from '../dictionaries/methods';
import { errorEnvelopeSchema, idSchema, responseHeadSchema } from '../envelope';
import { PUBLIC_API_PREFIX } from '../merchant-api/routes';
import { positiveAmountSchema, submitResultSchema } from '../transfers/methods';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * Payment requests, the hosted pay page and refunds (issue 18 "pay"):
 * - the merchant's server creates a payment request with its key (scope payment-requests) and
 *   sends its customer to the answer's payUrl, `<brand origin>/pay/<token>`;
 * - the pay page reads what it shows without a session (GET /api/pay/:token) and a signed-in
 *   customer of the merchant's brand pays it with payPaymentRequest, finished by the transfer
 *   confirmation every money movement uses (confirmTransaction, modes 0–4);
 * - the merchant's server refunds a received payment in part or whole (scope payment-requests).
 * Every POST of the public API carries an Idempotency-Key header (merchant-api/openapi.ts).
 */

export const PAYMENT_REQUEST_STATUSES = ['open', 'paid', 'expired', 'cancelled'] as const;
export type PaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUSES)[number];

/** A request lives 7 days unless the merchant says otherwise; at most 30 days. */
export const PAYMENT_REQUEST_DEFAULT_MINUTES = 7 * 24 * 60;
export const PAYMENT_REQUEST_MAX_MINUTES = 30 * 24 * 60;
export const PAYMENT_DESCRIPTION_MAX = 256;
export const PAYMENT_REFERENCE_MAX = 128;

/** The pay link's secret: 32 random bytes in base64url. */
export const payTokenSchema = lazySchema(() =>
  z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'validation.invalidValue'),
);

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

const plainText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.tooLong')
    .refine((text) => !CONTROL_CHARACTERS.test(text), 'validation.invalidValue');

/** Where the pay page's "back to the merchant" link goes: http or https only. */
export const returnUrlSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .max(2048, 'validation.tooLong')
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
      } catch {
        return false;
      }
    }, 'validation.invalidValue'),
);

export const paymentRequestCreateSchema = lazySchema(() =>
  z.strictObject({
    /** In the currency's own decimals ("10.50" EUR); finer amounts are refused. */
    amount: positiveAmountSchema,
    currency: currencyCodeSchema,
    description: plainText(PAYMENT_DESCRIPTION_MAX),
    /** The merchant's own reference (an order number), echoed back and in the webhook. */
    reference: plainText(PAYMENT_REFERENCE_MAX).optional(),
    /** The receiving account; by default the company's (first) payment account in the currency. */
    accountId: idSchema.optional(),
    expiresInMinutes: z.number().int().min(1).max(PAYMENT_REQUEST_MAX_MINUTES).optional(),
    returnUrl: returnUrlSchema.optional(),
  }),
);
export type PaymentRequestCreate = z.input<typeof paymentRequestCreateSchema>;

export const paymentRequestSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    status: z.enum(PAYMENT_REQUEST_STATUSES),
    amount: moneySchema,
    currency: z.string(),
    description: z.string(),
    reference: z.string().nullable(),
    accountId: idSchema,
    /** The hosted pay page of the merchant's brand. */
    payUrl: z.string(),
    returnUrl: z.string().nullable(),
    expiresAt: z.string(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    /** The payment (a ledger transfer id, as /payments lists it) once paid. */
    paymentId: z.uuid().nullable(),
  }),
);
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

export const refundCreateSchema = lazySchema(() =>
  z.strictObject({ amount: positiveAmountSchema }),
);

export const refundSchema = lazySchema(() =>
  z.object({
    /** The refund's own payment (a ledger transfer id). */
    id: z.uuid(),
    paymentId: z.uuid(),
    amount: moneySchema,
    currency: z.string(),
    /** What may still be refunded of the payment after this refund. */
    refundable: moneySchema,
    createdAt: z.string(),
  }),
);
export type Refund = z.infer<typeof refundSchema>;

/** What the hosted pay page shows before sign-in: no ids, no accounts. */
export const payPageSchema = lazySchema(() =>
  z.object({
    merchantName: z.string(),
    brandId: z.string(),
    amount: moneySchema,
    currency: z.string(),
    description: z.string(),
    status: z.enum(PAYMENT_REQUEST_STATUSES),
    expiresAt: z.string(),
    returnUrl: z.string().nullable(),
    /** The merchant's logo (the button's own, else the company's default), a same-origin path; null when none. */
    logoUrl: z.string().nullable(),
  }),
);
export type PayPage = z.infer<typeof payPageSchema>;

/** MM/YY as printed on a card: the month 01–12. */
export const CARD_EXPIRY_PATTERN = /^(0[1-9]|1[0-2])\/(\d{2})$/;

/**
 * Paying a request by card on the pay page (issue 18 "card"): the number (spaces allowed, Luhn),
 * MM/YY, the 3- or 4-digit security code and the name on the card. Refusals name only the field,
 * never echo what was typed; the server keeps the brand and the last four digits only.
 */
export const payByCardSchema = lazySchema(() =>
  z.strictObject({
    cardNumber: z
      .string()
      .max(23, 'validation.cardNumber')
      .regex(/^[\d ]+$/, 'validation.cardNumber')
      .refine(luhnValid, 'validation.cardNumber'),
    expiry: z
      .string()
      .trim()
      .max(5, 'validation.cardExpiry')
      .regex(CARD_EXPIRY_PATTERN, 'validation.cardExpiry'),
    cvc: z.string().regex(/^\d{3,4}$/, 'validation.cardCvc'),
    holderName: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .max(64, 'validation.tooLong')
      .refine((text) => !CONTROL_CHARACTERS.test(text), 'validation.invalidValue'),
  }),
);
export type PayByCard = z.input<typeof payByCardSchema>;

/** A card payment's answer: the request is paid; the card is named by brand and last four digits. */
export const cardPaymentSchema = lazySchema(() =>
  z.object({
    status: z.literal('paid'),
    amount: moneySchema,
    currency: z.string(),
    cardBrand: z.string(),
    cardLast4: z.string(),
    returnUrl: z.string().nullable(),
  }),
);
export type CardPayment = z.infer<typeof cardPaymentSchema>;

/** A saved button's public id (16 random bytes in base64url, merchant-buttons). */
export const buttonPublicIdSchema = lazySchema(() =>
  z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'validation.invalidValue'),
);
/** A pay-by-name handle as the merchant-buttons settings keep it. */
export const payNameHandleSchema = lazySchema(() =>
  z.string().regex(PAY_NAME_PATTERN, 'validation.invalidValue'),
);

/** What a saved button's page shows before the payer continues to the pay page. */
export const payButtonPageSchema = lazySchema(() =>
  z.object({
    merchantName: z.string(),
    brandId: z.string(),
    logoUrl: z.string().nullable(),
    currency: z.string(),
    description: z.string(),
    /** The fixed amount; null when the payer types one (within minAmount/maxAmount when set). */
    amount: moneySchema.nullable(),
    minAmount: moneySchema.nullable(),
    maxAmount: moneySchema.nullable(),
  }),
);
export type PayButtonPage = z.infer<typeof payButtonPageSchema>;

/** What a pay-by-name page shows: who receives and in which currencies. */
export const payNamePageSchema = lazySchema(() =>
  z.object({
    merchantName: z.string(),
    brandId: z.string(),
    logoUrl: z.string().nullable(),
    currencies: z.array(z.string()),
  }),
);
export type PayNamePage = z.infer<typeof payNamePageSchema>;

export const payButtonStartSchema = lazySchema(() =>
  z.strictObject({
    /** Absent or equal to a fixed amount; required for an open one. */
    amount: positiveAmountSchema.optional(),
  }),
);
export type PayButtonStart = z.input<typeof payButtonStartSchema>;

export const payNameStartSchema = lazySchema(() =>
  z.strictObject({
    amount: positiveAmountSchema,
    currency: currencyCodeSchema,
    description: plainText(PAYMENT_DESCRIPTION_MAX).optional(),
  }),
);
export type PayNameStart = z.input<typeof payNameStartSchema>;

/** The payment request a button or pay-by-name page started: the pay page's token. */
const payStartedSchema = lazySchema(() => responseHeadSchema.extend({ token: payTokenSchema }));

const idParams = lazySchema(() =>
  z.strictObject({
    id: z
      .string()
      .regex(/^[1-9]\d{0,9}$/, 'validation.invalidValue')
      .transform(Number)
      .pipe(idSchema),
  }),
);

/** The public API v1's payment-request and refund calls (a key with the scope payment-requests). */
export const paymentRequestApiRoutes = {
  createPaymentRequest: defineRoute({
    method: 'POST',
    path: `${PUBLIC_API_PREFIX}/payment-requests`,
    auth: 'own',
    body: paymentRequestCreateSchema,
    response: lazySchema(() => responseHeadSchema.extend({ paymentRequest: paymentRequestSchema })),
    error: errorEnvelopeSchema,
  }),
  paymentRequest: defineRoute({
    method: 'GET',
    path: `${PUBLIC_API_PREFIX}/payment-requests/:id`,
    auth: 'own',
    params: idParams,
    response: lazySchema(() => responseHeadSchema.extend({ paymentRequest: paymentRequestSchema })),
    error: errorEnvelopeSchema,
  }),
  /** Cancel an open request nobody is paying: its link stops working. */
  cancelPaymentRequest: defineRoute({
    method: 'POST',
    path: `${PUBLIC_API_PREFIX}/payment-requests/:id/cancel`,
    auth: 'own',
    params: idParams,
    response: lazySchema(() => responseHeadSchema.extend({ paymentRequest: paymentRequestSchema })),
    error: errorEnvelopeSchema,
  }),
  /** Refund a received payment, in part or whole, back to the payer's account. */
  createRefund: defineRoute({
    method: 'POST',
    path: `${PUBLIC_API_PREFIX}/payments/:id/refunds`,
    auth: 'own',
    params: lazySchema(() => z.strictObject({ id: z.uuid('validation.invalidValue') })),
    body: refundCreateSchema,
    response: lazySchema(() => responseHeadSchema.extend({ refund: refundSchema })),
    error: errorEnvelopeSchema,
  }),
};

/** The hosted pay page's read: anyone with the link. */
export const payPageRoutes = {
  page: defineRoute({
    method: 'GET',
    path: '/api/pay/:token',
    auth: 'public',
    rateLimited: true,
    params: lazySchema(() => z.strictObject({ token: payTokenSchema })),
    response: lazySchema(() => responseHeadSchema.extend({ payment: payPageSchema })),
    error: errorEnvelopeSchema,
  }),
  /**
   * Pays the request by card through the card acquiring simulator (no session: anyone with the
   * link). A declined card answers validation.cardDeclined… and changes nothing.
   */
  payByCard: defineRoute({
    method: 'POST',
    path: '/api/pay/:token/card',
    auth: 'public',
    rateLimited: true,
    params: lazySchema(() => z.strictObject({ token: payTokenSchema })),
    body: payByCardSchema,
    response: lazySchema(() => responseHeadSchema.extend({ payment: cardPaymentSchema })),
    error: errorEnvelopeSchema,
  }),
  /** A saved button's page (/pay/button/:publicId); a disabled or unknown button is not found. */
  buttonPage: defineRoute({
    method: 'GET',
    path: '/api/pay/button/:publicId',
    auth: 'public',
    rateLimited: true,
    params: lazySchema(() => z.strictObject({ publicId: buttonPublicIdSchema })),
    response: lazySchema(() => responseHeadSchema.extend({ button: payButtonPageSchema })),
    error: errorEnvelopeSchema,
  }),
  /** Starts paying a saved button: a payment request of the merchant, its token for /pay/:token. */
  startButtonPayment: defineRoute({
    method: 'POST',
    path: '/api/pay/button/:publicId',
    auth: 'public',
    rateLimited: true,
    params: lazySchema(() => z.strictObject({ publicId: buttonPublicIdSchema })),
    body: payButtonStartSchema,
    response: payStartedSchema,
    error: errorEnvelopeSchema,
  }),
  /** A pay-by-name page (/pay/name/:handle) of the site's brand; off or unknown is not found. */
  namePage: defineRoute({
    method: 'GET',
    path: '/api/pay/name/:handle',
    auth: 'public',
    rateLimited: true,
    params: lazySchema(() => z.strictObject({ handle: payNameHandleSchema })),
    response: lazySchema(() => responseHeadSchema.extend({ payee: payNamePageSchema })),
    error: errorEnvelopeSchema,
  }),
  /** Starts paying by name: a payment request into the account the settings name for the currency. */
  startNamePayment: defineRoute({
    method: 'POST',
    path: '/api/pay/name/:handle',
    auth: 'public',
    rateLimited: true,
    params: lazySchema(() => z.strictObject({ handle: payNameHandleSchema })),
    body: payNameStartSchema,
    response: payStartedSchema,
    error: errorEnvelopeSchema,
  }),
};

export const paymentRequestQuoteSchema = lazySchema(() =>
  z.object({
    fromAccount: idSchema,
    amount: moneySchema,
    /** The payer's P2P fee, in the same currency. */
    fee: moneySchema,
    total: moneySchema,
    currency: z.string(),
  }),
);
export type PaymentRequestQuote = z.infer<typeof paymentRequestQuoteSchema>;

/** Paying a payment request from the pay page: the quote, then the same submit answer as transferP2P. */
export const payMethods = {
  quotePaymentRequest: defineMethod({
    request: lazySchema(() => z.object({ token: payTokenSchema, fromAccount: idSchema }).strict()),
    response: lazySchema(() => z.object({ quote: paymentRequestQuoteSchema })),
  }),
  payPaymentRequest: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          token: payTokenSchema,
          fromAccount: idSchema,
          idempotencyKey: z.uuid('validation.idempotencyKey'),
        })
        .strict(),
    ),
    response: submitResultSchema,
  }),
};
