import { z } from 'zod';
import {
  CLAIM_SECRET_PATTERN,
  GLOBAL_BATCH_STATUSES,
  GLOBAL_PAY_BENEFICIARY_TYPES,
  GLOBAL_PAY_FEE_SHARES,
  GLOBAL_PAY_MAX_PAYMENTS,
  GLOBAL_PAY_METHODS,
  GLOBAL_PAYMENT_STATUSES,
  GLOBAL_SUMMARY_STATUSES,
} from '@ledgerline/domain/global-pay';
import { LANGUAGES } from '@ledgerline/domain/languages';
import { moneySchema } from '../accounts/methods';
import { swiftSchema, ibanSchema } from '../bank-directory/methods';
import { defineMethod } from '../define';
import { countryCodeSchema, currencyCodeSchema } from '../dictionaries/methods';
import { idSchema } from '../envelope';
import { approveTypeSchema, positiveAmountSchema } from '../transfers/methods';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * Global payouts (issue 17; spec 2 §3 "Global payout (recipient side)", "Mass and global batch";
 * §4 "Global payout, recipient flow", "Global-pay batch"; §7 "Global pay (sender batches)" and
 * "Global pay (recipient)"). The sender is a business with the `mass.global` flag acting for its
 * company; the recipient has no account and proves itself with the claim secret of the e-mailed
 * link /receive/<paymentSecret>. Money is a decimal string in the batch's currency.
 *
 * Refusals keep the envelope and name the field and the reason in validationErrors with a key of
 * their own (`globalPay.*`), so the screen can say what went wrong (spec 2 §8: global-pay calls
 * handle their errors on the screen). A secret that names no payment is 404 ENOA.
 */

/** Batch lists a page (spec 2 §9: batch lists 20). */
export const GLOBAL_PAY_PAGE_SIZE = 20;

export const globalPayMethodSchema = lazySchema(() => z.enum(GLOBAL_PAY_METHODS));
export const globalPaymentStatusSchema = lazySchema(() => z.enum(GLOBAL_PAYMENT_STATUSES));
export const globalBatchStatusSchema = lazySchema(() => z.enum(GLOBAL_BATCH_STATUSES));

/** The claim secret of one payment (the last part of /receive/<secret>). */
export const paymentSecretSchema = lazySchema(() =>
  z.string().regex(CLAIM_SECRET_PATTERN, 'globalPay.secret'),
);

const textSchema = (max: number) =>
  z.string().trim().min(1, 'validation.required').max(max, 'validation.tooLong');

/** One payment as the sender writes it (create, upload rows, add, update). */
export const globalPaymentInputSchema = lazySchema(() =>
  z
    .object({
      amount: positiveAmountSchema,
      description: z.string().trim().max(140, 'validation.tooLong').default(''),
      beneficiaryType: z.enum(GLOBAL_PAY_BENEFICIARY_TYPES).default('individual'),
      beneficiaryName: textSchema(140),
      beneficiaryEmail: z.email('validation.email').max(254, 'validation.tooLong'),
      beneficiaryCountryCode: countryCodeSchema,
      feeShare: z.enum(GLOBAL_PAY_FEE_SHARES).default('sender'),
      /** The recipient's language for the e-mail; the brand's default when absent. */
      language: z.enum(LANGUAGES).optional(),
    })
    .strict(),
);
export type GlobalPaymentInput = z.input<typeof globalPaymentInputSchema>;

/** A payout method of a country with the currencies it pays in; forbidden when the country does not offer it. */
export const paymentMethodOptionSchema = lazySchema(() =>
  z.object({
    name: globalPayMethodSchema,
    /** The rail it leaves by (spec 2 §3 transferType). */
    transferType: z.enum(['oct', 'wire']),
    currencies: z.array(currencyCodeSchema),
    forbidden: z.boolean(),
  }),
);

export const globalPaymentSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    amount: moneySchema,
    /** The fee of this payment, in the batch's currency; paid by feeShare. */
    fee: moneySchema,
    currencyCode: currencyCodeSchema,
    description: z.string(),
    beneficiaryType: z.enum(GLOBAL_PAY_BENEFICIARY_TYPES),
    beneficiaryName: z.string(),
    beneficiaryEmail: z.string(),
    beneficiaryCountryCode: z.string(),
    feeShare: z.enum(GLOBAL_PAY_FEE_SHARES),
    status: globalPaymentStatusSchema,
    paymentMethods: z.array(paymentMethodOptionSchema),
    /** When a reserved payment stops being claimable (null before submit). */
    expiresAt: z.string().nullable(),
    /** What the recipient chose and got, once claimed. */
    paidMethod: globalPayMethodSchema.nullable(),
    paidCurrencyCode: currencyCodeSchema.nullable(),
    paidAmount: moneySchema.nullable(),
    /** Set for a draft row the file gave with a problem: the field and its reason key. */
    rowErrors: z.record(z.string(), z.string()),
  }),
);
export type GlobalPayment = z.infer<typeof globalPaymentSchema>;

export const globalPayTotalsSchema = lazySchema(() =>
  z.object({
    count: z.number().int(),
    amount: moneySchema,
    /** Fees the sender pays on top (feeShare sender). */
    senderFees: moneySchema,
    /** What submit takes from the account: amount + senderFees. */
    total: moneySchema,
  }),
);

export const globalPayBatchSchema = lazySchema(() =>
  z.object({
    batchId: idSchema,
    batchName: z.string(),
    accountId: idSchema,
    currencyCode: currencyCodeSchema,
    status: globalBatchStatusSchema,
    createdDate: z.string(),
    submittedDate: z.string().nullable(),
    /** A draft whose total is reserved until the sender's second factor: nothing can change meanwhile. */
    awaitingConfirmation: z.boolean(),
    /** Totals of the payments that count (not removed). */
    totals: globalPayTotalsSchema,
    payments: z.array(globalPaymentSchema),
  }),
);
export type GlobalPayBatch = z.infer<typeof globalPayBatchSchema>;

const countsSchema = lazySchema(() =>
  z.object(
    Object.fromEntries(
      GLOBAL_PAYMENT_STATUSES.map((status) => [status, z.number().int()]),
    ) as Record<(typeof GLOBAL_PAYMENT_STATUSES)[number], z.ZodNumber>,
  ),
);

export const globalPayBatchStatusSchema = lazySchema(() =>
  z.object({
    batchId: idSchema,
    status: globalBatchStatusSchema,
    counts: countsSchema,
  }),
);

const summaryLineSchema = lazySchema(() =>
  z.object({
    status: z.enum(GLOBAL_SUMMARY_STATUSES),
    count: z.number().int(),
    amount: moneySchema,
    currencyCode: currencyCodeSchema,
  }),
);

export const globalPayBatchLineSchema = lazySchema(() =>
  z.object({
    batchId: idSchema,
    batchName: z.string(),
    currencyCode: currencyCodeSchema,
    status: globalBatchStatusSchema,
    createdDate: z.string(),
    submittedDate: z.string().nullable(),
    count: z.number().int(),
    amount: moneySchema,
  }),
);

/** The uploaded file: a CSV (columns as the sample's header) as text, or an XLSX as base64. */
export const attachedFileSchema = lazySchema(() =>
  z
    .object({
      fileName: z.string().trim().min(1).max(200, 'validation.tooLong'),
      /** The CSV's text (at most 900,000 characters: the main API takes 1 MB bodies). */
      content: z.string().max(900_000, 'globalPay.fileTooLarge'),
    })
    .strict(),
);

/** Header of an upload file, in this order (extra columns are refused; the sample link has one). */
export const GLOBAL_PAY_FILE_COLUMNS = [
  'beneficiaryName',
  'beneficiaryEmail',
  'beneficiaryCountryCode',
  'amount',
  'description',
  'beneficiaryType',
  'feeShare',
] as const;

const batchIdRequest = lazySchema(() => z.object({ batchId: idSchema }).strict());
const idempotencyKeySchema = lazySchema(() => z.uuid('validation.idempotencyKey'));

/** What a recipient sees of their payment (spec 2 §3 "Payment details"). */
export const globalPayDetailsSchema = lazySchema(() =>
  z.object({
    paymentId: idSchema,
    beneficiaryName: z.string(),
    /** Our statuses; the screen shows 'error' until it has one (spec 2 §4). */
    status: globalPaymentStatusSchema,
    senderName: z.string(),
    amount: moneySchema,
    currencyCode: currencyCodeSchema,
    description: z.string(),
    feeIsBen: z.boolean(),
    /** The fee the recipient pays out of the amount (0 when the sender pays it). */
    fee: moneySchema,
    submittedDate: z.string(),
    expireDays: z.number().int(),
    expiresAt: z.string(),
    /** What was paid out, once claimed. */
    paidMethod: globalPayMethodSchema.nullable(),
    paidCurrencyCode: currencyCodeSchema.nullable(),
    paidAmount: moneySchema.nullable(),
  }),
);
export type GlobalPayDetails = z.infer<typeof globalPayDetailsSchema>;

/** What the recipient fills for a method (spec 2 §7 "extra params"). */
export const globalPayExtraParamSchema = lazySchema(() =>
  z.object({
    name: z.enum(['cardNumber', 'cardholderName', 'iban', 'bic', 'accountHolderName']),
    required: z.boolean(),
    /** The maximum length the field accepts. */
    maxLength: z.number().int(),
  }),
);

/** The beneficiary details of a submit: a card, or a bank account. */
export const globalPayPaymentDetailsSchema = lazySchema(() =>
  z.union([
    z
      .object({
        cardNumber: z.string().max(23, 'validation.cardNumber'),
        cardholderName: textSchema(140),
      })
      .strict(),
    z
      .object({
        iban: ibanSchema,
        bic: swiftSchema,
        accountHolderName: textSchema(140),
      })
      .strict(),
  ]),
);

export const globalPayWithdrawalSchema = lazySchema(() =>
  z.object({
    paymentId: idSchema,
    senderName: z.string(),
    amount: moneySchema,
    currencyCode: currencyCodeSchema,
    status: globalPaymentStatusSchema,
    paidMethod: globalPayMethodSchema.nullable(),
    paidCurrencyCode: currencyCodeSchema.nullable(),
    paidAmount: moneySchema.nullable(),
    /** The card's last four digits or the IBAN's, masked. */
    destination: z.string().nullable(),
    claimedDate: z.string().nullable(),
    paidDate: z.string().nullable(),
  }),
);

const secretRequest = lazySchema(() => z.object({ paymentSecret: paymentSecretSchema }).strict());

export const globalPayMethods = {
  // ── Sender (a business with mass.global, acting for its company) ──────────────────────────────
  /**
   * Creates a draft batch from a list of payments. An identical batch (same account, name and
   * payments) made before answers responseCode 92 with its date and batchId unless
   * ignoreIdenticalBatch (spec 2 §8: 92 on batch upload means confirm).
   */
  globalPayCreateBatch: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          batchName: textSchema(100),
          accountId: idSchema,
          payments: z
            .array(globalPaymentInputSchema)
            .min(1, 'validation.required')
            .max(GLOBAL_PAY_MAX_PAYMENTS, 'globalPay.tooManyRows'),
          ignoreIdenticalBatch: z.boolean().default(false),
        })
        .strict(),
    ),
    response: lazySchema(() =>
      z.object({
        responseCode: z.enum(['00', '92']).optional(),
        batchId: idSchema,
        /** The identical batch's creation date (92), or this batch's. */
        date: z.string(),
        batch: globalPayBatchSchema.nullable(),
      }),
    ),
  }),
  /** As create, from a CSV file (spec 2 §3 "Batch upload request"); rows with problems come as drafts with rowErrors. */
  globalPayUploadBatch: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          batchName: textSchema(100),
          accountId: idSchema,
          attachedFile: attachedFileSchema,
          ignoreIdenticalBatch: z.boolean().default(false),
        })
        .strict(),
    ),
    response: lazySchema(() =>
      z.object({
        responseCode: z.enum(['00', '92']).optional(),
        batchId: idSchema,
        date: z.string(),
        batch: globalPayBatchSchema.nullable(),
      }),
    ),
  }),
  globalPayGetBatch: defineMethod({
    request: batchIdRequest,
    response: lazySchema(() => z.object({ batch: globalPayBatchSchema })),
  }),
  /** Polled while a batch runs: its status and how many payments are in each status. */
  globalPayBatchStatus: defineMethod({
    request: batchIdRequest,
    response: globalPayBatchStatusSchema,
  }),
  /** Adds, updates, removes and restores payments of a draft batch, in that order. */
  globalPayUpdatePayments: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          batchId: idSchema,
          add: z.array(globalPaymentInputSchema).max(1000).default([]),
          update: z
            .array(z.object({ id: idSchema, payment: globalPaymentInputSchema }).strict())
            .max(1000)
            .default([]),
          remove: z.array(idSchema).max(1000).default([]),
          restore: z.array(idSchema).max(1000).default([]),
        })
        .strict(),
    ),
    response: lazySchema(() => z.object({ batch: globalPayBatchSchema })),
  }),
  /** Which payout methods a country offers, with their currencies. */
  globalPayCountryMethods: defineMethod({
    request: lazySchema(() => z.object({ countryCode: countryCodeSchema }).strict()),
    response: lazySchema(() => z.object({ paymentMethods: z.array(paymentMethodOptionSchema) })),
  }),
  /**
   * Submits a draft batch: reserves amount + the fees the sender pays from the account in one
   * ledger transaction (refused with nothing moved when the account cannot cover it) and e-mails
   * each beneficiary a claim link. A retry with the same key answers the first result.
   */
  /**
   * Submits a draft batch: its total (fees included) is reserved now. A sender who confirms
   * payments gets `confirmation` (answered by confirmTransaction, resend and push as any transfer)
   * and the batch stays a draft until then; the claim links go out once it is confirmed.
   */
  globalPaySubmitBatch: defineMethod({
    request: lazySchema(() =>
      z.object({ batchId: idSchema, idempotencyKey: idempotencyKeySchema }).strict(),
    ),
    response: lazySchema(() =>
      z.object({
        batch: globalPayBatchSchema,
        confirmation: z
          .object({
            operationId: z.string(),
            approveType: approveTypeSchema,
            approvalSentTo: z.string().nullable(),
            availableApprovalMethods: z.array(approveTypeSchema),
          })
          .nullable(),
      }),
    ),
  }),
  /** Rejects a draft batch, or cancels every unclaimed payment of a running one (their money returns). */
  globalPayRejectBatch: defineMethod({
    request: batchIdRequest,
    response: lazySchema(() => z.object({ batch: globalPayBatchSchema })),
  }),
  /** The sender cancels one unclaimed payment: its reserved money returns to the account. */
  globalPayCancelPayment: defineMethod({
    request: lazySchema(() => z.object({ paymentId: idSchema }).strict()),
    response: lazySchema(() => z.object({ payment: globalPaymentSchema })),
  }),
  /** /transfer/external/global-summary: totals by status and currency, and the batches, newest first. */
  globalPaySummary: defineMethod({
    request: lazySchema(() =>
      z.object({ page: z.number().int().min(1).max(100_000).default(1) }).strict(),
    ),
    response: lazySchema(() =>
      z.object({
        totals: z.array(summaryLineSchema),
        batches: z.array(globalPayBatchLineSchema),
        page: z.number().int(),
        pageSize: z.number().int(),
        total: z.number().int(),
      }),
    ),
  }),

  // ── Recipient (public, by the claim secret) ───────────────────────────────────────────────────
  globalPayPaymentDetails: defineMethod({
    isPublic: true,
    request: secretRequest,
    response: lazySchema(() => z.object({ payment: globalPayDetailsSchema })),
  }),
  /** Countries the payment may be paid out to (spec 2 §3 "allowed countries list"). */
  globalPayCountries: defineMethod({
    isPublic: true,
    request: secretRequest,
    response: lazySchema(() => z.object({ countries: z.array(z.string()) })),
  }),
  globalPayMethodsFor: defineMethod({
    isPublic: true,
    request: lazySchema(() =>
      z.object({ paymentSecret: paymentSecretSchema, countryCode: countryCodeSchema }).strict(),
    ),
    response: lazySchema(() => z.object({ paymentMethods: z.array(paymentMethodOptionSchema) })),
  }),
  /** What the recipient would get: exchange rate, toAmount (in toCurrencyCode) and the fee they pay. */
  globalPayMeta: defineMethod({
    isPublic: true,
    request: lazySchema(() =>
      z
        .object({
          paymentSecret: paymentSecretSchema,
          paymentMethod: globalPayMethodSchema,
          toCurrencyCode: currencyCodeSchema,
          countryCode: countryCodeSchema,
        })
        .strict(),
    ),
    response: lazySchema(() =>
      z.object({
        exchangeRate: z.string(),
        toAmount: moneySchema,
        fee: moneySchema,
        currencyCode: currencyCodeSchema,
      }),
    ),
  }),
  globalPayExtraParams: defineMethod({
    isPublic: true,
    request: lazySchema(() =>
      z
        .object({ paymentSecret: paymentSecretSchema, paymentMethod: globalPayMethodSchema })
        .strict(),
    ),
    response: lazySchema(() => z.object({ extraParams: z.array(globalPayExtraParamSchema) })),
  }),
  /** Starts the claim: checks the details and e-mails a code to the beneficiary (approveType 4). */
  globalPaySubmitPayment: defineMethod({
    isPublic: true,
    request: lazySchema(() =>
      z
        .object({
          paymentSecret: paymentSecretSchema,
          paymentMethod: globalPayMethodSchema,
          countryCode: countryCodeSchema,
          currencyCode: currencyCodeSchema,
          paymentDetails: globalPayPaymentDetailsSchema,
        })
        .strict(),
    ),
    response: lazySchema(() =>
      z.object({
        operationId: z.string(),
        approveType: approveTypeSchema,
        approvalSentTo: z.string(),
      }),
    ),
  }),
  /** Approves the claim with the e-mailed code: the money leaves for the rail; the payment is claimed. */
  globalPayApprove: defineMethod({
    isPublic: true,
    request: lazySchema(() =>
      z
        .object({
          paymentSecret: paymentSecretSchema,
          operationId: z.uuid('globalPay.operation'),
          approvalCode: z.string().regex(/^\d{6}$/, 'globalPay.codeWrong'),
        })
        .strict(),
    ),
    response: lazySchema(() => z.object({ payment: globalPayDetailsSchema })),
  }),
  globalPayResendCode: defineMethod({
    isPublic: true,
    request: lazySchema(() =>
      z
        .object({
          paymentSecret: paymentSecretSchema,
          operationId: z.uuid('globalPay.operation'),
          approveType: approveTypeSchema.optional(),
        })
        .strict(),
    ),
    response: lazySchema(() => z.object({ approvalSentTo: z.string() })),
  }),
  /** The recipient refuses the payment: status refused, the money returns to the sender once. */
  globalPayRefuse: defineMethod({
    isPublic: true,
    request: secretRequest,
    response: lazySchema(() => z.object({ payment: globalPayDetailsSchema })),
  }),
  /** The recipient's last withdrawals: payments to the same e-mail from senders of the same brand. */
  globalPayLastWithdrawals: defineMethod({
    isPublic: true,
    request: lazySchema(() =>
      z
        .object({
          paymentSecret: paymentSecretSchema,
          limit: z.number().int().min(1).max(20).default(5),
        })
        .strict(),
    ),
    response: lazySchema(() => z.object({ withdrawals: z.array(globalPayWithdrawalSchema) })),
  }),
  globalPayWithdrawalDetails: defineMethod({
    isPublic: true,
    request: lazySchema(() =>
      z.object({ paymentSecret: paymentSecretSchema, paymentId: idSchema }).strict(),
    ),
    response: lazySchema(() => z.object({ withdrawal: globalPayWithdrawalSchema })),
  }),
};
