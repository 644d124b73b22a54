import { z } from 'zod';
import { moneySchema } from '../accounts/methods';
import { currencyCodeSchema } from '../dictionaries/methods';
import { defineRoute } from '../define';
import { errorEnvelopeSchema } from '../envelope';

/**
 * The rail simulator's incoming bank transfer (issue 14, "Money arriving"): another bank pays into
 * an account's payment instructions (the IBAN, or the account number, in the account's currency),
 * with the payer's name and the rail's own reference. The reference identifies the payment: the
 * same reference again answers the first credit and credits nothing more.
 */
export const railsIncomingBodySchema = z
  .object({
    iban: z.string().trim().min(5).max(42).optional(),
    accountNumber: z.string().trim().min(4).max(34).optional(),
    currency: currencyCodeSchema,
    amount: moneySchema,
    payerName: z.string().trim().min(1).max(140),
    reference: z.string().trim().min(1).max(100),
  })
  .strict()
  .refine((value) => value.iban !== undefined || value.accountNumber !== undefined, {
    path: ['iban'],
    message: 'Give the IBAN or the account number',
  });
export type RailsIncomingBody = z.input<typeof railsIncomingBodySchema>;

export const railsIncomingRoute = defineRoute({
  method: 'POST',
  path: '/dev/rails/incoming',
  auth: 'public',
  devOnly: true,
  body: railsIncomingBodySchema,
  response: z.object({
    transactionId: z.string(),
    accountId: z.number().int(),
    amount: moneySchema,
    currency: z.string(),
    /** true when this reference was credited before: nothing moved this time. */
    replayed: z.boolean(),
  }),
  error: errorEnvelopeSchema,
});
