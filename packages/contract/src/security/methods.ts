import { z } from 'zod';
import { parseIp } from '@ledgerline/domain/ip-address';
import { RESPONSE_CODES } from '@ledgerline/domain/response-codes';
import { SECOND_FACTOR_MODES } from '../auth';
import { calendarDaySchema } from '../dates';
import { defineMethod } from '../define';
import { idSchema } from '../envelope';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * The security centre (issue 6; spec 2 §3 "Settings", §4 "Transaction approval", §6 "Access can
 * be restricted by IP whitelist mode", §7 "Settings"). Every method acts on the signed-in user
 * only: ids of someone else's rows answer ENOA (not found). Validation messages are i18n keys.
 */

// ---- IP addresses -------------------------------------------------------------------------

export { ipInRange, parseIp, type ParsedIp } from '@ledgerline/domain/ip-address';

const ipTextSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(45, 'validation.tooLong')
    .refine((value) => parseIp(value) !== null, 'validation.ipAddress'),
);

/** An IP whitelist entry as typed: one address, or a range ip..toIp of one family with toIp ≥ ip. */
export const ipWhitelistEntryFormSchema = lazySchema(() =>
  z
    .object({ ip: ipTextSchema, toIp: ipTextSchema.optional() })
    .strict()
    .superRefine((value, ctx) => {
      if (value.toIp === undefined) return;
      const from = parseIp(value.ip);
      const to = parseIp(value.toIp);
      if (!from || !to) return;
      if (from.family !== to.family)
        ctx.addIssue({ code: 'custom', path: ['toIp'], message: 'validation.ipRangeFamily' });
      else if (to.value < from.value)
        ctx.addIssue({ code: 'custom', path: ['toIp'], message: 'validation.ipRangeOrder' });
    }),
);

export const ipWhitelistEntrySchema = lazySchema(() =>
  z.object({
    id: idSchema,
    ip: z.string(),
    /** The range's last address; null for a single address. */
    toIp: z.string().nullable(),
    created: z.string(),
  }),
);
export type IpWhitelistEntry = z.infer<typeof ipWhitelistEntrySchema>;

// ---- Second factor --------------------------------------------------------------------------

/**
 * Transaction approval modes (spec 2 §4 "Transaction approval"): 0 none, 1 push, 2 SMS,
 * 3 one-time code (TOTP app), 4 approval code (sent by e-mail).
 */
export const TRANSACTION_APPROVE_MODES = {
  none: 0,
  push: 1,
  sms: 2,
  otp: 3,
  approvalCode: 4,
} as const;
export const transactionApproveModeSchema = lazySchema(() =>
  z.number().int().min(0, 'validation.invalidValue').max(4, 'validation.invalidValue'),
);

/** How the customer proves a two-step change: the current factor's code, a phone approval, or an e-mail code when none is set. */
export const TWO_STEP_CONFIRMATIONS = ['otp', 'sms', 'push', 'email'] as const;
export type TwoStepConfirmation = (typeof TWO_STEP_CONFIRMATIONS)[number];

const sixDigitCodeSchema = lazySchema(() =>
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

/** Identifies one pending change (password or two-step); answered by the start call. */
const requestKeySchema = lazySchema(() => z.uuid('validation.invalidValue'));

export const securitySettingsSchema = lazySchema(() =>
  z.object({
    login2faMode: z.enum(SECOND_FACTOR_MODES),
    transactionApproveMode: transactionApproveModeSchema,
    /** Sign-in modes the user may switch to now ('sms' needs a confirmed phone, 'push' an approved device). */
    availableLoginModes: z.array(z.enum(SECOND_FACTOR_MODES)),
    availableTransactionModes: z.array(transactionApproveModeSchema),
    ipWhitelistEnabled: z.boolean(),
    /** The address this call came from, as the server sees it. */
    currentIp: z.string(),
  }),
);
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const setTwoStepVerificationRequestSchema = lazySchema(() =>
  z.discriminatedUnion('target', [
    z
      .object({
        target: z.literal('login'),
        mode: z.enum(SECOND_FACTOR_MODES, 'validation.invalidValue'),
        currentCode: sixDigitCodeSchema.optional(),
      })
      .strict(),
    z
      .object({
        target: z.literal('transaction'),
        mode: transactionApproveModeSchema,
        currentCode: sixDigitCodeSchema.optional(),
      })
      .strict(),
  ]),
);

export const twoStepChangeSchema = lazySchema(() =>
  z.object({
    requestKey: requestKeySchema,
    /** What confirmTwoStepVerification needs: a code from the TOTP app, an SMS or e-mail code, or (push) the phone's approval. */
    confirmWith: z.enum(TWO_STEP_CONFIRMATIONS),
    /** Masked phone or e-mail the code went to (sms, email). */
    sentTo: z.string().optional(),
    /** Switching to a TOTP app: the new secret (base32) and its otpauth:// URI (shown as a QR code). */
    otpauthUri: z.string().optional(),
    secret: z.string().optional(),
    /** When the pending change lapses (5 minutes). */
    expiresAt: z.string(),
  }),
);
export type TwoStepChange = z.infer<typeof twoStepChangeSchema>;

// ---- Password, history, blacklist -------------------------------------------------------

export const passwordChangeRequestSchema = lazySchema(() =>
  z
    .object({
      password: z.string().min(1, 'validation.required').max(256, 'validation.tooLong'),
      passwordNew: z
        .string()
        .min(10, 'validation.passwordRule')
        .max(128, 'validation.tooLong')
        .regex(/\p{L}/u, 'validation.passwordRule')
        .regex(/\p{Nd}/u, 'validation.passwordRule'),
      passwordNewRepeat: z.string().min(1, 'validation.required').max(256, 'validation.tooLong'),
    })
    .strict()
    .superRefine((value, ctx) => {
      if (value.passwordNew !== value.passwordNewRepeat)
        ctx.addIssue({
          code: 'custom',
          path: ['passwordNewRepeat'],
          message: 'validation.passwordsDiffer',
        });
      if (value.passwordNew === value.password)
        ctx.addIssue({
          code: 'custom',
          path: ['passwordNew'],
          message: 'validation.passwordUnchanged',
        });
    }),
);

const daySchema = calendarDaySchema;

export const LOGIN_HISTORY_PAGE_SIZE = 20;

export const loginHistoryRequestSchema = lazySchema(() =>
  z
    .object({
      /** First day (UTC) to include, YYYY-MM-DD. */
      fromDate: daySchema.optional(),
      /** Last day (UTC) to include, YYYY-MM-DD. */
      toDate: daySchema.optional(),
      pageNumber: z
        .number()
        .int()
        .min(1, 'validation.invalidValue')
        .max(100_000, 'validation.invalidValue')
        .default(1),
      pageSize: z
        .number()
        .int()
        .min(1, 'validation.invalidValue')
        .max(100, 'validation.invalidValue')
        .default(LOGIN_HISTORY_PAGE_SIZE),
    })
    .strict()
    .superRefine((value, ctx) => {
      if (value.fromDate && value.toDate && value.toDate < value.fromDate)
        ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'validation.dateRangeOrder' });
    }),
);

export const loginHistoryItemSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    /** ISO time of the attempt. */
    date: z.string(),
    ip: z.string(),
    /** The phone app's name (direct, push) or the client kind ('web', 'mobile', …). */
    device: z.string().nullable(),
    userAgent: z.string().nullable(),
    /** success, secondFactorRequired, wrongPassword, wrongCode, codeExpired, declined, blocked, throttled, ipNotAllowed, … */
    result: z.string(),
    /** password, simple, otp, sms, push, verifyDevice, direct, scp, token, refresh, api. */
    flow: z.string(),
  }),
);
export type LoginHistoryItem = z.infer<typeof loginHistoryItemSchema>;

export const PAYOUT_BLOCK_TYPES = ['p2p', 'all'] as const;
export type PayoutBlockType = (typeof PAYOUT_BLOCK_TYPES)[number];

const blacklistEmailSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(254, 'validation.tooLong')
    .pipe(z.email('validation.email'))
    .transform((value) => value.toLowerCase()),
);

export const payoutBlacklistUserSchema = lazySchema(() =>
  z.object({
    email: z.string(),
    blockType: z.enum(PAYOUT_BLOCK_TYPES),
    created: z.string(),
  }),
);
export type PayoutBlacklistUser = z.infer<typeof payoutBlacklistUserSchema>;

/** The success text of addPayoutBlacklist (spec 2 §8 "Blacklist add success says the user was added to the black list"). */
export const BLACKLIST_ADDED_DESCRIPTION = 'User was added to the black list';

export const securityMethods = {
  /** The user's second-factor modes, the modes they may switch to, and the IP whitelist state. */
  getSecuritySettings: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: securitySettingsSchema,
  }),
  /**
   * Starts a change of the sign-in (login2faMode) or transaction (transactionApproveMode) second
   * factor. It needs the CURRENT factor of that target: with otp, `currentCode` from the app is
   * checked now and confirmWith is the new factor's check (or 'otp' again when nothing new is
   * needed); with sms a code is sent now; with push a request waits on the phone (the
   * LoginRequestDecided event with key = requestKey tells it was decided); with none, a code goes
   * by e-mail. Switching TO otp answers a new secret and its otpauth URI; the confirmation then
   * also needs `newFactorCode` from the app. Realtime TwoStepVerificationModeSet follows.
   */
  setTwoStepVerification: defineMethod({
    request: setTwoStepVerificationRequestSchema,
    response: twoStepChangeSchema,
  }),
  /**
   * Confirms a pending change: `code` is the sms/email (or otp) code, none for push (answers 409
   * `pending` while the phone has not decided); `newFactorCode` is a code from the new TOTP
   * secret. Five wrong codes end the request. Realtime TwoStepVerificationConfirmed follows.
   */
  confirmTwoStepVerification: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          requestKey: requestKeySchema,
          code: sixDigitCodeSchema.optional(),
          newFactorCode: sixDigitCodeSchema.optional(),
        })
        .strict(),
    ),
    response: lazySchema(() =>
      z.object({
        login2faMode: z.enum(SECOND_FACTOR_MODES),
        transactionApproveMode: transactionApproveModeSchema,
      }),
    ),
  }),
  /** Checks the current password and sends a 6-digit code by e-mail (5 minutes, 5 tries). */
  changePassword: defineMethod({
    request: passwordChangeRequestSchema,
    response: lazySchema(() =>
      z.object({ requestKey: requestKeySchema, sentTo: z.string(), expiresAt: z.string() }),
    ),
  }),
  /**
   * Sets the new password with the e-mailed code and ends every OTHER session of the user (this one
   * stays signed in). Realtime PasswordChange { result: 'success' } follows.
   */
  confirmPasswordChange: defineMethod({
    request: lazySchema(() =>
      z.object({ requestKey: requestKeySchema, code: sixDigitCodeSchema }).strict(),
    ),
    response: lazySchema(() => z.object({ changed: z.literal(true) })),
  }),
  /** Drops a pending password change. Realtime PasswordChange { result: 'canceled' } follows. */
  cancelPasswordChange: defineMethod({
    request: lazySchema(() => z.object({ requestKey: requestKeySchema }).strict()),
    response: lazySchema(() => z.object({ canceled: z.literal(true) })),
  }),
  getIpWhitelist: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() =>
      z.object({
        enabled: z.boolean(),
        currentIp: z.string(),
        entries: z.array(ipWhitelistEntrySchema),
      }),
    ),
  }),
  /** Adds one address or a range (IPv4 or IPv6; toIp ≥ ip, same family). */
  addIpWhitelistEntry: defineMethod({
    request: ipWhitelistEntryFormSchema,
    response: lazySchema(() => z.object({ entry: ipWhitelistEntrySchema })),
  }),
  /** Refused (TA1 validation.ipWhitelistSelfLockout) while the mode is on and the calling address would no longer be listed. */
  deleteIpWhitelistEntry: defineMethod({
    request: lazySchema(() => z.object({ id: idSchema }).strict()),
    response: lazySchema(() => z.object({ deleted: z.literal(true) })),
  }),
  /**
   * Turns the IP whitelist on or off. Turning it on is refused (TA1 validation.ipWhitelistSelfLockout)
   * when the calling address is not on the list. While on, sign-in and every API call from an
   * address outside the list answer HTTP 403 responseCode 'IPW'.
   */
  setIpWhitelistMode: defineMethod({
    request: lazySchema(() => z.object({ enable: z.boolean('validation.invalidValue') }).strict()),
    response: lazySchema(() => z.object({ enabled: z.boolean() })),
  }),
  /** Sign-in attempts of the user, newest first, 20 a page by default (spec 2 §9). */
  getLoginHistory: defineMethod({
    request: loginHistoryRequestSchema,
    response: lazySchema(() =>
      z.object({
        items: z.array(loginHistoryItemSchema),
        total: z.number().int(),
        pageNumber: z.number().int(),
        pageSize: z.number().int(),
      }),
    ),
  }),
  /** People the customer refuses payouts to (blockType p2p: P2P transfers only; all: every payout). */
  getPayoutBlacklist: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() => z.object({ users: z.array(payoutBlacklistUserSchema) })),
  }),
  /** Adds (or re-types) a blocked e-mail; answers responseDescription BLACKLIST_ADDED_DESCRIPTION. */
  addPayoutBlacklist: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          email: blacklistEmailSchema,
          blockType: z.enum(PAYOUT_BLOCK_TYPES, 'validation.invalidValue'),
        })
        .strict(),
    ),
    response: lazySchema(() =>
      z.object({
        user: payoutBlacklistUserSchema,
        responseDescription: z.literal(BLACKLIST_ADDED_DESCRIPTION),
      }),
    ),
  }),
  deletePayoutBlacklist: defineMethod({
    request: lazySchema(() => z.object({ email: blacklistEmailSchema }).strict()),
    response: lazySchema(() => z.object({ deleted: z.literal(true) })),
  }),
};

/** The IPW answer (HTTP 403): the call came from an address outside the user's IP whitelist. */
export const IP_NOT_ALLOWED_CODE = RESPONSE_CODES.ipNotAllowed;
