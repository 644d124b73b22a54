import { z } from 'zod';
import { defineMethod } from '../define';
import { idSchema } from '../envelope';
import { accountSchema, moneySchema, rateSchema } from '../accounts/methods';
import { currencyCodeSchema } from '../dictionaries/methods';
import { approveTypeSchema, positiveAmountSchema, submitResultSchema } from '../transfers/methods';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * Prepaid cards hold their own balance (spec 2 §3 subType PREPAID): money is loaded onto an active
 * prepaid card from one of the customer's payment accounts or wallets, and unloaded back where the
 * card's product allows it (issue 16; spec 2 §4 "load … for active cards only", §6 the
 * "load prepaid card" flag of the other-person group). Amounts are in the CARD's currency; an
 * account in another currency pays or receives the converted amount at the recorded rate. Load and
 * unload answer a SubmitResult and finish with confirmTransaction like every transfer (modes 0–4).
 *
 * Enrollment (spec 2 §4 "enrollment … for active cards only") is the card's 3-D Secure enrollment:
 * online payments at merchants that ask for 3-D Secure are allowed only on an enrolled card, each
 * confirmed with the customer's second factor. Turning it on needs the user's own second factor
 * (the step-up card secrets use); turning it off does not.
 */

export const PREPAID_DIRECTIONS = ['load', 'unload'] as const;
export type PrepaidDirection = (typeof PREPAID_DIRECTIONS)[number];

const idempotencyKeySchema = lazySchema(() => z.uuid('validation.idempotencyKey'));

const periodUseSchema = lazySchema(() =>
  z.object({
    limit: moneySchema,
    used: moneySchema,
    remaining: moneySchema,
  }),
);

/** What a prepaid card may take and give now: the product's limits in the card's currency. */
export const prepaidCardLimitsSchema = lazySchema(() =>
  z.object({
    accountId: idSchema,
    currency: currencyCodeSchema,
    balance: moneySchema,
    /** The most the card may hold, loads still being confirmed included. */
    maxBalance: moneySchema,
    /** Room left under maxBalance now. */
    roomLeft: moneySchema,
    minLoad: moneySchema,
    /** The most one load may bring. */
    maxLoad: moneySchema,
    daily: periodUseSchema,
    monthly: periodUseSchema,
    /** Whether the card's product lets money go back to an account. */
    canUnload: z.boolean(),
  }),
);
export type PrepaidCardLimits = z.infer<typeof prepaidCardLimitsSchema>;

/** What a load or unload would do, before anything moves. */
export const prepaidCardQuoteSchema = lazySchema(() =>
  z.object({
    direction: z.enum(PREPAID_DIRECTIONS),
    /** Reaches (load) or leaves (unload) the card, in its currency. */
    amount: moneySchema,
    currency: currencyCodeSchema,
    /** Leaves (load) or reaches (unload) the account, in its currency, without the fee. */
    accountAmount: moneySchema,
    accountCurrency: currencyCodeSchema,
    /** Units of the target currency per one source unit; 1 when the currencies match. */
    rate: rateSchema,
    /** Charged to where the money comes from: the account (load) or the card (unload). */
    fee: moneySchema,
    feeCurrency: currencyCodeSchema,
    /** Everything that leaves the source, fee included, in the source's currency. */
    total: moneySchema,
    /** The card's balance once this settles. */
    cardBalanceAfter: moneySchema,
  }),
);
export type PrepaidCardQuote = z.infer<typeof prepaidCardQuoteSchema>;

const movementShape = {
  /** The prepaid card. */
  accountId: idSchema,
  /** The customer's payment account or wallet the money comes from (load) or goes to (unload). */
  paymentAccountId: idSchema,
  /** In the card's currency. */
  amount: positiveAmountSchema,
};

export const prepaidCardMethods = {
  /** The card's limits and how much of them is used today and this month. */
  getPrepaidCardLimits: defineMethod({
    request: lazySchema(() => z.object({ accountId: idSchema }).strict()),
    response: prepaidCardLimitsSchema,
  }),
  /** The amounts, rate and fee of a load or unload; refuses what the submit would refuse. */
  quotePrepaidCard: defineMethod({
    request: lazySchema(() =>
      z.object({ ...movementShape, direction: z.enum(PREPAID_DIRECTIONS) }).strict(),
    ),
    response: prepaidCardQuoteSchema,
  }),
  /** Loads the card; the second factor follows (confirmTransaction). A retry with the same key answers the first result. */
  loadPrepaidCard: defineMethod({
    request: lazySchema(() =>
      z.object({ ...movementShape, idempotencyKey: idempotencyKeySchema }).strict(),
    ),
    response: submitResultSchema,
  }),
  /** Moves money from the card back to an account, where the card's product allows it. */
  unloadPrepaidCard: defineMethod({
    request: lazySchema(() =>
      z.object({ ...movementShape, idempotencyKey: idempotencyKeySchema }).strict(),
    ),
    response: submitResultSchema,
  }),
  /** Starts 3-D Secure enrollment of an active card: sends the user's own second factor. */
  startCardEnrollment: defineMethod({
    request: lazySchema(() => z.object({ accountId: idSchema }).strict()),
    response: lazySchema(() =>
      z.object({
        operationId: z.string(),
        approveType: approveTypeSchema,
        approvalSentTo: z.string().nullable(),
        availableApprovalMethods: z.array(approveTypeSchema),
      }),
    ),
  }),
  /** Finishes enrollment with the code (none for push); a missing operationId is 'Not Operation Id, Fail Operation'. */
  confirmCardEnrollment: defineMethod({
    request: lazySchema(() =>
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
    ),
    response: lazySchema(() => z.object({ account: accountSchema })),
  }),
  /** Turns 3-D Secure enrollment off: online payments that ask for it are declined. */
  cancelCardEnrollment: defineMethod({
    request: lazySchema(() => z.object({ accountId: idSchema }).strict()),
    response: lazySchema(() => z.object({ account: accountSchema })),
  }),
};
