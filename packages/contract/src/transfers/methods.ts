import { z } from 'zod';
import { EXTERNAL_TRANSFER_TYPES, RAIL_STATUSES } from '@ledgerline/domain/external-transfers';
import { calendarDaySchema } from '../dates';
import { defineMethod } from '../define';
import { idSchema } from '../envelope';
import { moneySchema } from '../accounts/methods';
import { currencyCodeSchema } from '../dictionaries/methods';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * Money movement inside the bank (spec 2 §3 "Transfers", §4 "Transaction approval", §5, §6, §7
 * "Transfers"): between the customer's own accounts and to another customer by e-mail, with fees,
 * limits, the maximum amount, the per-transaction second factor and the business maker-checker
 * approvals. Every money-moving call carries an idempotency key the browser creates before it
 * submits and reuses on retry: the same key with the same payload answers the first result, with
 * another payload it is refused (validation.idempotencyKeyReused). Amounts travel as decimal
 * strings. Every account must be the acting customer's (else ENOA 404, as if it did not exist).
 */

/** A positive amount with at most 8 decimals. */
export const positiveAmountSchema = lazySchema(() =>
  z
    .string()
    // eslint-disable-next-line security/detect-unsafe-regex -- anchored, bounded and unambiguous: linear on any input
    .regex(/^\d{1,18}(\.\d{1,8})?$/, 'validation.amount')
    .refine((value) => /[1-9]/.test(value), 'validation.amountPositive'),
);
const idempotencyKeySchema = lazySchema(() => z.uuid('validation.idempotencyKey'));
const emailSchema = lazySchema(() => z.email('validation.email').max(254, 'validation.tooLong'));
const dateSchema = calendarDaySchema;

export const TRANSFER_OPERATIONS = ['betweenAccounts', 'p2p'] as const;
export type TransferOperation = (typeof TRANSFER_OPERATIONS)[number];
/** Every kind of transfer a customer makes: inside the bank and over an external rail (external-transfers.ts). */
export const TRANSFER_TYPES = [...TRANSFER_OPERATIONS, ...EXTERNAL_TRANSFER_TYPES] as const;
export type TransferType = (typeof TRANSFER_TYPES)[number];
export const SUBSCRIPTION_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const LIMIT_PERIODS = ['single', 'daily', 'monthly'] as const;
/** 0 none, 1 push (phone app), 2 SMS code, 3 one-time code (TOTP), 4 approval code by e-mail (spec 2 §4). */
export const approveTypeSchema = lazySchema(() => z.number().int().min(0).max(4));

/**
 * The permission flags of spec 2 §6, as `group.operation` keys of getCustomerAccessInfo.permissions.
 * A flag not granted is false; the server refuses a transfer its flag does not allow.
 */
export const TRANSFER_PERMISSION_GROUPS = {
  ownAccount: ['digital', 'betweenAccounts', 'wire', 'eft', 'oct', 'instant', 'interac'],
  otherPerson: [
    'digital',
    'loadPrepaidCard',
    'wire',
    'eft',
    'oct',
    'instant',
    'interac',
    'p2p',
    'global',
    // Issue 16A: ask another customer of the brand for money (spec 2 §6 "request money").
    'requestMoney',
  ],
  mass: ['wire', 'eft', 'oct', 'instant', 'interac', 'p2p', 'digital', 'global'],
  funding: ['digital'],
} as const;
export const TRANSFER_PERMISSIONS = Object.entries(TRANSFER_PERMISSION_GROUPS).flatMap(
  ([group, names]) => names.map((name) => `${group}.${name}`),
);

/** What a money-moving call answers (spec 2 §3 "Submit result"). */
export const submitResultSchema = lazySchema(() =>
  z.object({
    transactionId: z.string(),
    /** The confirmation to finish with confirmTransaction; null when nothing is left to confirm. */
    operationId: z.string().nullable(),
    approveType: approveTypeSchema,
    /** Masked phone or e-mail the code went to; null for push, TOTP and none. */
    approvalSentTo: z.string().nullable(),
    availableApprovalMethods: z.array(approveTypeSchema),
    fee: moneySchema,
    /** settled: done; pending: waits for the second factor; approvalCreated: waits for a business approver. */
    status: z.enum(['pending', 'settled', 'approvalCreated']),
  }),
);
export type SubmitResult = z.infer<typeof submitResultSchema>;

export const recentTransferSchema = lazySchema(() =>
  z.object({
    transactionId: z.string(),
    createdAt: z.string(),
    amount: moneySchema,
    currency: currencyCodeSchema,
    /** own: between the customer's own accounts; 3d: to a third party. */
    permission: z.enum(['own', '3d']),
    /** The flag that allowed it is gone (or the payee can no longer receive): shown only when asked. */
    isDisabled: z.boolean(),
    details: z.object({
      type: z.enum(TRANSFER_TYPES),
      status: z.string(),
      fromAccount: idSchema,
      toAccount: idSchema.nullable(),
      email: z.string().nullable(),
      name: z.string().nullable(),
      toAmount: moneySchema,
      toCurrency: currencyCodeSchema,
      fee: moneySchema,
      rate: z.string(),
      description: z.string().nullable(),
      /** External transfers: who is paid (name and masked account, card, key or wallet). */
      beneficiary: z.string().nullable().optional(),
      /** External transfers: where it is on its rail (submitted, settled, returned …). */
      railStatus: z.enum(RAIL_STATUSES).optional(),
    }),
  }),
);
export type RecentTransfer = z.infer<typeof recentTransferSchema>;

export const APPROVAL_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export const approvalRequestSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    created: z.string(),
    /** The ledger transfer created on approval; empty while pending or once declined. */
    transactionIds: z.array(z.string()),
    batchId: idSchema.nullable(),
    /** The login e-mail of the user who initiated it. */
    createdBy: z.string(),
    transactionType: z.enum(TRANSFER_TYPES),
    amount: moneySchema,
    currency: currencyCodeSchema,
    status: z.enum(APPROVAL_REQUEST_STATUSES),
    description: z.string().nullable(),
  }),
);
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

export const recurringTransferSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    fromAccount: idSchema,
    toAccount: idSchema,
    toAmount: moneySchema,
    currency: currencyCodeSchema,
    frequency: z.enum(SUBSCRIPTION_FREQUENCIES),
    endDate: z.string().nullable(),
    /** Executions left (null: until endDate or cancelled). */
    transactionsLeft: z.number().int().nullable(),
    executed: z.number().int(),
    nextRunAt: z.string().nullable(),
    userCancel: z.boolean(),
    status: z.enum(['active', 'finished', 'canceled', 'failed']),
    lastError: z.string().nullable(),
  }),
);
export type RecurringTransfer = z.infer<typeof recurringTransferSchema>;

const accountPair = { fromAccount: idSchema, toAccount: lazySchema(() => idSchema.optional()) };

export const transferBetweenAccountsRequestSchema = lazySchema(() =>
  z
    .object({
      fromAccount: idSchema,
      toAccount: idSchema,
      /** What reaches toAccount, in its currency. */
      toAmount: positiveAmountSchema,
      /** The target account's currency (refused when it is not). */
      currency: currencyCodeSchema,
      idempotencyKey: idempotencyKeySchema,
      subscriptionEndDate: dateSchema.optional(),
      subscriptionFrequency: z.enum(SUBSCRIPTION_FREQUENCIES).optional(),
      subscriptionTransactions: z.number().int().min(1).max(1000).optional(),
      subscriptionUserCancel: z.boolean().optional(),
    })
    .strict()
    .superRefine((value, ctx) => {
      if (value.fromAccount === value.toAccount)
        ctx.addIssue({ code: 'custom', path: ['toAccount'], message: 'validation.sameAccount' });
      const hasSubscriptionField =
        value.subscriptionEndDate !== undefined ||
        value.subscriptionTransactions !== undefined ||
        value.subscriptionUserCancel !== undefined;
      if (hasSubscriptionField && value.subscriptionFrequency === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['subscriptionFrequency'],
          message: 'validation.required',
        });
      }
    }),
);

export const transferP2PRequestSchema = lazySchema(() =>
  z
    .object({
      fromAccount: idSchema,
      email: emailSchema,
      /** In the source account's currency. */
      amount: positiveAmountSchema,
      description: z.string().trim().max(140, 'validation.tooLong').optional(),
      idempotencyKey: idempotencyKeySchema,
    })
    .strict(),
);

export const transferMethods = {
  /** The fee of a transfer (spec 2 §5: between accounts needs amount, source and target; P2P account and a positive amount). */
  getTransferFee: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          operation: z.enum(TRANSFER_OPERATIONS),
          fromAccount: idSchema,
          toAccount: idSchema.optional(),
          amount: positiveAmountSchema,
          email: emailSchema.optional(),
        })
        .strict()
        .superRefine((value, ctx) => {
          if (value.operation === 'betweenAccounts' && value.toAccount === undefined)
            ctx.addIssue({ code: 'custom', path: ['toAccount'], message: 'validation.required' });
        }),
    ),
    response: lazySchema(() => z.object({ fee: moneySchema, currency: currencyCodeSchema })),
  }),
  /**
   * The most that can be sent now: limited by the balance (after reservations, the minimum and the
   * fee) or by the customer's limits, whichever is lower. Between accounts it is the toAmount in
   * the target's currency; P2P the amount in the source's.
   */
  getMaxAmount: defineMethod({
    request: lazySchema(() =>
      z
        .object({ operation: z.enum(TRANSFER_OPERATIONS), ...accountPair })
        .strict()
        .superRefine((value, ctx) => {
          if (value.operation === 'betweenAccounts' && value.toAccount === undefined)
            ctx.addIssue({ code: 'custom', path: ['toAccount'], message: 'validation.required' });
        }),
    ),
    response: lazySchema(() =>
      z.object({
        maxAmount: moneySchema,
        currency: currencyCodeSchema,
        type: z.enum(['balance', 'limit']),
      }),
    ),
  }),
  /** The customer's limits in the source account's currency, with what is used in the current period. */
  getCustomerLimits: defineMethod({
    request: lazySchema(() => z.object(accountPair).strict()),
    response: lazySchema(() =>
      z.object({
        limits: z.array(
          z.object({
            period: z.enum(LIMIT_PERIODS),
            limit: moneySchema,
            used: moneySchema,
            remaining: moneySchema,
            currency: currencyCodeSchema,
          }),
        ),
      }),
    ),
  }),
  /** Between the customer's own accounts; with subscriptionFrequency it also repeats on schedule. */
  transferBetweenAccounts: defineMethod({
    request: transferBetweenAccountsRequestSchema,
    response: submitResultSchema,
  }),
  /** Whether an e-mail belongs to a customer who can receive P2P money (status 0 none, 1 exists, 3 employee). */
  checkPayee: defineMethod({
    request: lazySchema(() => z.object({ email: emailSchema }).strict()),
    response: lazySchema(() =>
      z.object({
        status: z.union([z.literal(0), z.literal(1), z.literal(3)]),
        name: z.string().nullable(),
        canReceive: z.boolean(),
      }),
    ),
  }),
  /** People the customer sent P2P money to, most recent first. */
  getP2pBeneficiaries: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() =>
      z.object({
        beneficiaries: z.array(
          z.object({ email: z.string(), name: z.string(), lastUsedAt: z.string() }),
        ),
      }),
    ),
  }),
  /** The latest transfers (limit 3 for P2P, 5 elsewhere); disabled ones only with includeDisabled. */
  getRecentTransfers: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          type: z.enum(TRANSFER_TYPES).optional(),
          limit: z.number().int().min(1).max(20),
          includeDisabled: z.boolean().optional(),
        })
        .strict(),
    ),
    response: lazySchema(() => z.object({ transfers: z.array(recentTransferSchema) })),
  }),
  /** To another customer by e-mail, from one of the caller's accounts. */
  transferP2P: defineMethod({
    request: transferP2PRequestSchema,
    response: submitResultSchema,
  }),
  /** Finishes a pending transfer with its second factor (no code for push). A missing operationId is 'Not Operation Id, Fail Operation'. */
  confirmTransaction: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          operationId: z.uuid('validation.operationId').optional(),
          code: z
            .string()
            .trim()
            .regex(/^\d{6}$/, 'validation.sixDigitCode')
            .optional(),
        })
        .strict(),
    ),
    response: lazySchema(() =>
      z.object({
        status: z.enum(['settled', 'pending', 'rejected']),
        transactionId: z.string(),
      }),
    ),
  }),
  /** Sends the SMS or e-mailed code (or the push request) again; not for TOTP. */
  resendTransactionCode: defineMethod({
    request: lazySchema(() =>
      z.object({ operationId: z.uuid('validation.operationId').optional() }).strict(),
    ),
    response: lazySchema(() =>
      z.object({ sent: z.boolean(), approvalSentTo: z.string().nullable() }),
    ),
  }),
  /** The acting customer's recurring transfers between own accounts. */
  getRecurringTransfers: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() => z.object({ recurring: z.array(recurringTransferSchema) })),
  }),
  /** Stops a recurring transfer; only when it was created with subscriptionUserCancel. */
  cancelRecurringTransfer: defineMethod({
    request: lazySchema(() => z.object({ id: idSchema }).strict()),
    response: lazySchema(() => z.object({ recurring: recurringTransferSchema })),
  }),
};
