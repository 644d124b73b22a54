import { z } from 'zod';
import { cardPinFieldsSchema, isTrivialPin } from '@ledgerline/contract';

/**
 * The contract's PIN fields (four digits twice, confirm true) with its two rules — not an obvious
 * PIN, both typed alike — checked as soon as the PINs are well formed, even while the confirm box
 * is still unticked (an object's refinements otherwise wait for every field to pass). The box
 * holds a boolean; the contract's `true` (and its message) is what the form sends.
 */
export const pinFormSchema = z
  .object({
    ...cardPinFieldsSchema.shape,
    confirm: z.boolean().pipe(cardPinFieldsSchema.shape.confirm),
  })
  .superRefine(
    (value, ctx) => {
      if (isTrivialPin(value.pin))
        ctx.addIssue({ code: 'custom', path: ['pin'], message: 'validation.cardPinTooSimple' });
      if (value.pin !== value.pinRepeat)
        ctx.addIssue({
          code: 'custom',
          path: ['pinRepeat'],
          message: 'validation.cardPinMismatch',
        });
    },
    {
      when: (payload) =>
        !payload.issues.some(
          (issue) => issue.path?.[0] === 'pin' || issue.path?.[0] === 'pinRepeat',
        ),
    },
  );
