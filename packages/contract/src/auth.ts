import { z } from 'zod';
import { loginFormSchema } from '@ledgerline/domain/validation';

/**
 * The auth service under /api/auth (spec 1 §7). Paths are relative to /api/auth unless they say
 * otherwise. Request bodies are JSON; every answer is JSON. Errors use the envelope
 * { responseCode, responseDescription, validationErrors? } like the main API.
 */

const pkceValue = z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/, 'Must be 43 to 128 letters, digits, -, ., _ or ~');
const shortText = z.string().min(1).max(512);

export const AUTH_FLOWS = ['simple', 'direct', 'otp', 'push', 'verifyDevice', 'sms'] as const;
export type AuthFlow = (typeof AUTH_FLOWS)[number];

export const DEVICE_TYPES = ['android', 'ios'] as const;

/** Auth device (spec 1 §3). `secret` is only ever answered once, when the device is created. */
export const authDeviceSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  type: z.enum(DEVICE_TYPES),
  name: z.string(),
  location: z.string().nullable(),
  lastActivityAt: z.string().nullable(),
  approved: z.boolean(),
  isCurrent: z.boolean().optional(),
});
export type AuthDevice = z.infer<typeof authDeviceSchema>;

/** POST /login. `altcha` carries the brand's bot-check solution (base64 payload). */
export const loginRequestSchema = z
  .object({
    client: z.string().min(1).max(64),
    username: loginFormSchema.shape.username,
    password: loginFormSchema.shape.password,
    codeChallenge: pkceValue,
    codeChallengeMethod: z.literal('S256').optional(),
    secret: shortText.optional(),
    pushToken: shortText.optional(),
    altcha: z.string().max(4096).optional(),
  })
  .strict();
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const MIGRATION_REQUIREMENTS = ['none', 'soft', 'strict'] as const;
export const migrationSchema = z.object({
  req: z.enum(MIGRATION_REQUIREMENTS),
  daysLeft: z.number().int().nullable(),
  devices: z.array(authDeviceSchema),
  tmpJwt: z.string().nullable(),
  strat: z.enum(['migrate', 'enable']),
});

/** The answer of POST /login: one flow and the fields that flow needs (spec 1 §3 "Auth flow response"). */
export const loginResponseSchema = z.object({
  authFlow: z.enum(AUTH_FLOWS),
  accessToken: z.string().optional(),
  refreshToken: z.string().optional(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().optional(),
  /** Authorization code for POST /token; single use, valid 60 s. */
  code: z.string().optional(),
  /** A short-lived token for the steps between login and token: realtime ticket for push, scp. */
  tmpJwt: z.string().optional(),
  devices: z.array(authDeviceSchema).optional(),
  /** Deep link shown as a QR code (push enrolment, verifyDevice). */
  link: z.string().optional(),
  userId: z.number().optional(),
  /** Masked phone number, e.g. '+44 •••• ••• 789'. */
  phoneNumber: z.string().optional(),
  /** Two digits that prefix the SMS so the customer can match it to this sign-in. */
  smsIdentifier: z.string().regex(/^\d{2}$/).optional(),
  /** The push login request's key, for PUT /login/{key}/confirm and the realtime event. */
  key: z.string().optional(),
  migration: migrationSchema.optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /token: code + verifier (+ otp for otp and sms), or a device secret (+ pushToken). */
export const tokenRequestSchema = z.union([
  z.object({ code: z.string().min(1).max(256), codeVerifier: pkceValue, otp: z.string().regex(/^\d{4,8}$/).optional() }).strict(),
  z.object({ secret: shortText, pushToken: shortText.optional() }).strict(),
]);
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const tokensSchema = z.object({
  accessToken: z.string(),
  /** For the mobile wrapper and API clients; the browser also gets it as an HttpOnly cookie. */
  refreshToken: z.string(),
  expiresIn: z.number(),
  userId: z.number().optional(),
});
export type Tokens = z.infer<typeof tokensSchema>;

/** POST /refresh and POST /logout: the body form is for the mobile wrapper; browsers use the cookie. */
export const refreshRequestSchema = z.object({ refreshToken: z.string().max(512).optional() }).strict();
export const logoutRequestSchema = refreshRequestSchema;

/** The HttpOnly, Secure, SameSite=Strict cookie that carries the browser's refresh token. */
export const REFRESH_COOKIE = '__Host-ll_refresh';

/** PUT /login/{key}/confirm — the device's decision on a push login. */
export const loginConfirmRequestSchema = z.object({ result: z.boolean() }).strict();

/** POST /stores-urls/send */
export const storesUrlsRequestSchema = z.object({ phoneNumber: z.string().regex(/^\+?[0-9 ()-]{6,20}$/) }).strict();

/** POST /scp/request → deeplink (shown as a QR code on /scp). */
export const scpResponseSchema = z.object({ deeplink: z.string() });

/** POST /devices (spec 1 §5 "Device create": name, code and type required). */
export const deviceCreateSchema = z
  .object({ name: z.string().trim().min(1).max(128), code: z.string().trim().min(1).max(128), type: z.enum(DEVICE_TYPES), pushToken: shortText.optional() })
  .strict();
export const deviceCreatedSchema = authDeviceSchema.extend({ secret: z.string() });

export const realtimeTicketRequestSchema = z.object({ tmpJwt: z.string().max(2048).optional() }).strict();
