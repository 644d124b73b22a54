import { z } from 'zod';
import { moneySchema } from '../accounts/methods';
import { calendarDaySchema } from '../dates';
import { defineMethod } from '../define';
import { idSchema } from '../envelope';
import { positiveAmountSchema } from '../transfers/methods';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * Pre-approved payments (issue 18; spec 2 §1 /transfer/preapproved-payments, §3 "Pre-approved
 * payments": amount, toAccount; filters beneficiaryEmail, type, fromAmount, toAmount; §3
 * "Merchant": subscriptionId, instalments; §7 profile "pre-approved list and cancel", merchant
 * "Subscriber list and cancel; instalment list"; §9 subscriptions and instalments 50 a page).
 *
 * A pre-approval is a customer's permission for one merchant (a business of the same brand) to
 * pull money from one of the customer's accounts: at most `amount` a pull, at most one pull a
 * period (once, weekly, monthly), until an optional end date and within an optional total. The
 * merchant sees a recurring one as a subscription and its pulls as instalments. Creating one is
 * confirmed with the customer's transfer second factor; cancelling takes effect at once.
 */

export const PREAPPROVAL_FREQUENCIES = ['once', 'weekly', 'monthly'] as const;
export type PreapprovalFrequency = (typeof PREAPPROVAL_FREQUENCIES)[number];

/** pending: waits for its second factor; completed: a 'once' approval that was pulled. */
export const PREAPPROVAL_STATUSES = [
  'pending',
  'active',
  'completed',
  'cancelled',
  'rejected',
] as const;
export type PreapprovalStatus = (typeof PREAPPROVAL_STATUSES)[number];

/** Page sizes: subscriptions and instalments 50 (spec 2 §9); the customer's list the same. */
export const PREAPPROVALS_PAGE_SIZE = 50;
export const SUBSCRIPTIONS_PAGE_SIZE = 50;
export const INSTALMENTS_PAGE_SIZE = 50;

const emailSchema = lazySchema(() => z.email('validation.email').max(254, 'validation.tooLong'));
const pageNumberSchema = lazySchema(() =>
  z
    .number()
    .int()
    .min(1, 'validation.invalidValue')
    .max(100_000, 'validation.invalidValue')
    .default(1),
);
const codeSchema = lazySchema(() => z.string().regex(/^\d{6}$/, 'validation.sixDigitCode'));

export const preapprovalSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    /** The merchant: its business name and the e-mail the customer named. */
    beneficiaryName: z.string(),
    beneficiaryEmail: z.string(),
    /** The customer's account the merchant pulls from. */
    fromAccount: idSchema,
    /** The merchant's account the pulls reach (spec 2 §3 toAccount). */
    toAccount: idSchema,
    currency: z.string(),
    /** The most one pull may take (spec 2 §3 amount). */
    amount: moneySchema,
    /** The most all pulls together may take, or null for no total. */
    totalAmount: moneySchema.nullable(),
    pulledTotal: moneySchema,
    frequency: z.enum(PREAPPROVAL_FREQUENCIES),
    /** The last day (UTC) a pull may be made, or null. */
    endDate: z.string().nullable(),
    status: z.enum(PREAPPROVAL_STATUSES),
    /** When the next pull may be made (UTC), or null when no pull can be made any more. */
    nextPullFrom: z.string().nullable(),
    createdAt: z.string(),
    cancelledAt: z.string().nullable(),
  }),
);
export type Preapproval = z.infer<typeof preapprovalSchema>;

export const subscriberSchema = lazySchema(() =>
  z.object({
    /** The pre-approval's id as the merchant knows it. */
    subscriptionId: idSchema,
    payerName: z.string(),
    payerEmail: z.string(),
    currency: z.string(),
    amount: moneySchema,
    totalAmount: moneySchema.nullable(),
    pulledTotal: moneySchema,
    frequency: z.enum(PREAPPROVAL_FREQUENCIES),
    endDate: z.string().nullable(),
    status: z.enum(PREAPPROVAL_STATUSES),
    nextPullFrom: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type Subscriber = z.infer<typeof subscriberSchema>;

export const instalmentSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    subscriptionId: idSchema,
    /** The ledger transfer that moved the money. */
    transactionId: z.string(),
    amount: moneySchema,
    currency: z.string(),
    description: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type Instalment = z.infer<typeof instalmentSchema>;

export const preapprovalCreateRequestSchema = lazySchema(() =>
  z
    .object({
      /** The merchant's e-mail (a business of the customer's brand). */
      beneficiaryEmail: emailSchema,
      fromAccount: idSchema,
      amount: positiveAmountSchema,
      frequency: z.enum(PREAPPROVAL_FREQUENCIES, 'validation.chooseOne'),
      endDate: calendarDaySchema.optional(),
      totalAmount: positiveAmountSchema.optional(),
    })
    .strict(),
);
export type PreapprovalCreateRequest = z.input<typeof preapprovalCreateRequestSchema>;

export const preapprovalListRequestSchema = lazySchema(() =>
  z
    .object({
      beneficiaryEmail: z.string().trim().max(254, 'validation.tooLong').optional(),
      /** The frequency (spec 2 §3 filter "type"). */
      type: z.enum(PREAPPROVAL_FREQUENCIES, 'validation.chooseOne').optional(),
      fromAmount: positiveAmountSchema.optional(),
      toAmount: positiveAmountSchema.optional(),
      pageNumber: pageNumberSchema,
    })
    .strict(),
);
export type PreapprovalListRequest = z.input<typeof preapprovalListRequestSchema>;

const pageFields = {
  pageSize: lazySchema(() => z.number().int()),
  pageNumber: lazySchema(() => z.number().int()),
  total: lazySchema(() => z.number().int()),
};

export const preapprovedMethods = {
  /**
   * Starts a pre-approval; it becomes active once its second factor is confirmed
   * (confirmPreapprovedPayment), at once when the customer's mode is 0.
   */
  createPreapprovedPayment: defineMethod({
    request: preapprovalCreateRequestSchema,
    response: lazySchema(() =>
      z.object({
        preapproval: preapprovalSchema,
        approveType: z.number().int(),
        approvalSentTo: z.string().nullable(),
      }),
    ),
  }),
  /** The second factor of a pending pre-approval: the code, or (push) nothing while the phone decides. */
  confirmPreapprovedPayment: defineMethod({
    request: lazySchema(() => z.object({ id: idSchema, code: codeSchema.optional() }).strict()),
    response: lazySchema(() => z.object({ preapproval: preapprovalSchema })),
  }),
  /** The customer's pre-approvals, newest first, with the spec's filters. */
  getPreapprovedPayments: defineMethod({
    request: preapprovalListRequestSchema,
    response: lazySchema(() =>
      z.object({ preapprovals: z.array(preapprovalSchema), ...pageFields }),
    ),
  }),
  /** Cancels at once: the merchant can never pull again. Cancelling again answers the same. */
  cancelPreapprovedPayment: defineMethod({
    request: lazySchema(() => z.object({ id: idSchema }).strict()),
    response: lazySchema(() => z.object({ preapproval: preapprovalSchema })),
  }),
  /** The merchant's subscribers (merchant rights), newest first, 50 a page. */
  getSubscribers: defineMethod({
    request: lazySchema(() => z.object({ pageNumber: pageNumberSchema }).strict()),
    response: lazySchema(() => z.object({ subscribers: z.array(subscriberSchema), ...pageFields })),
  }),
  /** The instalments (pulls) of one subscription, newest first, 50 a page. */
  getSubscriptionInstalments: defineMethod({
    request: lazySchema(() =>
      z.object({ subscriptionId: idSchema, pageNumber: pageNumberSchema }).strict(),
    ),
    response: lazySchema(() => z.object({ instalments: z.array(instalmentSchema), ...pageFields })),
  }),
  /** The merchant ends a subscription: no more pulls (webhook subscription.changed). */
  cancelSubscription: defineMethod({
    request: lazySchema(() => z.object({ subscriptionId: idSchema }).strict()),
    response: lazySchema(() => z.object({ subscriber: subscriberSchema })),
  }),
};
