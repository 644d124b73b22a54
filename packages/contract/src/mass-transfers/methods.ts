import { z } from 'zod';
import {
  MASS_MAX_BYTES,
  MASS_MAX_CELL_LENGTH,
  MASS_MAX_ROWS,
  MASS_ROW_STATUSES,
  MASS_TRANSFER_TYPES,
} from '@ledgerline/domain/mass-transfers';
import { moneySchema, rateSchema } from '../accounts/methods';
import { defineMethod } from '../define';
import { idSchema } from '../envelope';
import { currencyCodeSchema } from '../dictionaries/methods';
import { BATCH_TRANSFER_STATUSES } from '../history/methods';
import { approveTypeSchema } from '../transfers/methods';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * Mass transfers (issue 17; spec 2 §3 "Mass and global batch", §5, §6 mass group, §7 "Mass upload",
 * "Mass sample link list", "mass approve"): a business uploads a file (CSV or XLSX) or pastes text
 * (CSV) of one type's transfers (mass-transfers/routes.ts: multipart, answers 00 or 92); the
 * workbench shows every row validated with the rules of the single transfer of its type, with the
 * errors on the row and the cell; rows are fixed in place, dropped and restored; the dry run totals
 * the valid rows (amount, fees, exchange, debit) and moves nothing; submit pays each valid row as
 * its own transfer through the ledger (idempotency key per row), and re-submit makes a new batch of
 * the failed and returned rows. An initiate-only business user's submit creates a batch approval
 * request that a full-access user approves or declines with their own code (massApprove, bound to
 * the batch's total and payee list). Every batch id must be the acting customer's: another's is
 * ENOA (404) and nothing changes. Amounts are in the source account's currency.
 */

export {
  MASS_TRANSFER_TYPES,
  MASS_ROW_STATUSES,
  MASS_MAX_ROWS,
  MASS_MAX_BYTES,
  MASS_MAX_CELL_LENGTH,
};
export const massTransferTypeSchema = lazySchema(() => z.enum(MASS_TRANSFER_TYPES));
export const massRowStatusSchema = lazySchema(() => z.enum(MASS_ROW_STATUSES));

/** The workbench's rows a page (the batch list itself pages by 20, spec 2 §9). */
export const MASS_ROWS_PAGE_SIZE = 100;
export const MASS_ROWS_MAX_PAGE_SIZE = 500;

const idempotencyKeySchema = lazySchema(() => z.uuid('validation.idempotencyKey'));
const rowNumberSchema = lazySchema(() => z.number().int().min(1).max(MASS_MAX_ROWS));
/** A cell's text as the customer typed it (column key → value). */
const cellsSchema = lazySchema(() =>
  z
    .record(z.string().min(1).max(32), z.string().max(MASS_MAX_CELL_LENGTH, 'validation.tooLong'))
    .refine((value) => Object.keys(value).length <= 20, 'validation.tooMany'),
);

/**
 * The data part of an upload (the multipart field `data`, JSON). A file comes in the field
 * `attachedFile`; without one, `text` holds pasted CSV (spec 2 §5: one of the two is needed).
 */
export const massUploadDataSchema = lazySchema(() =>
  z
    .object({
      batchName: z.string().trim().min(1, 'validation.required').max(128, 'validation.tooLong'),
      accountId: idSchema,
      type: massTransferTypeSchema,
      /** Send it although an identical batch exists (the 92 answer was confirmed). */
      ignoreIdenticalBatch: z.boolean().optional(),
      text: z.string().max(MASS_MAX_BYTES, 'validation.massFileTooLarge').optional(),
    })
    .strict(),
);
export type MassUploadData = z.infer<typeof massUploadDataSchema>;

/** Batch upload result (spec 2 §3): 00 a new batch; 92 an identical batch exists (its date and id). */
export const massUploadResultSchema = lazySchema(() =>
  z.object({
    responseCode: z.enum(['00', '92']),
    responseDescription: z.string(),
    result: z.enum(['created', 'identicalBatch']),
    /** ISO time: the new batch's, or the identical batch's upload. */
    date: z.string(),
    batchId: idSchema,
  }),
);
export type MassUploadResult = z.infer<typeof massUploadResultSchema>;

/** One row of the workbench. */
export const massRowSchema = lazySchema(() =>
  z.object({
    /** 1 is the first row after the header. */
    rowNumber: z.number().int(),
    /** The row's cells by column key (MASS_COLUMNS), as read or as fixed. */
    fields: z.record(z.string(), z.string()),
    /** Column key (or '_' for the row as a whole) → an i18n key the web translates. */
    errors: z.record(z.string(), z.string()),
    status: massRowStatusSchema,
    /** The amount as a decimal of the account's currency, once it reads as one. */
    amount: moneySchema.nullable(),
    /** The fee of this row's transfer, for a valid row. */
    fee: moneySchema.nullable(),
    /** The transfer that paid it, once submitted. */
    transactionId: z.string().nullable(),
    /** Why the rail failed or returned it (a reason code the web translates). */
    failureReason: z.string().nullable(),
  }),
);
export type MassRow = z.infer<typeof massRowSchema>;

export const MASS_BATCH_STATUSES = BATCH_TRANSFER_STATUSES;
export const massBatchSchema = lazySchema(() =>
  z.object({
    batchId: idSchema,
    name: z.string(),
    type: massTransferTypeSchema,
    accountId: idSchema,
    /** The account's currency: every row's amount is in it. */
    currency: currencyCodeSchema,
    status: z.enum(MASS_BATCH_STATUSES),
    fileName: z.string(),
    createdAt: z.string(),
    rowsCount: z.number().int(),
    validCount: z.number().int(),
    invalidCount: z.number().int(),
    removedCount: z.number().int(),
    /** The rows to pay summed (fees apart): the valid ones while the batch is prepared, the sent ones once submitted. */
    totalAmount: moneySchema,
    /** The batch whose failed rows this one re-submits. */
    resubmitOf: idSchema.nullable(),
    /** Uploaded, at least one valid row and no invalid one left (fix or drop them first). */
    canSubmit: z.boolean(),
  }),
);
export type MassBatch = z.infer<typeof massBatchSchema>;

/** One currency's line of the dry run. */
export const massDryRunTotalSchema = lazySchema(() =>
  z.object({
    /** The rows' currency. */
    currency: currencyCodeSchema,
    count: z.number().int(),
    amount: moneySchema,
    fee: moneySchema,
    /** Account-currency units per one row-currency unit ('1' when they are the same). */
    exchangeRate: rateSchema,
    /** What the account gives for these rows: (amount + fee) exchanged, in the account's currency. */
    debitAmount: moneySchema,
  }),
);

export const massSubmitResultSchema = lazySchema(() =>
  z.object({
    batchId: idSchema,
    /** processing: the rows are being paid; pending: waits for the second factor (operationId); approvalCreated: waits for a business approver. */
    status: z.enum(['processing', 'pending', 'approvalCreated']),
    operationId: z.string().nullable(),
    approveType: approveTypeSchema,
    approvalSentTo: z.string().nullable(),
    availableApprovalMethods: z.array(approveTypeSchema),
    totalAmount: moneySchema,
    fee: moneySchema,
    currency: currencyCodeSchema,
  }),
);
export type MassSubmitResult = z.infer<typeof massSubmitResultSchema>;

/** A started mass decision: finish it with massApproveConfirm and the approver's code. */
export const massApprovalOperationSchema = lazySchema(() =>
  z.object({
    approvalTransactionId: z.uuid(),
    approveType: approveTypeSchema,
    approvalSentTo: z.string().nullable(),
    availableApprovalMethods: z.array(approveTypeSchema),
    batchId: idSchema,
    declined: z.boolean(),
  }),
);

const rowCountsSchema = lazySchema(() => z.record(massRowStatusSchema, z.number().int()));

export const massTransferMethods = {
  /** Mass sample link list: one sample file per type (CSV and XLSX), and the columns each file has. */
  getMassSampleLinks: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() =>
      z.object({
        samples: z.array(
          z.object({
            type: massTransferTypeSchema,
            /** Path of the public sample route (GET, no bearer needed). */
            csvUrl: z.string(),
            xlsxUrl: z.string(),
            columns: z.array(
              z.object({ key: z.string(), header: z.string(), required: z.boolean() }),
            ),
          }),
        ),
      }),
    ),
  }),
  /** A batch and a page of its rows, in file order; `filter` narrows the rows to those needing attention. */
  getMassBatch: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          batchId: idSchema,
          pageNumber: z.number().int().min(1).max(MASS_MAX_ROWS).default(1),
          pageSize: z
            .number()
            .int()
            .min(1, 'validation.invalidValue')
            .max(MASS_ROWS_MAX_PAGE_SIZE, 'validation.invalidValue')
            .default(MASS_ROWS_PAGE_SIZE),
          filter: z.enum(['all', 'invalid', 'removed', 'failed']).default('all'),
        })
        .strict(),
    ),
    response: lazySchema(() =>
      z.object({
        batch: massBatchSchema,
        rows: z.array(massRowSchema),
        /** Rows matching the filter. */
        total: z.number().int(),
      }),
    ),
  }),
  /** Fixes a row in place (only while the batch is uploaded): the cells given replace the row's, and it is validated again. */
  updateMassBatchRow: defineMethod({
    request: lazySchema(() =>
      z.object({ batchId: idSchema, rowNumber: rowNumberSchema, fields: cellsSchema }).strict(),
    ),
    response: lazySchema(() => z.object({ batch: massBatchSchema, row: massRowSchema })),
  }),
  /** Drops a row from the batch (it stays listed as removed and is never paid). */
  removeMassBatchRow: defineMethod({
    request: lazySchema(() => z.object({ batchId: idSchema, rowNumber: rowNumberSchema }).strict()),
    response: lazySchema(() => z.object({ batch: massBatchSchema, row: massRowSchema })),
  }),
  /** Brings a dropped row back (validated again). */
  restoreMassBatchRow: defineMethod({
    request: lazySchema(() => z.object({ batchId: idSchema, rowNumber: rowNumberSchema }).strict()),
    response: lazySchema(() => z.object({ batch: massBatchSchema, row: massRowSchema })),
  }),
  /** Dry run: what submitting would pay and debit, per currency, with the balance it needs. Moves nothing. */
  getMassBatchDryRun: defineMethod({
    request: lazySchema(() => z.object({ batchId: idSchema }).strict()),
    response: lazySchema(() =>
      z.object({
        batchId: idSchema,
        accountId: idSchema,
        accountCurrency: currencyCodeSchema,
        validCount: z.number().int(),
        invalidCount: z.number().int(),
        removedCount: z.number().int(),
        totals: z.array(massDryRunTotalSchema),
        /** Everything the account gives, in its currency. */
        totalDebit: moneySchema,
        availableBalance: moneySchema,
        /** The account covers the total with fees (a batch is all-or-nothing for funds). */
        isFundsSufficient: z.boolean(),
        /** Whether submit would be accepted now (canSubmit and funds sufficient). */
        canSubmit: z.boolean(),
      }),
    ),
  }),
  /**
   * Submits the batch's valid rows: one transfer per row, each with a key derived from the batch
   * and the row, so a retried submit pays no row twice. `totalAmount` is the dry run's the customer
   * saw; a batch changed since answers validation.batchChanged. (Handlers: part E.)
   */
  submitMassBatch: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          batchId: idSchema,
          totalAmount: moneySchema,
          idempotencyKey: idempotencyKeySchema,
        })
        .strict(),
    ),
    response: massSubmitResultSchema,
  }),
  /** Makes a new uploaded batch of exactly the failed and returned rows of a finished batch. */
  resubmitMassFailedRows: defineMethod({
    request: lazySchema(() =>
      z.object({ batchId: idSchema, idempotencyKey: idempotencyKeySchema }).strict(),
    ),
    response: lazySchema(() => z.object({ batch: massBatchSchema })),
  }),
  /** Batch status, for polling while it runs: the batch's status and its rows counted by status. */
  getMassBatchStatus: defineMethod({
    request: lazySchema(() => z.object({ batchId: idSchema }).strict()),
    response: lazySchema(() =>
      z.object({
        batchId: idSchema,
        status: z.enum(MASS_BATCH_STATUSES),
        counts: rowCountsSchema,
        updatedAt: z.string(),
      }),
    ),
  }),
  /** Mass approve (batchId, declined): starts a full-access user's decision on a batch approval request; sends their code. */
  massApprove: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          batchId: idSchema,
          declined: z.boolean(),
          reason: z.string().trim().max(256, 'validation.tooLong').optional(),
        })
        .strict(),
    ),
    response: massApprovalOperationSchema,
  }),
  /** Finishes a mass decision with the approver's code (none for push); refused when the batch changed since approval started. */
  massApproveConfirm: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          approvalTransactionId: z.uuid('validation.operationId'),
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
        batchId: idSchema,
        // Part E: 'awaiting' when the company's policy asks more approvers than have approved yet.
        status: z.enum(['approved', 'declined', 'failed', 'awaiting']),
        message: z.string().nullable(),
      }),
    ),
  }),
};
