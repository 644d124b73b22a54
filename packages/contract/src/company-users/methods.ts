import { z } from 'zod';
import { ASSIGNABLE_ACCESS_LEVELS, COMPANY_USER_STATUSES } from '@ledgerline/domain/company-users';
import {
  activationCodeSchema,
  emailAddressSchema,
  newPasswordSchema,
  personNameSchema,
} from '@ledgerline/domain/registration';
import { LANGUAGES } from '@ledgerline/domain/languages';
import { defineMethod } from '../define';
import { idSchema } from '../envelope';
import { TRANSFER_PERMISSIONS } from '../transfers/methods';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * Company users and their rights (issue 15A; spec 2 §3 "Access levels", §5 users, §6 roles and
 * permissions, §7 "Business registration and management": access rights list, potential users,
 * representative lists and deletes, authorised user create and resend). Every method acts for the
 * customer of the envelope (fromCustomerId): only a full-access user (2) of that company changes
 * anything; another company's user ids answer ENOA as if they did not exist.
 */

/** Levels a full-access user may give: 1 read, 2 full access, 3 initiate, 4 confirmed (0 and 5 are never offered). */
export const assignableAccessLevelSchema = lazySchema(() =>
  z
    .number()
    .int()
    .refine(
      (level) => (ASSIGNABLE_ACCESS_LEVELS as readonly number[]).includes(level),
      'validation.chooseOne',
    ),
);

/** The transfer permission flags granted (spec 2 §6 `group.operation` keys); any other key is refused. */
export const grantedPermissionsSchema = lazySchema(() =>
  z
    .array(
      z
        .string()
        .max(40)
        .refine((flag) => TRANSFER_PERMISSIONS.includes(flag), 'validation.chooseOne'),
    )
    .max(TRANSFER_PERMISSIONS.length),
);

export const companyUserSchema = lazySchema(() =>
  z.object({
    userId: idSchema,
    email: z.string(),
    name: z.string(),
    /** 0 only while suspended; 5 for a documents-only representative. */
    accessRight: z.number().int().min(0).max(5),
    /** The right a suspended user gets back on resume; null otherwise. */
    suspendedAccessRight: z.number().int().min(0).max(5).nullable(),
    status: z.enum(COMPANY_USER_STATUSES),
    /** Spec 2 §3 representative position id (2 director, 6/9 shareholder, 8 ultimate owner), null for an authorised user. */
    representativePositionId: z.number().int().nullable(),
    /** Transfer permission flags granted for this company. */
    permissions: z.array(z.string()),
    /** The caller themself. */
    isYou: z.boolean(),
  }),
);
export type CompanyUser = z.infer<typeof companyUserSchema>;

const userIdRequest = lazySchema(() => z.object({ userId: idSchema }).strict());
const oneUserResponse = lazySchema(() => z.object({ user: companyUserSchema }));

export const companyUsersMethods = {
  /** The acting company's users with their rights; `canManage` is true for a full-access user. */
  getCompanyUsers: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() =>
      z.object({
        companyName: z.string(),
        canManage: z.boolean(),
        users: z.array(companyUserSchema),
      }),
    ),
  }),

  /**
   * Adds a user by e-mail (spec 2 §5 e-mail check): a free address gets an authorised-user
   * invitation (activation link by e-mail), an existing login of the brand an access grant.
   */
  addCompanyUser: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          email: emailAddressSchema,
          firstName: personNameSchema.optional(),
          lastName: personNameSchema.optional(),
          accessRight: assignableAccessLevelSchema,
          permissions: grantedPermissionsSchema,
          /** The language of the invitation e-mail (and of the new login); the inviter's when absent. */
          language: z.enum(LANGUAGES).optional(),
        })
        .strict(),
    ),
    response: lazySchema(() =>
      z.object({ outcome: z.enum(['invited', 'granted']), user: companyUserSchema }),
    ),
  }),

  updateCompanyUserRights: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          userId: idSchema,
          accessRight: assignableAccessLevelSchema,
          permissions: grantedPermissionsSchema,
        })
        .strict(),
    ),
    response: oneUserResponse,
  }),

  suspendCompanyUser: defineMethod({ request: userIdRequest, response: oneUserResponse }),

  resumeCompanyUser: defineMethod({ request: userIdRequest, response: oneUserResponse }),

  /** Removes a user's access to the company (also the delete of the representative and potential-user lists). */
  removeCompanyUser: defineMethod({
    request: userIdRequest,
    response: lazySchema(() => z.object({ removedUserId: idSchema })),
  }),

  /** A new activation link for an invited user who has not activated yet (the old one stops working). */
  resendCompanyUserInvitation: defineMethod({
    request: userIdRequest,
    response: lazySchema(() => z.object({ activationExpiresInSeconds: z.number().int() })),
  }),

  /** Employee activation, first step (spec 2 §4 popup): the link is checked and a TOTP secret to scan is answered. */
  startEmployeeActivation: defineMethod({
    isPublic: true,
    request: lazySchema(() =>
      z.object({ email: emailAddressSchema, activationCode: activationCodeSchema }).strict(),
    ),
    response: lazySchema(() =>
      z.object({
        email: z.string(),
        companyName: z.string(),
        /** Base32 secret for the authenticator app, and its otpauth:// URI for the QR code. */
        totpSecret: z.string(),
        totpUri: z.string(),
      }),
    ),
  }),

  /** Employee activation, last step: the link is used up, the password and the TOTP second factor are set. */
  activateEmployee: defineMethod({
    isPublic: true,
    request: lazySchema(() =>
      z
        .object({
          email: emailAddressSchema,
          activationCode: activationCodeSchema,
          password: newPasswordSchema,
          totpCode: z
            .string()
            .transform((value) => value.replace(/[\s-]/g, ''))
            .pipe(z.string().regex(/^\d{6}$/, 'validation.sixDigitCode')),
        })
        .strict(),
    ),
    response: lazySchema(() => z.object({ email: z.string(), status: z.literal('active') })),
  }),
};
