import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * Login form (spec 1 §5): the username is a trimmed e-mail address; the spec does not give a
 * password length, so we accept 1–256 characters and leave strength rules to registration.
 * Messages are i18n keys: the web app translates them, the server answers them in validationErrors.
 */
export const loginFormSchema = lazySchema(() =>
  z.object({
    username: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .max(254, 'validation.tooLong')
      .pipe(z.email('validation.email')),
    password: z.string().min(1, 'validation.required').max(256, 'validation.tooLong'),
  }),
);
export type LoginForm = z.infer<typeof loginFormSchema>;

/**
 * The e-mail pre-check of spec 2 §5: shorter than six characters, or no at sign, or no dot is
 * invalid; an empty value is accepted (the field is optional there). Lookups are skipped when invalid.
 */
export function isPlausibleEmail(value: string): boolean {
  if (value === '') return true;
  return value.length >= 6 && value.includes('@') && value.includes('.');
}

/**
 * A 6-digit one-time code as people type it from an authenticator app, an e-mail or a text
 * message: spaces and dashes are ignored. Messages are i18n keys.
 */
export const sixDigitCodeSchema = lazySchema(() =>
  z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .min(1, 'validation.required')
        .regex(/^\d{6}$/, 'validation.sixDigitCode'),
    ),
);

/** The code of a second sign-in step (TOTP app or SMS, spec 1 §4): six digits. */
export const secondFactorCodeFormSchema = lazySchema(() => z.object({ otp: sixDigitCodeSchema }));
export type SecondFactorCodeForm = z.input<typeof secondFactorCodeFormSchema>;

/** Pending terms (spec 1 §4 "the terms screen"): every one must be ticked to go on. */
export const termsAcceptanceFormSchema = lazySchema(() =>
  z.object({
    accepted: z
      .array(z.boolean())
      .refine((ticks) => ticks.length > 0 && ticks.every(Boolean), 'validation.acceptAllTerms'),
  }),
);
export type TermsAcceptanceForm = z.infer<typeof termsAcceptanceFormSchema>;
