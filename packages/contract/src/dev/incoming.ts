import { z } from 'zod';
import { moneySchema } from '../accounts/methods';
import { currencyCodeSchema } from '../dictionaries/methods';
import { defineRoute } from '../define';
import { errorEnvelopeSchema } from '../envelope';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/**
 * The rail simulator's incoming bank transfer (issue 14, "Money arriving"): another bank pays into
 * an account's payment instructions (the IBAN, or the account number, in the account's currency),
 * with the payer's name and the rail's own reference. The reference identifies the payment: the
 * same reference again answers the first credit and credits nothing more.
 *
 * Paid into the brand's collection account (a funding invoice's instructions, issue 16), the
 * reference is the one the payer quoted: it names the funding invoice, and `railId` (the rail's own
 * id of the payment, the reference when absent) is what a repeat is known by, so two payments
 * quoting one reference stay two payments.
 */
export const railsIncomingBodySchema = lazySchema(() =>
  z
    .object({
      iban: z.string().trim().min(5).max(42).optional(),
      accountNumber: z.string().trim().min(4).max(34).optional(),
      currency: currencyCodeSchema,
      amount: moneySchema,
      payerName: z.string().trim().min(1).max(140),
      reference: z.string().trim().min(1).max(100),
      railId: z.string().trim().min(1).max(100).optional(),
    })
    .strict()
    .refine((value) => value.iban !== undefined || value.accountNumber !== undefined, {
      path: ['iban'],
      message: 'Give the IBAN or the account number',
    }),
);
export type RailsIncomingBody = z.input<typeof railsIncomingBodySchema>;

export const railsIncomingRoute = defineRoute({
  method: 'POST',
  path: '/dev/rails/incoming',
  auth: 'public',
  devOnly: true,
  body: railsIncomingBodySchema,
  response: lazySchema(() =>
    z.object({
      transactionId: z.string(),
      accountId: z.number().int(),
      amount: moneySchema,
      currency: z.string(),
      /** true when this reference was credited before: nothing moved this time. */
      replayed: z.boolean(),
      /** account: the payee's instructions; fundingInvoice: a funding invoice's reference; suspense: no match. */
      destination: z.enum(['account', 'fundingInvoice', 'suspense']),
      /** The funding invoice the reference named, when it matched. */
      fundingInvoiceId: z.number().int().nullable(),
    }),
  ),
  error: errorEnvelopeSchema,
});
