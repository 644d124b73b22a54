import { z } from 'zod';
import { FUNDING_STATUS_NAMES } from '@ledgerline/domain/funding';
import { moneySchema } from '../accounts/methods';
import { defineMethod } from '../define';
import { idSchema } from '../envelope';
import { currencyCodeSchema } from '../dictionaries/methods';
import { positiveAmountSchema } from '../transfers/methods';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * Funding invoices (issue 16; spec 2 §3 "Invoices" with isFunding, §6 flag "funding: digital",
 * §7 "funding invoice create (amount)"): the customer asks to add money to one of their accounts
 * by bank transfer and gets the bank's collection account for that currency and a reference of
 * their own. When a transfer with that reference reaches the collection account, the money lands
 * in the account and the invoice turns paid. The field names are the invoice's where they apply.
 */

/** Funding invoices a page (spec 2 §9: invoices 20). */
export const FUNDING_PAGE_SIZE = 20;

/** Where to send the money: the brand's collection account in the invoice's currency. */
export const fundingInstructionsSchema = lazySchema(() =>
  z.object({
    beneficiaryName: z.string(),
    bankName: z.string(),
    bankAddress: z.string(),
    iban: z.string().nullable(),
    bankAccountNumber: z.string(),
    swift: z.string(),
    sortCode: z.string().nullable(),
    routingNumber: z.string().nullable(),
    transitNumber: z.string().nullable(),
    institutionNumber: z.string().nullable(),
    /** The reference the payer quotes, printed in groups of four (RF… with its check digits). */
    reference: z.string(),
  }),
);
export type FundingInstructions = z.infer<typeof fundingInstructionsSchema>;

export const fundingInvoiceSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    /** The invoice number a person reads ("F-000123"). */
    number: z.string(),
    /** What the customer asked to add. */
    amount: moneySchema,
    /** What arrived (null until paid); may differ from amount when the payer sent another sum. */
    amountReceived: moneySchema.nullable(),
    currencyCode: currencyCodeSchema,
    status: z.enum(FUNDING_STATUS_NAMES),
    statusId: z.number().int(),
    sentDate: z.string(),
    updatedDate: z.string(),
    paidDate: z.string().nullable(),
    isFunding: z.literal(true),
    /** The customer's account the money is for. */
    payeeAccountId: idSchema,
    reference: z.string(),
    instructions: fundingInstructionsSchema,
  }),
);
export type FundingInvoice = z.infer<typeof fundingInvoiceSchema>;

/** The browser's key for one create: a retry with it answers the first invoice. */
const idempotencyKeySchema = lazySchema(() => z.uuid('validation.idempotencyKey'));

export const fundingMethods = {
  /** Creates a funding invoice for one of the customer's open accounts, in that account's currency. */
  fundingInvoiceCreate: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          accountId: idSchema,
          amount: positiveAmountSchema,
          idempotencyKey: idempotencyKeySchema,
        })
        .strict(),
    ),
    response: lazySchema(() => z.object({ invoice: fundingInvoiceSchema })),
  }),
  /** The customer's funding invoices, newest first, 20 a page, optionally of one status. */
  getFundingInvoices: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          page: z.number().int().min(1).max(100_000).optional(),
          status: z.enum(FUNDING_STATUS_NAMES).optional(),
        })
        .strict(),
    ),
    response: lazySchema(() =>
      z.object({
        invoices: z.array(fundingInvoiceSchema),
        page: z.number().int(),
        pageSize: z.number().int(),
        total: z.number().int(),
      }),
    ),
  }),
  getFundingInvoice: defineMethod({
    request: lazySchema(() => z.object({ invoiceId: idSchema }).strict()),
    response: lazySchema(() => z.object({ invoice: fundingInvoiceSchema })),
  }),
  /** Cancels a funding invoice still awaiting payment: money quoting its reference goes to suspense after. */
  fundingInvoiceCancel: defineMethod({
    request: lazySchema(() => z.object({ invoiceId: idSchema }).strict()),
    response: lazySchema(() => z.object({ invoice: fundingInvoiceSchema })),
  }),
  /** A single-use link (5 minutes) to the funding invoice's PDF in the caller's language. */
  getFundingInvoicePdf: defineMethod({
    request: lazySchema(() => z.object({ invoiceId: idSchema }).strict()),
    response: lazySchema(() => z.object({ urlPdf: z.string() })),
  }),
};
