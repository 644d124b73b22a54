import { z } from 'zod';
import {
  savedButtonCreateSchema,
  type SavedButton,
  type SavedButtonInput,
} from '@ledgerline/contract';

/*
 * The saved-button form (spec 2 §3 "Saved button: id plus form fields"): the fields as typed (text,
 * selects as text), turned into the contract's request and checked by its schema, so the form's
 * messages are the server's (validation.* keys) on the same field names.
 */

export const buttonFormSchema = z
  .object({
    name: z.string(),
    accountId: z.string().min(1, 'validation.required'),
    /** 'fixed': the amount below; 'open': the payer enters it (within min–max when given). */
    amountKind: z.enum(['fixed', 'open']),
    amount: z.string(),
    minAmount: z.string(),
    maxAmount: z.string(),
    description: z.string(),
    /** '' = the company's default logo. */
    logoId: z.string(),
    returnUrl: z.string(),
    enabled: z.boolean(),
  })
  .transform((form): SavedButtonInput => {
    const optional = (text: string) => (text.trim() === '' ? null : text.trim());
    const fixed = form.amountKind === 'fixed';
    return {
      name: form.name,
      accountId: Number(form.accountId),
      amount: fixed ? form.amount.trim() : null,
      minAmount: fixed ? null : optional(form.minAmount),
      maxAmount: fixed ? null : optional(form.maxAmount),
      description: form.description,
      logoId: form.logoId === '' ? null : Number(form.logoId),
      returnUrl: optional(form.returnUrl),
      enabled: form.enabled,
    };
  })
  .pipe(savedButtonCreateSchema);

export type ButtonFormValues = z.input<typeof buttonFormSchema>;

/** The form's fields for a new button (first account chosen) or for the one being edited. */
export function buttonFormValues(
  button: SavedButton | null,
  firstAccountId: number | undefined,
): ButtonFormValues {
  if (!button)
    return {
      name: '',
      accountId: firstAccountId === undefined ? '' : String(firstAccountId),
      amountKind: 'fixed',
      amount: '',
      minAmount: '',
      maxAmount: '',
      description: '',
      logoId: '',
      returnUrl: '',
      enabled: true,
    };
  return {
    name: button.name,
    accountId: String(button.accountId),
    amountKind: button.amount === null ? 'open' : 'fixed',
    amount: button.amount ?? '',
    minAmount: button.minAmount ?? '',
    maxAmount: button.maxAmount ?? '',
    description: button.description,
    logoId: button.logoId === null ? '' : String(button.logoId),
    returnUrl: button.returnUrl ?? '',
    enabled: button.enabled,
  };
}
