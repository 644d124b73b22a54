import { z } from 'zod';
import type {
  BrandConfig,
  BrandTerm,
  BusinessRegistrationType,
  PersonalRegistrationType,
  TermKey,
} from './brands';
import { lazySchema } from './lazy-schema';

/*
 * Registration, activation and account recovery (spec 1 §2, spec 2 §5 and §7). The rules live
 * here once; the contract builds the wire schemas from them and the web app its forms. Messages
 * are i18n keys (`validation.*`): the web app translates them, the server answers them as they are.
 */

/** Password rule for new passwords (spec: "not shown"; ours, see docs/decisions.md). */
export const PASSWORD_RULE = { minLength: 10, maxLength: 128 } as const;

/** At least 10 characters with at least one letter and one digit. */
export const newPasswordSchema = lazySchema(() =>
  z
    .string()
    .min(PASSWORD_RULE.minLength, 'validation.passwordRule')
    .max(PASSWORD_RULE.maxLength, 'validation.tooLong')
    .regex(/\p{L}/u, 'validation.passwordRule')
    .regex(/\p{Nd}/u, 'validation.passwordRule'),
);

/** A trimmed e-mail address (the login username rule of spec 1 §5). */
export const emailAddressSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(254, 'validation.tooLong')
    .pipe(z.email('validation.email')),
);

/** Names are whitespace-collapsed and trimmed (spec 2 §5). */
function collapsedText(max: number) {
  return z
    .string()
    .transform((value) => value.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, 'validation.required').max(max, 'validation.tooLong'));
}
export const personNameSchema = lazySchema(() => collapsedText(128));
export const businessNameSchema = lazySchema(() => collapsedText(256));

/** The code in an activation link: a random URL-safe token. */
export const activationCodeSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(128, 'validation.tooLong')
    .regex(/^[A-Za-z0-9_-]+$/, 'validation.activationCodeInvalid'),
);

/** The password-reset code the customer types from the e-mail. */
export const PASSWORD_RESET_CODE_LENGTH = 6;
export const passwordResetCodeSchema = lazySchema(() =>
  z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .min(1, 'validation.required')
        .regex(/^\d{6}$/, 'validation.resetCodeFormat'),
    ),
);

/** Lifetimes and limits of the codes we send (issue 3: reset codes 5 minutes and 5 attempts). */
export const ACCOUNT_CODE_LIMITS = {
  activationTtlMs: 24 * 60 * 60_000,
  passwordResetTtlMs: 5 * 60_000,
  passwordResetMaxAttempts: 5,
  /** Codes of one kind one account may be sent per hour; more requests are answered the same but send nothing. */
  sendsPerHour: 5,
} as const;

/**
 * E-mail existence check statuses (spec 2 §5). The server answers 0, 1 or 3; 2 (checking) and
 * -1 (the check failed) are states of the client.
 */
export const EMAIL_CHECK_STATUS = {
  failed: -1,
  free: 0,
  exists: 1,
  checking: 2,
  employee: 3,
} as const;
export type EmailCheckStatus = (typeof EMAIL_CHECK_STATUS)[keyof typeof EMAIL_CHECK_STATUS];
export const SERVER_EMAIL_CHECK_STATUSES = [
  EMAIL_CHECK_STATUS.free,
  EMAIL_CHECK_STATUS.exists,
  EMAIL_CHECK_STATUS.employee,
] as const;
export type ServerEmailCheckStatus = (typeof SERVER_EMAIL_CHECK_STATUSES)[number];

/** A new sign-in needs an address no account uses yet (status 0). */
export function canRegisterWithEmail(status: EmailCheckStatus): boolean {
  return status !== EMAIL_CHECK_STATUS.exists && status !== EMAIL_CHECK_STATUS.employee;
}

/** Activation link actions (spec 1 §2 "/activate"). */
export const ACTIVATION_ACTIONS = [
  'activation',
  'activationBusiness',
  'activationEmployee',
] as const;
export type ActivationAction = (typeof ACTIVATION_ACTIONS)[number];
export function isActivationAction(value: unknown): value is ActivationAction {
  return typeof value === 'string' && (ACTIVATION_ACTIONS as readonly string[]).includes(value);
}

/** The path of an activation link, e.g. /activate?action=activation&user=a%40b.example&code=… */
export function activationLinkPath(action: ActivationAction, email: string, code: string): string {
  const query = new URLSearchParams({ action, user: email, code });
  return `/activate?${query.toString()}`;
}

/** Account recovery steps (spec 1 §2) in order. */
export const ACCOUNT_RECOVERY_STEPS = ['email', 'status', 'reset', 'password', 'success'] as const;
export type AccountRecoveryStep = (typeof ACCOUNT_RECOVERY_STEPS)[number];

/** Where a recovery stands (the form's verificationStatus). */
export const RECOVERY_VERIFICATION_STATUSES = [
  'codeSent',
  'codeAccepted',
  'passwordChanged',
  'rejected',
] as const;
export type RecoveryVerificationStatus = (typeof RECOVERY_VERIFICATION_STATUSES)[number];
/** Why a recovery code was refused (the form's rejectReason). One reason on purpose: see docs/decisions.md. */
export const RECOVERY_REJECT_REASONS = ['codeInvalid'] as const;
export type RecoveryRejectReason = (typeof RECOVERY_REJECT_REASONS)[number];

export type RegistrationKind = 'personal' | 'business';

export function isPersonalTypeOffered(
  brand: Pick<BrandConfig, 'registrationPersonalTypes'>,
  type: string,
): type is PersonalRegistrationType {
  return (brand.registrationPersonalTypes as readonly string[]).includes(type);
}

export function isBusinessTypeOffered(
  brand: Pick<BrandConfig, 'registrationBusinessTypes'>,
  type: string,
): type is BusinessRegistrationType {
  return (brand.registrationBusinessTypes as readonly string[]).includes(type);
}

/** The brand's terms the customer has not accepted in the version offered now (values name versions). */
export function missingTerms(
  brand: Pick<BrandConfig, 'terms'>,
  acceptedValues: readonly string[],
): BrandTerm[] {
  return brand.terms.filter((term) => !acceptedValues.includes(term.value));
}

/** Industry groups a brand offers at registration: adult ones are hidden for some brands (spec 1 §9). */
export function isIndustryGroupOffered(
  brand: Pick<BrandConfig, 'hideAdultIndustriesInRegistration'>,
  groupLabel: string,
): boolean {
  return !(brand.hideAdultIndustriesInRegistration && groupLabel === 'adult');
}

function termsSchema(brand: Pick<BrandConfig, 'terms'>) {
  return z.object(
    Object.fromEntries(
      brand.terms.map((term) => [
        term.key,
        z.boolean().refine((value) => value, 'validation.termsRequired'),
      ]),
    ) as Record<TermKey, z.ZodBoolean>,
  );
}

function withPasswordConfirmation<
  S extends z.ZodType<{ password: string; confirmPassword: string }>,
>(schema: S) {
  return schema.superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: 'validation.passwordsDiffer',
      });
    }
  });
}

/** The personal registration form of a brand (the web app's; the wire request is in the contract). */
export function createPersonalRegistrationFormSchema(
  brand: Pick<BrandConfig, 'registrationPersonalTypes' | 'terms'>,
) {
  return withPasswordConfirmation(
    z.object({
      registrationType: z
        .string()
        .refine((value) => isPersonalTypeOffered(brand, value), 'validation.chooseOne'),
      firstName: personNameSchema,
      lastName: personNameSchema,
      countryCode: z.string().regex(/^[A-Z]{2}$/, 'validation.chooseOne'),
      email: emailAddressSchema,
      password: newPasswordSchema,
      confirmPassword: z.string(),
      terms: termsSchema(brand),
    }),
  );
}
export type PersonalRegistrationForm = z.input<
  ReturnType<typeof createPersonalRegistrationFormSchema>
>;

/** The business registration form of a brand. */
export function createBusinessRegistrationFormSchema(
  brand: Pick<BrandConfig, 'registrationBusinessTypes' | 'terms'>,
) {
  return withPasswordConfirmation(
    z.object({
      registrationType: z
        .string()
        .refine((value) => isBusinessTypeOffered(brand, value), 'validation.chooseOne'),
      businessName: businessNameSchema,
      countryCode: z.string().regex(/^[A-Z]{2}$/, 'validation.chooseOne'),
      industryId: z.string().regex(/^\d{1,9}$/, 'validation.chooseOne'),
      firstName: personNameSchema,
      lastName: personNameSchema,
      email: emailAddressSchema,
      password: newPasswordSchema,
      confirmPassword: z.string(),
      terms: termsSchema(brand),
    }),
  );
}
export type BusinessRegistrationForm = z.input<
  ReturnType<typeof createBusinessRegistrationFormSchema>
>;

/** Account recovery forms, one per step that asks for something. */
export const recoveryEmailFormSchema = lazySchema(() => z.object({ email: emailAddressSchema }));
export type RecoveryEmailForm = z.input<typeof recoveryEmailFormSchema>;
export const recoveryCodeFormSchema = lazySchema(() => z.object({ code: passwordResetCodeSchema }));
export type RecoveryCodeForm = z.input<typeof recoveryCodeFormSchema>;
export const recoveryPasswordFormSchema = lazySchema(() =>
  withPasswordConfirmation(z.object({ password: newPasswordSchema, confirmPassword: z.string() })),
);
export type RecoveryPasswordForm = z.input<typeof recoveryPasswordFormSchema>;
