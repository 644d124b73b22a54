import { z } from 'zod';
import { luhnValid } from '@ledgerline/domain/cards';

/** The link-a-card form as typed; month and year are select values ('' until chosen). */
export interface LinkCardValues {
  cardNumber: string;
  expiryMonth: string;
  expiryYear: string;
  holderName: string;
}

/**
 * Checks the browser can make before asking the server: a plausible length, the Luhn check digit
 * (a mistyped digit is caught here, with a clear message), an expiry not in the past. Messages are
 * i18n keys.
 */
export function createLinkCardSchema(now: Date) {
  return z
    .object({
      cardNumber: z.string().superRefine((value, ctx) => {
        const digits = value.replace(/\D/g, '');
        if (digits === '') ctx.addIssue({ code: 'custom', message: 'validation.required' });
        else if (digits.length < 12)
          ctx.addIssue({ code: 'custom', message: 'cards.addCard.numberTooShort' });
        else if (!luhnValid(digits))
          ctx.addIssue({ code: 'custom', message: 'cards.addCard.luhnInvalid' });
      }),
      expiryMonth: z.string().regex(/^(0?[1-9]|1[0-2])$/, 'validation.required'),
      expiryYear: z.string().regex(/^\d{4}$/, 'validation.required'),
      holderName: z.string().trim().min(1, 'validation.required').max(64, 'validation.tooLong'),
    })
    .superRefine((value, ctx) => {
      const month = Number(value.expiryMonth);
      const year = Number(value.expiryYear);
      if (!month || !year) return;
      const thisYear = now.getFullYear();
      if (year < thisYear || (year === thisYear && month < now.getMonth() + 1)) {
        ctx.addIssue({ code: 'custom', path: ['expiryMonth'], message: 'validation.cardExpired' });
      }
    });
}
