import { z } from 'zod';
import { loginFormSchema } from '@ledgerline/domain/validation';
import { errorEnvelopeSchema } from './envelope';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/**
 * The auth service under /api/auth (spec 1 §7). Paths are relative to /api/auth unless they say
 * otherwise. Request bodies are JSON; every answer is JSON. Errors use the envelope
 * { responseCode, responseDescription, validationErrors?, reason?, blockedUntil?, retryAfter? }
 * like the main API (see `authErrorSchema` below).
 *
 * ## Bearers
 * - access token: `Authorization: Bearer <accessToken>` (a signed-in session; JWT, 5 minutes).
 * - tmpJwt: `Authorization: Bearer <tmpJwt>` — the short-lived token a login answer hands out for
 *   the steps between /login and /token (push re-send, scp request). It is bound to that one
 *   pending sign-in and opens nothing else; it lives as long as the pending sign-in (5 minutes,
 *   10 for a strict migration).
 * - device secret: `Authorization: Bearer <secret>` — the phone app's credential, answered once
 *   by POST /devices (and kept by the mobile wrapper); only PUT /login/{key}/confirm takes it.
 *
 * ## Flow selection (POST /login) — from the user's second-factor settings stored on the server
 * | the user's settings                      | answer                                                         |
 * |------------------------------------------|----------------------------------------------------------------|
 * | a valid `secret` of an approved device   | `direct` with tokens (the mobile wrapper's path)                |
 * | mode `no`, migration none                | `simple` with tokens                                            |
 * | mode `no`, migration soft (days left)    | `simple` with tokens AND migration {req:'soft', daysLeft, devices, tmpJwt:null, strat:'enable'}: show the days left, let the user continue |
 * | mode `no`, migration strict (or a soft one whose deadline passed) | `simple` WITHOUT tokens, migration {req:'strict', daysLeft:0, devices, tmpJwt, strat:'enable'}: go to /scp |
 * | mode `otp` (TOTP app)                    | `otp` with code                                                 |
 * | mode `sms`                               | `sms` with code, phoneNumber (masked), smsIdentifier            |
 * | mode `push` with an approved device      | `push` with code, key, tmpJwt, devices                          |
 * | mode `push` without an approved device   | `verifyDevice` with code, tmpJwt, devices, link                 |
 * Every answer also carries `userId`. A wrong `secret` is ignored (the user's own flow follows).
 *
 * ## How each flow proceeds (the web client)
 * 1. Build a 128-character verifier (domain/pkce), send its S256 challenge with /login, keep the
 *    verifier locally (sessionStorage) until /token.
 * 2. `simple`: done — the access token is in the answer, the refresh token in the cookie.
 * 3. `otp`: ask for the 6-digit code from the authenticator app → POST /token {code, codeVerifier, otp}.
 *    A TOTP code works once; a wrong one answers 401 reason `wrongCode` and the same `code` may be
 *    tried again (until 5 failures block the account, or the pending sign-in's 5 minutes pass).
 * 4. `sms`: an SMS "<smsIdentifier>-<6 digits> is your <brand> sign-in code" went to the phone;
 *    show the masked phoneNumber and the identifier, ask for the 6 digits → POST /token
 *    {code, codeVerifier, otp}. The SMS code expires after 5 minutes (reason `codeExpired`).
 * 5. `push`: a request waits on the user's phone app (/dev/device in development). Open the
 *    realtime channel with POST /realtime-ticket {tmpJwt} (no bearer) → GET /realtime?ticket=…;
 *    wait for `LoginRequestDecided {key, approved}` with this `key`, then POST /token
 *    {code, codeVerifier}: tokens when approved; 403 reason `declined` when the device declined;
 *    409 reason `pending` while nobody decided (the client may also poll /token with it).
 *    "Send again": POST /push/re-send (tmpJwt bearer) → {key}: a new request; wait for the new key.
 * 6. `verifyDevice`: show `link` as a QR code ("scan with the app"); the phone links itself
 *    (/dev/device shows "Link this phone to <email>"). Wait exactly as for push (realtime ticket
 *    with tmpJwt, event with `key`), then POST /token {code, codeVerifier}.
 * 7. Migration soft: tokens are there; show "daysLeft days left to enable push sign-in" with
 *    "Continue". Migration strict: no tokens; keep `migration.tmpJwt`, go to /scp, which calls
 *    POST /scp/request (tmpJwt bearer) → {deeplink, key} shown as a QR code; open the realtime
 *    channel with that tmpJwt and wait for LoginRequestDecided {key}. Approved: push is now on —
 *    sign in again (the next login answers `push`).
 * 8. `direct`: tokens at once (device secret path of the mobile wrapper).
 *
 * ## The authorization code
 * Single use; bound to the challenge (S256 of the verifier must equal it); usable while its
 * pending sign-in lives (5 minutes, the life of an SMS code) and, for push and verifyDevice,
 * at most 60 s after the device approved. A bad verifier ends the pending sign-in.
 *
 * ## Tokens and the refresh cookie
 * Every answer that carries tokens (login simple/direct, /token, /refresh) sets the cookie
 * REFRESH_COOKIE (HttpOnly; Secure; SameSite=Strict; Path=/). For `client: 'web'` the body
 * leaves `refreshToken` out — the browser never sees it; every other client (the mobile wrapper,
 * API clients) also gets it in the body and may send it back as {refreshToken}. POST /refresh
 * takes the body's token, else the cookie, and rotates it. Presenting a refresh token that was
 * already used revokes the whole session (its access tokens stop working, its sockets close).
 * Two tabs must not refresh at once with the same cookie: serialise refreshes across tabs
 * (e.g. navigator.locks). Sessions live at most 12 h; access tokens 5 minutes (`expiresIn`).
 *
 * ## Throttling and errors
 * After 5 failed passwords or codes for one account within 15 minutes, its sign-in is blocked
 * for 15 minutes: 403 reason `accountBlocked` with `blockedUntil` (ISO time). Many failures from
 * one address: 429 reason `tooManyAttempts` with a Retry-After header and `retryAfter` seconds.
 * When the server's bot check is on, /login needs `altcha` (solve GET /altcha); a missing or bad
 * solution is 400 reason `botCheckFailed`.
 */

const pkceValue = lazySchema(() =>
  z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/, 'Must be 43 to 128 letters, digits, -, ., _ or ~'),
);
const shortText = lazySchema(() => z.string().min(1).max(512));

export const AUTH_FLOWS = ['simple', 'direct', 'otp', 'push', 'verifyDevice', 'sms'] as const;
export type AuthFlow = (typeof AUTH_FLOWS)[number];

export const DEVICE_TYPES = ['android', 'ios'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** The user's second-factor mode (users.login_2fa_mode; customer info's login2faMode). */
export const SECOND_FACTOR_MODES = ['no', 'otp', 'sms', 'push'] as const;
export type SecondFactorMode = (typeof SECOND_FACTOR_MODES)[number];

/** Auth device (spec 1 §3). `secret` is only ever answered once, when the device is created. */
export const authDeviceSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    code: z.string(),
    type: z.enum(DEVICE_TYPES),
    name: z.string(),
    location: z.string().nullable(),
    lastActivityAt: z.string().nullable(),
    approved: z.boolean(),
    isCurrent: z.boolean().optional(),
  }),
);
export type AuthDevice = z.infer<typeof authDeviceSchema>;

/** POST /login. `altcha` carries the brand's bot-check solution (base64 payload). */
export const loginRequestSchema = lazySchema(() =>
  z
    .object({
      /** 'web' for the browser (refresh token in the cookie only); 'mobile' for the wrapper; anything else is an API client. */
      client: z.string().min(1).max(64),
      username: loginFormSchema.shape.username,
      password: loginFormSchema.shape.password,
      codeChallenge: pkceValue,
      codeChallengeMethod: z.literal('S256', { message: 'Only S256 is accepted' }).optional(),
      secret: shortText.optional(),
      pushToken: shortText.optional(),
      altcha: z.string().max(4096).optional(),
    })
    .strict(),
);
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const MIGRATION_REQUIREMENTS = ['none', 'soft', 'strict'] as const;
export type MigrationRequirement = (typeof MIGRATION_REQUIREMENTS)[number];
export const migrationSchema = lazySchema(() =>
  z.object({
    req: z.enum(MIGRATION_REQUIREMENTS),
    /** Whole days until a soft migration becomes strict; 0 for strict. */
    daysLeft: z.number().int().nullable(),
    /** The user's approved devices (usually none yet). */
    devices: z.array(authDeviceSchema),
    /** Strict only: the bearer for POST /scp/request and the realtime ticket on /scp. */
    tmpJwt: z.string().nullable(),
    strat: z.enum(['migrate', 'enable']),
  }),
);
export type Migration = z.infer<typeof migrationSchema>;

/** The answer of POST /login: one flow and the fields that flow needs (spec 1 §3 "Auth flow response"). */
export const loginResponseSchema = lazySchema(() =>
  z.object({
    authFlow: z.enum(AUTH_FLOWS),
    accessToken: z.string().optional(),
    /** Left out for client 'web' (it travels in the HttpOnly cookie). */
    refreshToken: z.string().optional(),
    /** Seconds until the access token expires. */
    expiresIn: z.number().optional(),
    /** Authorization code for POST /token; single use (see "The authorization code"). */
    code: z.string().optional(),
    /** A short-lived bearer for the steps between login and token: realtime ticket, push re-send, scp. */
    tmpJwt: z.string().optional(),
    /** The user's approved devices (push: the phones the request went to). */
    devices: z.array(authDeviceSchema).optional(),
    /** Deep link shown as a QR code (verifyDevice). */
    link: z.string().optional(),
    userId: z.number().optional(),
    /** Masked phone number, e.g. '+44 •••• ••0123'. */
    phoneNumber: z.string().optional(),
    /** Two digits that prefix the SMS so the customer can match it to this sign-in. */
    smsIdentifier: z
      .string()
      .regex(/^\d{2}$/)
      .optional(),
    /** The push login request's key, for PUT /login/{key}/confirm and the realtime event. */
    key: z.string().optional(),
    migration: migrationSchema.optional(),
  }),
);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /token: code + verifier (+ otp for otp and sms), or a device secret (+ pushToken). */
export const tokenRequestSchema = lazySchema(() =>
  z.union([
    z
      .object({
        code: z.string().min(1).max(256),
        codeVerifier: pkceValue,
        otp: z
          .string()
          .regex(/^\d{4,8}$/, 'Enter the code of 4 to 8 digits')
          .optional(),
      })
      .strict(),
    z.object({ secret: shortText, pushToken: shortText.optional() }).strict(),
  ]),
);
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** The answer of POST /token and POST /refresh. */
export const tokensSchema = lazySchema(() =>
  z.object({
    accessToken: z.string(),
    /** For the mobile wrapper and API clients; left out for client 'web' (HttpOnly cookie only). */
    refreshToken: z.string().optional(),
    expiresIn: z.number(),
    userId: z.number().optional(),
  }),
);
export type Tokens = z.infer<typeof tokensSchema>;

/** POST /refresh and POST /logout: the body form is for the mobile wrapper; browsers use the cookie. An empty token is refused. */
export const refreshRequestSchema = lazySchema(() =>
  z.object({ refreshToken: z.string().max(512).optional() }).strict(),
);
export const logoutRequestSchema = refreshRequestSchema;
/** POST /logout answers { responseCode: '00', responseDescription } and clears the cookie. It takes a bearer, the cookie or the body's token. */

/** The HttpOnly, Secure, SameSite=Strict cookie that carries the browser's refresh token (Path=/). */
export const REFRESH_COOKIE = '__Host-ll_refresh';

/** Why an auth call was refused; answered as `reason` beside responseCode/responseDescription. */
export const AUTH_ERROR_REASONS = [
  'wrongCredentials',
  'accountBlocked',
  'tooManyAttempts',
  'botCheckFailed',
  'wrongCode',
  'codeExpired',
  'codeUsed',
  'badVerifier',
  'pending',
  'declined',
  'refreshReused',
  'sessionEnded',
  'emptyRefreshToken',
] as const;
export type AuthErrorReason = (typeof AUTH_ERROR_REASONS)[number];
export const authErrorSchema = lazySchema(() =>
  errorEnvelopeSchema.extend({
    reason: z.enum(AUTH_ERROR_REASONS).optional(),
    /** accountBlocked: sign-in opens again at this ISO time. */
    blockedUntil: z.string().optional(),
  }),
);
export type AuthError = z.infer<typeof authErrorSchema>;

/** PUT /login/{key}/confirm — the device's decision on a push login (bearer: the device secret). Answers { key, approved }. */
export const loginConfirmRequestSchema = lazySchema(() =>
  z.object({ result: z.boolean() }).strict(),
);
export const loginConfirmResponseSchema = lazySchema(() =>
  z.object({ key: z.string(), approved: z.boolean() }),
);

/** POST /push/re-send (tmpJwt bearer, no body) → a new device request; wait for this key. */
export const pushResendResponseSchema = lazySchema(() => z.object({ key: z.string() }));

/** POST /stores-urls/send (access token or tmpJwt bearer): an SMS with the brand's app-store links. Answers { responseCode: '00', responseDescription }. */
export const storesUrlsRequestSchema = lazySchema(() =>
  z.object({ phoneNumber: z.string().regex(/^\+?[0-9 ()-]{6,20}$/) }).strict(),
);

/** POST /scp/request (tmpJwt bearer of a strict migration, or an access token) → deeplink (shown as a QR code on /scp) and the key the realtime event will carry. */
export const scpResponseSchema = lazySchema(() =>
  z.object({ deeplink: z.string(), key: z.string() }),
);

/** POST /devices (spec 1 §5 "Device create": name, code and type required). The device starts unapproved. */
export const deviceCreateSchema = lazySchema(() =>
  z
    .object({
      name: z.string().trim().min(1).max(128),
      code: z.string().trim().min(1).max(128),
      type: z.enum(DEVICE_TYPES),
      pushToken: shortText.optional(),
    })
    .strict(),
);
export const deviceCreatedSchema = lazySchema(() =>
  authDeviceSchema.extend({ secret: z.string() }),
);
/** GET /devices and GET /api/device-api/device → { devices }; GET /devices/{id} → the device; DELETE answers { responseCode: '00' }. */
export const deviceListSchema = lazySchema(() => z.object({ devices: z.array(authDeviceSchema) }));

/**
 * PATCH /devices/{id}: renames one of the caller's own devices; answers the device (AuthDevice).
 * Another user's device id is 404.
 */
export const deviceRenameSchema = lazySchema(() =>
  z
    .object({
      name: z.string().trim().min(1, 'validation.required').max(128, 'validation.tooLong'),
    })
    .strict(),
);

/** How a new device can be approved (GET /devices/approve-methods answers the caller's available ones). */
export const APPROVE_METHODS = [
  { id: 1, name: 'sms' },
  { id: 2, name: 'otp' },
  { id: 3, name: 'existingDevice' },
] as const;
export const approveMethodSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.enum(['sms', 'otp', 'existingDevice']),
  }),
);
export const approveMethodsResponseSchema = lazySchema(() =>
  z.object({ methods: z.array(approveMethodSchema) }),
);
/**
 * Approving a new device: POST /devices/{id}/approve {methodId} starts (sms: a code goes by SMS;
 * otp: nothing is sent; existingDevice: a request waits on an approved device, `key` names it),
 * then PATCH /devices/{id}/approve/{methodId} {code?} completes (code for sms and otp; none for
 * existingDevice once that device approved) and answers the approved device.
 */
export const deviceApproveStartSchema = lazySchema(() =>
  z.object({ methodId: z.number().int().min(1).max(3) }).strict(),
);
export const deviceApproveStartResponseSchema = lazySchema(() =>
  z.object({
    deviceId: z.number(),
    methodId: z.number(),
    key: z.string().optional(),
  }),
);
export const deviceApproveCompleteSchema = lazySchema(() =>
  z
    .object({
      code: z
        .string()
        .regex(/^\d{4,8}$/)
        .optional(),
    })
    .strict(),
);

/** POST /realtime-ticket: with a bearer, for the session; without one, {tmpJwt} for a pending sign-in (push, verifyDevice, scp). */
export const realtimeTicketRequestSchema = lazySchema(() =>
  z.object({ tmpJwt: z.string().max(2048).optional() }).strict(),
);

/**
 * SEI (spec 1 §2 "/auth/sei"): an authorization for the signed-in user to continue to a stored
 * path. POST /sei/authorize {path} creates it (pending, 10 minutes); POST /sei/authorize/{id}
 * approves it and answers the path to go to. Another user's authorization is 404.
 */
export const seiAuthorizeRequestSchema = lazySchema(() =>
  z
    .object({
      path: z
        .string()
        .min(1)
        .max(512)
        .regex(/^\/(?!\/)[^\s\\]*$/, 'Must be a path on this site, starting with /'),
    })
    .strict(),
);
export const seiAuthorizationSchema = lazySchema(() =>
  z.object({
    authorizationId: z.string(),
    path: z.string(),
    status: z.enum(['pending', 'approved']),
    expiresAt: z.string(),
  }),
);
export type SeiAuthorization = z.infer<typeof seiAuthorizationSchema>;

/**
 * GET /altcha → an ALTCHA v2 challenge (altcha-lib 2; public). Point the altcha widget's
 * challenge URL at /api/auth/altcha and send its base64 payload as `altcha`. Each solution works once.
 */
export const altchaChallengeSchema = lazySchema(() =>
  z.object({
    parameters: z
      .object({
        algorithm: z.string(),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
        keySignature: z.string().optional(),
        expiresAt: z.number().optional(),
      })
      .loose(),
    signature: z.string().optional(),
  }),
);
