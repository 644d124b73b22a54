import { z } from 'zod';
import { BRAND_IDS } from '@ledgerline/domain/brands';
import {
  RECOVERY_VERIFICATION_STATUSES,
  SERVER_EMAIL_CHECK_STATUSES,
  activationCodeSchema,
  businessNameSchema,
  emailAddressSchema,
  newPasswordSchema,
  passwordResetCodeSchema,
  personNameSchema,
} from '@ledgerline/domain/registration';
import { defineMethod } from '../define';
import { countryCodeSchema } from '../dictionaries/methods';
import { idSchema } from '../envelope';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * Registration, activation and account recovery (spec 1 §2, spec 2 §7 "Activation, recovery,
 * contact data"). Every method here is public (spec 1 §6) and therefore rate limited per address.
 */

const termValueSchema = lazySchema(() => z.string().min(1).max(128));
const registrationTypeSchema = lazySchema(() => z.string().min(1).max(48));

const registrationCommon = {
  /** The brand the customer registers with; a host mapped in BRAND_HOSTS decides instead. */
  brandId: lazySchema(() => z.enum(BRAND_IDS)),
  registrationType: registrationTypeSchema,
  firstName: personNameSchema,
  lastName: personNameSchema,
  countryCode: countryCodeSchema,
  email: emailAddressSchema,
  password: newPasswordSchema,
  /** The `value` of every brand term the customer accepted: it names the version (spec 1 §9). */
  acceptedTerms: lazySchema(() => z.array(termValueSchema).max(10)),
  /** The brand's bot-check solution (altcha payload from GET /api/auth/altcha), needed when BOT_CHECK is on. */
  altcha: lazySchema(() => z.string().max(4096).optional()),
};

/** What a registration answers: the address the activation link went to and how long it is valid. */
const registeredSchema = lazySchema(() =>
  z.object({
    email: z.string(),
    status: z.literal('pendingActivation'),
    activationExpiresInSeconds: z.number().int(),
  }),
);

const activatedSchema = lazySchema(() =>
  z.object({
    email: z.string(),
    status: z.literal('active'),
    customerType: z.number().int().min(0).max(2),
  }),
);

export const registrationMethods = {
  /** E-mail existence check (spec 2 §5): 0 free, 1 exists, 3 exists as an employee. */
  checkEmailExists: defineMethod({
    isPublic: true,
    request: lazySchema(() => z.object({ email: emailAddressSchema }).strict()),
    response: lazySchema(() => z.object({ status: z.literal(SERVER_EMAIL_CHECK_STATUSES) })),
  }),

  registerPersonal: defineMethod({
    isPublic: true,
    request: lazySchema(() => z.object(registrationCommon).strict()),
    response: registeredSchema,
  }),

  registerBusiness: defineMethod({
    isPublic: true,
    request: lazySchema(() =>
      z
        .object({
          ...registrationCommon,
          businessName: businessNameSchema,
          /** An industry of getIndustryGroups; countryCode is where the business is registered. */
          industryId: idSchema,
        })
        .strict(),
    ),
    response: registeredSchema,
  }),

  /** Personal (and employee) activation from the e-mailed link (spec 2 §7). */
  activateAccount: defineMethod({
    isPublic: true,
    request: lazySchema(() =>
      z.object({ username: emailAddressSchema, activationCode: activationCodeSchema }).strict(),
    ),
    response: activatedSchema,
  }),

  activateBusiness: defineMethod({
    isPublic: true,
    request: lazySchema(() =>
      z.object({ email: emailAddressSchema, activationCode: activationCodeSchema }).strict(),
    ),
    response: activatedSchema,
  }),

  /** Sends a new activation link; answers the same whether or not an account waits for one. */
  resendActivationCode: defineMethod({
    isPublic: true,
    request: lazySchema(() => z.object({ email: emailAddressSchema }).strict()),
    response: lazySchema(() => z.object({ activationExpiresInSeconds: z.number().int() })),
  }),

  /** Sends a reset code; answers the same whether or not the address has an account. */
  requestPasswordReset: defineMethod({
    isPublic: true,
    request: lazySchema(() => z.object({ email: emailAddressSchema }).strict()),
    response: lazySchema(() =>
      z.object({
        taskId: z.string(),
        verificationStatus: z.enum(RECOVERY_VERIFICATION_STATUSES),
        isRetryable: z.boolean(),
        codeExpiresInSeconds: z.number().int(),
        maxAttempts: z.number().int(),
      }),
    ),
  }),

  /** Checks a reset code without using it up; a wrong code counts as an attempt. */
  checkPasswordResetCode: defineMethod({
    isPublic: true,
    request: lazySchema(() =>
      z.object({ email: emailAddressSchema, code: passwordResetCodeSchema }).strict(),
    ),
    response: lazySchema(() =>
      z.object({ verificationStatus: z.enum(RECOVERY_VERIFICATION_STATUSES) }),
    ),
  }),

  /** Sets the new password, uses the code up and ends every session of the account. */
  changePasswordWithCode: defineMethod({
    isPublic: true,
    request: lazySchema(() =>
      z
        .object({
          email: emailAddressSchema,
          code: passwordResetCodeSchema,
          password: newPasswordSchema,
        })
        .strict(),
    ),
    response: lazySchema(() =>
      z.object({ verificationStatus: z.enum(RECOVERY_VERIFICATION_STATUSES) }),
    ),
  }),
};
