import { z } from 'zod';
import { TRANSACTION_TYPE_CODES } from '@ledgerline/domain/dictionaries/transaction-types';
import { calendarDaySchema, isCalendarDay } from '../dates';
import { defineMethod } from '../define';
import { idSchema } from '../envelope';
import { moneySchema, rateSchema } from '../accounts/methods';
import { currencyCodeSchema } from '../dictionaries/methods';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * History, statements, exports and batch transfers (spec 2 §3 "History and statements", §6, §7
 * "History, statements and batches", §9 page sizes). Everything is read from the ledger: one
 * history item is one ledger transfer as one account saw it (its net movement there), statements
 * are sums of that account's postings per calendar month (UTC). Every account, transaction,
 * export and batch must be the acting customer's (fromCustomerId for a business), else the
 * not-found envelope, as if it did not exist. Amounts are decimal strings, never floats.
 */

export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_MAX_PAGE_SIZE = 100;
/** Offset pages reach this far; deeper pages follow nextCursor (keyset pagination). */
export const HISTORY_MAX_OFFSET_ROWS = 10_000;
/**
 * Totals are counted exactly up to this and beyond it answered as this with totalIsExact false:
 * counting is a walk over the rows, and a few milliseconds a page allow about a thousand.
 */
export const HISTORY_TOTAL_CAP = 1_000;
export const AUTHORIZATIONS_PAGE_SIZE = 10;
export const EXPORTS_PAGE_SIZE = 12;
export const BATCH_TRANSFERS_PAGE_SIZE = 20;

export const HISTORY_DIRECTIONS = ['in', 'out'] as const;
export type HistoryDirection = (typeof HISTORY_DIRECTIONS)[number];
/** processing: waits (second factor, rail, approval); completed: money moved; rejected: never moved; reversed: moved, then undone. */
export const HISTORY_STATUSES = ['processing', 'completed', 'rejected', 'reversed'] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];
export const EXPORT_SOURCES = ['monthly', 'history'] as const;
export type ExportSource = (typeof EXPORT_SOURCES)[number];
export const EXPORT_FORMATS = ['pdf', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
export const AUTHORIZATION_KINDS = ['debitCard', 'currentAccount'] as const;
export const BATCH_TRANSFER_STATUSES = [
  'uploaded',
  'processing',
  'completed',
  'partiallyCompleted',
  'failed',
  // Issue 17: a batch an initiate-only user submitted waits for a full-access user's decision.
  'awaitingApproval',
  'declined',
] as const;
export const BATCH_TRANSFER_TYPES = [
  'wire',
  'eft',
  'oct',
  'instant_payment',
  'interac',
  'p2p',
  'digital',
  'global_payout',
] as const;

/** A calendar day YYYY-MM-DD (UTC) that exists, in the range every request accepts. */
export const historyDaySchema = calendarDaySchema;
/** A statement month YYYY-MM, in the same range. */
export const yearMonthSchema = lazySchema(() =>
  z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation.yearMonth')
    .refine((value) => isCalendarDay(`${value}-01`), 'validation.yearMonth'),
);
/** A non-negative amount bound of a filter, at most 8 decimals. */
const amountBoundSchema = lazySchema(() =>
  // eslint-disable-next-line security/detect-unsafe-regex -- anchored, bounded and unambiguous: linear on any input
  z.string().regex(/^\d{1,18}(\.\d{1,8})?$/, 'validation.amount'),
);
const pageNumberSchema = lazySchema(() =>
  z.number().int().min(1, 'validation.invalidValue').max(100_000, 'validation.invalidValue'),
);

/** The history filter of spec 2 §3 (fromAmount/toAmount and transactionDirection under shorter names). */
export const historyFilterShape = {
  accountId: idSchema,
  /** Matches the description, the counterparty or the transaction id (case-insensitive, contains). */
  keyword: lazySchema(() =>
    z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong').optional(),
  ),
  /** A code of the transaction-type dictionary (getTransactionTypes). */
  transactionType: lazySchema(() => z.enum(TRANSACTION_TYPE_CODES).optional()),
  /** First day (UTC) to include. */
  fromDate: lazySchema(() => historyDaySchema.optional()),
  /** Last day (UTC) to include. */
  toDate: lazySchema(() => historyDaySchema.optional()),
  /** Bounds of the item's amount (without the fee), inclusive. */
  amountFrom: lazySchema(() => amountBoundSchema.optional()),
  amountTo: lazySchema(() => amountBoundSchema.optional()),
  direction: lazySchema(() => z.enum(HISTORY_DIRECTIONS).optional()),
  status: lazySchema(() => z.enum(HISTORY_STATUSES).optional()),
  /** The counterparty's e-mail (P2P payee, or the sender of money received), exact, case-insensitive. */
  email: lazySchema(() =>
    z.string().trim().toLowerCase().max(254, 'validation.tooLong').optional(),
  ),
};

/** Checks shared by every filter: a range's end is not before its start. */
function refineFilter(
  value: {
    fromDate?: string | undefined;
    toDate?: string | undefined;
    amountFrom?: string | undefined;
    amountTo?: string | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  if (value.fromDate && value.toDate && value.toDate < value.fromDate)
    ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'validation.dateRangeOrder' });
  if (
    value.amountFrom !== undefined &&
    value.amountTo !== undefined &&
    Number(value.amountTo) < Number(value.amountFrom)
  ) {
    ctx.addIssue({ code: 'custom', path: ['amountTo'], message: 'validation.amountRangeOrder' });
  }
}

export const historyFilterSchema = lazySchema(() =>
  z.object(historyFilterShape).strict().superRefine(refineFilter),
);
export type HistoryFilter = z.infer<typeof historyFilterSchema>;

export const transactionHistoryRequestSchema = lazySchema(() =>
  z
    .object({
      ...historyFilterShape,
      pageNumber: pageNumberSchema.default(1),
      pageSize: z
        .number()
        .int()
        .min(1, 'validation.invalidValue')
        .max(HISTORY_MAX_PAGE_SIZE, 'validation.invalidValue')
        .default(HISTORY_PAGE_SIZE),
      /** nextCursor of the previous page: continues after it (keyset), pageNumber is then only echoed. */
      cursor: z
        .string()
        .max(200, 'validation.invalidValue')
        .regex(/^[A-Za-z0-9_-]+$/, 'validation.invalidValue')
        .optional(),
      /**
       * Count total and totals too (a walk over up to HISTORY_TOTAL_CAP rows, the dearer part of a
       * page). By default only without a cursor: the next pages keep the first page's counts.
       */
      withTotals: z.boolean().optional(),
    })
    .strict()
    .superRefine(refineFilter),
);
export type TransactionHistoryRequest = z.input<typeof transactionHistoryRequestSchema>;

export const historyItemSchema = lazySchema(() =>
  z.object({
    transactionId: z.string(),
    /** When it was made (ISO 8601). */
    date: z.string(),
    operationType: z.enum(TRANSACTION_TYPE_CODES),
    /** The dictionary id of operationType (getTransactionTypes). */
    operationTypeId: idSchema,
    /** What moved on this account without the fee, positive; direction says which way. */
    amount: moneySchema,
    currency: currencyCodeSchema,
    /** The fee this account paid for it ('0' when none, always '0' for money received). */
    fee: moneySchema,
    direction: z.enum(HISTORY_DIRECTIONS),
    status: z.enum(HISTORY_STATUSES),
    /** Who is on the other side: a person, a beneficiary, an own account; null when the bank itself. */
    counterparty: z.string().nullable(),
    description: z.string().nullable(),
  }),
);
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const transactionHistoryResponseSchema = lazySchema(() =>
  z.object({
    items: z.array(historyItemSchema),
    /** Items matching the filter: exact up to HISTORY_TOTAL_CAP, else that cap with totalIsExact false. Only when counted (withTotals). */
    total: z.number().int().optional(),
    totalIsExact: z.boolean().optional(),
    /** Counts of the filtered items that were rejected and that are still processing (spec 2 §3). Only when counted (withTotals). */
    totals: z.object({ rejected: z.number().int(), processing: z.number().int() }).optional(),
    /** Pass as cursor for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
  }),
);
export type TransactionHistoryResponse = z.infer<typeof transactionHistoryResponseSchema>;

export const transactionPostingSchema = lazySchema(() =>
  z.object({
    /** One of the customer's accounts, or null for a bank account (fees, FX, clearing, another customer). */
    accountId: idSchema.nullable(),
    /** What the line is: the customer's own account, the bank's fee revenue, currency exchange, a rail, the opening balance, another customer. */
    role: z.enum(['own', 'feeRevenue', 'fx', 'clearing', 'openingBalance', 'otherCustomer']),
    amount: moneySchema,
    currency: currencyCodeSchema,
    /** A reservation of a transfer not yet settled. */
    pending: z.boolean(),
  }),
);

export const transactionDetailsSchema = lazySchema(() =>
  historyItemSchema.extend({
    /** The account it is shown for: the first of the customer's accounts it touched. */
    accountId: idSchema,
    /** The rate used when currencies differ ('1' otherwise). */
    rate: rateSchema,
    /** What reached the other side, in its currency. */
    toAmount: moneySchema.nullable(),
    toCurrency: currencyCodeSchema.nullable(),
    settledAt: z.string().nullable(),
    /** The transfer it reverses, or the one that reversed it. */
    reversesTransactionId: z.string().nullable(),
    reversedByTransactionId: z.string().nullable(),
    /** Why it was rejected or returned, when known. */
    reason: z.string().nullable(),
    postings: z.array(transactionPostingSchema),
  }),
);
export type TransactionDetails = z.infer<typeof transactionDetailsSchema>;

export const statementRowSchema = lazySchema(() =>
  z.object({
    yearMonth: yearMonthSchema,
    /** 1 for the account's first month, counting up (spec 2 §3 "indexed per account"). */
    index: z.number().int().min(1),
    currency: currencyCodeSchema,
    beginningBalance: moneySchema,
    /** Money out in the month (positive). */
    totalDebit: moneySchema,
    /** Money in in the month (positive). */
    totalCredit: moneySchema,
    /** beginningBalance + totalCredit − totalDebit. */
    endingBalance: moneySchema,
    processingCount: z.number().int(),
    rejectedCount: z.number().int(),
  }),
);
export type StatementRow = z.infer<typeof statementRowSchema>;

export const exportSchema = lazySchema(() =>
  z.object({
    exportId: idSchema,
    source: z.enum(EXPORT_SOURCES),
    format: z.enum(EXPORT_FORMATS),
    accountId: idSchema,
    /** Monthly statements: the month. */
    yearMonth: yearMonthSchema.nullable(),
    status: z.enum(EXPORT_STATUSES),
    /** 0–100. */
    progress: z.number().int().min(0).max(100),
    fileName: z.string(),
    /** Bytes, once ready. */
    size: z.number().int().nullable(),
    rows: z.number().int().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  }),
);
export type ExportItem = z.infer<typeof exportSchema>;

export const authorizationSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    date: z.string(),
    accountId: idSchema,
    /** The card's last four digits, for card authorisations. */
    cardLast4: z.string().nullable(),
    merchant: z.string().nullable(),
    amount: moneySchema,
    currency: currencyCodeSchema,
    status: z.enum(['pending', 'completed', 'declined', 'reversed']),
    description: z.string().nullable(),
  }),
);
export type Authorization = z.infer<typeof authorizationSchema>;

export const batchTransferSchema = lazySchema(() =>
  z.object({
    batchId: idSchema,
    name: z.string(),
    type: z.enum(BATCH_TRANSFER_TYPES),
    accountId: idSchema,
    status: z.enum(BATCH_TRANSFER_STATUSES),
    paymentsCount: z.number().int(),
    totalAmount: moneySchema,
    currency: currencyCodeSchema,
    fileName: z.string(),
    createdAt: z.string(),
  }),
);
export type BatchTransfer = z.infer<typeof batchTransferSchema>;

/** How many calendar months home's spending chart shows, and the most a caller may ask for. */
export const SPENDING_MONTHS = 6;
export const SPENDING_MAX_MONTHS = 12;

export const monthlySpendingSchema = lazySchema(() =>
  z.object({
    yearMonth: yearMonthSchema,
    /** Money that left the customer in the month, in the main currency, rounded to its minor units ('0.00' for none). */
    amount: moneySchema,
  }),
);
export type MonthlySpending = z.infer<typeof monthlySpendingSchema>;

export const spendingByMonthResponseSchema = lazySchema(() =>
  z.object({
    /** The customer's main currency (packages/domain mainCurrency). */
    currencyCode: currencyCodeSchema,
    /** Oldest first, one entry per calendar month (UTC) up to the current one, none left out. */
    months: z.array(monthlySpendingSchema),
    /** Some spending was in other currencies and was converted: the figures are approximate. */
    isConverted: z.boolean(),
    /** Currencies the server holds no rate for: their spending is left out. */
    excludedCurrencies: z.array(currencyCodeSchema),
  }),
);
export type SpendingByMonth = z.infer<typeof spendingByMonthResponseSchema>;

export const historyMethods = {
  /** One page of an account's history, newest first, with the totals of rejected and processing items. */
  getTransactionHistory: defineMethod({
    request: transactionHistoryRequestSchema,
    response: transactionHistoryResponseSchema,
  }),
  /**
   * Money that left the acting customer's accounts per calendar month (UTC), for the last `months`
   * months including the current one: settled outgoing postings net per transfer, so a move
   * between the customer's own accounts is no spending, and a reversed transfer and its reversal
   * count for nothing. Other currencies are converted at the newest reference rates.
   */
  getSpendingByMonth: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          months: z
            .number()
            .int()
            .min(1, 'validation.invalidValue')
            .max(SPENDING_MAX_MONTHS, 'validation.invalidValue')
            .default(SPENDING_MONTHS),
        })
        .strict(),
    ),
    response: spendingByMonthResponseSchema,
  }),
  /** One transaction with its fee, rate, status, counterparty and its postings. */
  getTransactionDetails: defineMethod({
    request: lazySchema(() =>
      z.object({ transactionId: z.uuid('validation.transactionId') }).strict(),
    ),
    response: lazySchema(() => z.object({ transaction: transactionDetailsSchema })),
  }),
  /** A PDF receipt of one transaction behind a single-use 5-minute link (`/api/pdf/files/{token}`). */
  getTransactionReceipt: defineMethod({
    request: lazySchema(() =>
      z.object({ transactionId: z.uuid('validation.transactionId') }).strict(),
    ),
    response: lazySchema(() => z.object({ redirectLink: z.string() })),
  }),
  /**
   * Authorisations (page size 10): debitCard lists the card authorisations of the debit cards
   * settled by a settlement account and is refused for any other account (spec 2 §6);
   * currentAccount lists the account's own processing card authorisations.
   */
  getAuthorizations: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          accountId: idSchema,
          kind: z.enum(AUTHORIZATION_KINDS),
          pageNumber: pageNumberSchema.default(1),
          pageSize: z
            .number()
            .int()
            .min(1, 'validation.invalidValue')
            .max(50, 'validation.invalidValue')
            .default(AUTHORIZATIONS_PAGE_SIZE),
        })
        .strict(),
    ),
    response: lazySchema(() =>
      z.object({ authorizations: z.array(authorizationSchema), total: z.number().int() }),
    ),
  }),
  /** Monthly statement rows of an account, newest first: the months of a year, else every month since the account's first movement. */
  getStatements: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          accountId: idSchema,
          year: z
            .number()
            .int()
            .min(2000, 'validation.invalidValue')
            .max(2100, 'validation.invalidValue')
            .optional(),
        })
        .strict(),
    ),
    response: lazySchema(() => z.object({ statements: z.array(statementRowSchema) })),
  }),
  /** Starts a statement file for one month (source 'monthly'); poll getExportStatus. */
  exportStatement: defineMethod({
    request: lazySchema(() =>
      z
        .object({ accountId: idSchema, yearMonth: yearMonthSchema, format: z.enum(EXPORT_FORMATS) })
        .strict(),
    ),
    response: lazySchema(() => z.object({ exportId: idSchema })),
  }),
  /** Starts a CSV of the whole filtered history (source 'history'), written in the background; poll getExportStatus. */
  exportHistory: defineMethod({
    request: lazySchema(() =>
      z
        .object({ ...historyFilterShape, format: z.literal('csv').default('csv') })
        .strict()
        .superRefine(refineFilter),
    ),
    response: lazySchema(() => z.object({ exportId: idSchema })),
  }),
  /** The acting customer's exports of a source, newest first (page size 12). */
  getExports: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          source: z.enum(EXPORT_SOURCES),
          accountId: idSchema.optional(),
          pageNumber: pageNumberSchema.default(1),
          pageSize: z
            .number()
            .int()
            .min(1, 'validation.invalidValue')
            .max(50, 'validation.invalidValue')
            .default(EXPORTS_PAGE_SIZE),
        })
        .strict(),
    ),
    response: lazySchema(() =>
      z.object({ exports: z.array(exportSchema), total: z.number().int() }),
    ),
  }),
  /** Where an export is; once ready, a fresh single-use 5-minute link to the file. */
  getExportStatus: defineMethod({
    request: lazySchema(() => z.object({ exportId: idSchema }).strict()),
    response: lazySchema(() =>
      z.object({
        exportId: idSchema,
        status: z.enum(EXPORT_STATUSES),
        progress: z.number().int().min(0).max(100),
        redirectLink: z.string().optional(),
        export: exportSchema,
      }),
    ),
  }),
  /** Sends a ready export's link (valid 24 hours, single use) by e-mail through the outbox; a business sends with fromCustomerId. */
  sendExportToEmail: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          exportId: idSchema,
          email: z.email('validation.email').max(254, 'validation.tooLong'),
        })
        .strict(),
    ),
    response: lazySchema(() => z.object({ sent: z.boolean() })),
  }),
  /** Batch (mass) transfers of the acting customer, newest first (spec 2 §3 "Batch filter", page size 20). */
  getBatchTransfers: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          search: z.string().trim().max(100, 'validation.tooLong').optional(),
          types: z.array(z.enum(BATCH_TRANSFER_TYPES)).max(BATCH_TRANSFER_TYPES.length).optional(),
          from: historyDaySchema.optional(),
          to: historyDaySchema.optional(),
          pageNumber: pageNumberSchema.default(1),
          pageSize: z
            .number()
            .int()
            .min(1, 'validation.invalidValue')
            .max(100, 'validation.invalidValue')
            .default(BATCH_TRANSFERS_PAGE_SIZE),
        })
        .strict()
        .superRefine((value, ctx) => {
          if (value.from && value.to && value.to < value.from)
            ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateRangeOrder' });
        }),
    ),
    response: lazySchema(() =>
      z.object({ batches: z.array(batchTransferSchema), total: z.number().int() }),
    ),
  }),
  /** The file a batch was uploaded as (CSV text). */
  getBatchTransferFile: defineMethod({
    request: lazySchema(() => z.object({ batchId: idSchema }).strict()),
    response: lazySchema(() =>
      z.object({
        batchId: idSchema,
        fileName: z.string(),
        contentType: z.string(),
        content: z.string(),
      }),
    ),
  }),
};
