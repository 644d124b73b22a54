import { z } from 'zod';
import { hasValidMinorUnits } from '@ledgerline/domain';
import { calendarDaySchema } from '../dates';
import { defineMethod } from '../define';
import { idSchema } from '../envelope';
import { moneySchema } from '../accounts/methods';
import { currencyCodeSchema } from '../dictionaries/methods';
import { positiveAmountSchema, submitResultSchema } from '../transfers/methods';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * Invoices and money requests (issue 16; spec 2 §3 "Invoices", §6 "request money", §7
 * "Invoices", §9 page size 20). A customer bills anyone by e-mail: a customer of the same brand
 * sees it in their received list; anyone else gets an e-mail with a public link
 * (/invoice/<token>) and sees it once they sign in with that confirmed e-mail in that brand. The
 * payer pays from any of their payment accounts (converted at the recorded rate when the
 * currencies differ, the P2P fee rules), through the transfer confirmation of every money
 * movement: payInvoice answers the same submit result as transferP2P, finished with
 * confirmTransaction / resendTransactionCode. An invoice is paid once. A money request is an
 * invoice of kind 'request' made by the asking customer (flag otherPerson.requestMoney), to
 * another customer of the same brand only.
 */

export const INVOICES_PAGE_SIZE = 20;
export const INVOICE_NOTE_MAX = 500;

/**
 * Where an invoice is (statusId in brackets):
 * - unpaid (1): sent, nothing paid, not past its due date;
 * - awaitingPayment (2): a payment was started and waits for the payer's second factor;
 * - paid (3); rejected (4) by the payer with a note; cancelled (5) by the sender;
 * - overdue (6): still unpaid after its due date (marked by a scheduled job).
 */
export const INVOICE_STATUSES = [
  'unpaid',
  'awaitingPayment',
  'paid',
  'rejected',
  'cancelled',
  'overdue',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_IDS: Readonly<Record<InvoiceStatus, number>> = {
  unpaid: 1,
  awaitingPayment: 2,
  paid: 3,
  rejected: 4,
  cancelled: 5,
  overdue: 6,
};
/** An invoice someone sent, or a money request someone asked for. */
export const INVOICE_KINDS = ['invoice', 'request'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** The earliest due date allowed now: a day that has not yet ended anywhere on Earth (UTC−12). */
export function earliestDueDate(now: Date = new Date()): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}

const emailSchema = lazySchema(() => z.email('validation.email').max(254, 'validation.tooLong'));
const noteSchema = lazySchema(() => z.string().trim().max(INVOICE_NOTE_MAX, 'validation.tooLong'));
const idempotencyKeySchema = lazySchema(() => z.uuid('validation.idempotencyKey'));
/** The secret of a public invoice link: 43 URL-safe characters (32 random bytes). */
export const invoiceTokenSchema = lazySchema(() =>
  z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'validation.invalidValue'),
);

export const invoiceSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    /** The human invoice number shown and printed (INV-000123). */
    number: z.string(),
    kind: z.enum(INVOICE_KINDS),
    /** Whether the viewer sent it (payee) or is asked to pay it (payer). */
    role: z.enum(['payee', 'payer']),
    payerEmail: z.string(),
    payeeEmail: z.string(),
    /** The payer's name once they are a customer of the brand; null while only an e-mail. */
    payerName: z.string().nullable(),
    payeeName: z.string(),
    amount: moneySchema,
    currencyCode: currencyCodeSchema,
    statusId: z.number().int(),
    status: z.enum(INVOICE_STATUSES),
    /** YYYY-MM-DD. */
    dueDate: z.string(),
    /** ISO 8601 times. */
    sentDate: z.string(),
    updatedDate: z.string(),
    paidDate: z.string().nullable(),
    noteBody: z.string().nullable(),
    /** The payer's reason when rejected. */
    rejectNote: z.string().nullable(),
    /** What is asked: the invoice amount in its currency (no partial payments). */
    total: moneySchema,
    /** The fee the payer paid, in paymentCurrencyCode; null until paid. */
    feePayment: moneySchema.nullable(),
    /** What left the payer's account (amount plus fee), in paymentCurrencyCode; null until paid. */
    paidTotal: moneySchema.nullable(),
    paymentCurrencyCode: currencyCodeSchema.nullable(),
    /** Funding invoices are their own list (issue 16B): always false here. */
    isFunding: z.boolean(),
    /** Made by the bank, not a customer (none yet). */
    isSystem: z.boolean(),
    /** A fresh single-use 5-minute download link (getInvoice only; null in lists: use getInvoicePdf). */
    urlPdf: z.string().nullable(),
    /** The payer's account it was paid from: shown to the payer only. */
    payerAccountId: idSchema.nullable(),
    /** The sender's account the money lands in: shown to the sender only. */
    payeeAccountId: idSchema.nullable(),
    /** What the viewer may do now. */
    canPay: z.boolean(),
    canReject: z.boolean(),
    canCancel: z.boolean(),
  }),
);
export type Invoice = z.infer<typeof invoiceSchema>;

const invoiceListRequestSchema = lazySchema(() =>
  z
    .object({
      status: z.enum(INVOICE_STATUSES).optional(),
      kind: z.enum(INVOICE_KINDS).optional(),
      pageNumber: z
        .number()
        .int()
        .min(1, 'validation.invalidValue')
        .max(100_000, 'validation.invalidValue')
        .default(1),
      pageSize: z
        .number()
        .int()
        .min(1, 'validation.invalidValue')
        .max(INVOICES_PAGE_SIZE, 'validation.invalidValue')
        .default(INVOICES_PAGE_SIZE),
    })
    .strict(),
);
export type InvoiceListRequest = z.input<typeof invoiceListRequestSchema>;

const invoiceListResponseSchema = lazySchema(() =>
  z.object({
    invoices: z.array(invoiceSchema),
    total: z.number().int(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
  }),
);
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

/** Amounts no finer than the currency's minor units; a due date not in the past. */
function refineInvoice(
  value: { amount: string; currency: string; dueDate?: string | undefined },
  ctx: z.core.$RefinementCtx,
): void {
  if (!hasValidMinorUnits(value.amount, value.currency))
    ctx.addIssue({ code: 'custom', path: ['amount'], message: 'validation.amountMinorUnits' });
  if (value.dueDate !== undefined && value.dueDate < earliestDueDate())
    ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'validation.dateInPast' });
}

export const createInvoiceRequestSchema = lazySchema(() =>
  z
    .object({
      toEmail: emailSchema,
      amount: positiveAmountSchema,
      /** The invoice's currency: the sender needs a payment account in it (the money lands there). */
      currency: currencyCodeSchema,
      dueDate: calendarDaySchema,
      noteBody: noteSchema.optional(),
    })
    .strict()
    .superRefine(refineInvoice),
);
export type CreateInvoiceRequest = z.infer<typeof createInvoiceRequestSchema>;

export const requestMoneyRequestSchema = lazySchema(() =>
  z
    .object({
      /** A customer of the same brand (checkPayee); anyone else is refused. */
      email: emailSchema,
      amount: positiveAmountSchema,
      currency: currencyCodeSchema,
      /** Defaults to 14 days from today. */
      dueDate: calendarDaySchema.optional(),
      noteBody: noteSchema.optional(),
    })
    .strict()
    .superRefine(refineInvoice),
);
export type RequestMoneyRequest = z.infer<typeof requestMoneyRequestSchema>;

const createdInvoiceSchema = lazySchema(() =>
  z.object({
    invoice: invoiceSchema,
    /**
     * The public link (/invoice/<token>) for sharing (a money request's link and QR code). Shown
     * once: only its hash is stored.
     */
    publicUrl: z.string(),
  }),
);

export const invoicePayQuoteSchema = lazySchema(() =>
  z.object({
    invoiceId: idSchema,
    fromAccount: idSchema,
    /** Leaves fromAccount without the fee, in its currency. */
    amount: moneySchema,
    currency: currencyCodeSchema,
    fee: moneySchema,
    /** amount + fee, in the account's currency. */
    total: moneySchema,
    /** What the sender receives: the invoice amount in its currency. */
    toAmount: moneySchema,
    toCurrency: currencyCodeSchema,
    /** Invoice currency units per one unit of the account's currency ('1' when the same). */
    rate: z.string(),
    /** Whether an exchange happens (show the rate before confirming). */
    isExchange: z.boolean(),
  }),
);
export type InvoicePayQuote = z.infer<typeof invoicePayQuoteSchema>;

export const publicInvoiceSchema = lazySchema(() =>
  z.object({
    number: z.string(),
    kind: z.enum(INVOICE_KINDS),
    /** Who asks: the sender's name. */
    payeeName: z.string(),
    amount: moneySchema,
    currencyCode: currencyCodeSchema,
    /** Why: the sender's note. */
    noteBody: z.string().nullable(),
    dueDate: z.string(),
    status: z.enum(INVOICE_STATUSES),
    /** The brand the invoice belongs to: sign in or register there to pay it. */
    brandId: z.string(),
  }),
);
export type PublicInvoice = z.infer<typeof publicInvoiceSchema>;

const invoiceIdRequestSchema = lazySchema(() => z.object({ invoiceId: idSchema }).strict());

export const invoiceMethods = {
  /** Invoices and money requests addressed to the acting customer (or their confirmed e-mails), newest first, 20 a page. */
  getReceivedInvoices: defineMethod({
    request: invoiceListRequestSchema,
    response: invoiceListResponseSchema,
  }),
  /** Invoices and money requests the acting customer sent, newest first, 20 a page. */
  getSentInvoices: defineMethod({
    request: invoiceListRequestSchema,
    response: invoiceListResponseSchema,
  }),
  /** One invoice of either party, with a fresh urlPdf; anyone else's is not found (ENOA). */
  getInvoice: defineMethod({
    request: invoiceIdRequestSchema,
    response: lazySchema(() => z.object({ invoice: invoiceSchema })),
  }),
  /** The invoice's PDF behind a single-use 5-minute link (`/api/pdf/files/{token}`), in the request's language; the two parties only. */
  getInvoicePdf: defineMethod({
    request: invoiceIdRequestSchema,
    response: lazySchema(() => z.object({ redirectLink: z.string() })),
  }),
  /** Sends an invoice to an e-mail (a customer of the brand sees it in their list; anyone else gets an e-mail with the public link). */
  createInvoice: defineMethod({
    request: createInvoiceRequestSchema,
    response: createdInvoiceSchema,
  }),
  /** Asks another customer of the same brand for money (flag otherPerson.requestMoney): a received invoice of kind 'request' for them. */
  requestMoney: defineMethod({
    request: requestMoneyRequestSchema,
    response: createdInvoiceSchema,
  }),
  /** The payer refuses an unpaid (or overdue) invoice with a note; the sender sees it and gets an e-mail. */
  rejectInvoice: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          invoiceId: idSchema,
          note: noteSchema.pipe(z.string().min(1, 'validation.required')),
        })
        .strict(),
    ),
    response: lazySchema(() => z.object({ invoice: invoiceSchema })),
  }),
  /** The sender withdraws an unpaid (or overdue) invoice. */
  cancelInvoice: defineMethod({
    request: invoiceIdRequestSchema,
    response: lazySchema(() => z.object({ invoice: invoiceSchema })),
  }),
  /** What paying from an account would take: amount, exchange (when the currencies differ) and fee. */
  getInvoicePayQuote: defineMethod({
    request: lazySchema(() => z.object({ invoiceId: idSchema, fromAccount: idSchema }).strict()),
    response: lazySchema(() => z.object({ quote: invoicePayQuoteSchema })),
  }),
  /**
   * Pays an invoice from one of the payer's payment accounts: the submit result of every
   * transfer (pending → confirmTransaction with the second factor; settled in mode 0). Paid once:
   * a second payment (another tab, another user) is refused. Initiate-only business users are
   * refused (docs/decisions.md).
   */
  payInvoice: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          invoiceId: idSchema,
          fromAccount: idSchema,
          idempotencyKey: idempotencyKeySchema,
        })
        .strict(),
    ),
    response: submitResultSchema,
  }),
  /** The public view of an e-mailed link (no sign-in): who asks, how much, why, the due date and the status. */
  getPublicInvoice: defineMethod({
    isPublic: true,
    request: lazySchema(() => z.object({ token: invoiceTokenSchema }).strict()),
    response: lazySchema(() => z.object({ invoice: publicInvoiceSchema })),
  }),
};
