import { z } from 'zod';
import { loginFormSchema } from '@ledgerline/domain';

/** POST /api/auth/login (spec 1 §7). The sign-in issue adds every flow; the platform answers `simple`. */
export const loginRequestSchema = z.object({
  client: z.string().min(1).max(64),
  username: loginFormSchema.shape.username,
  password: loginFormSchema.shape.password,
  codeChallenge: z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/),
  secret: z.string().min(1).max(512).optional(),
  pushToken: z.string().min(1).max(512).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const AUTH_FLOWS = ['simple', 'direct', 'otp', 'push', 'verifyDevice', 'sms'] as const;
export type AuthFlow = (typeof AUTH_FLOWS)[number];

export const tokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number(),
});

export const loginResponseSchema = z.object({
  authFlow: z.enum(AUTH_FLOWS),
  accessToken: z.string().optional(),
  refreshToken: z.string().optional(),
  expiresIn: z.number().optional(),
  userId: z.number().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const logoutRequestSchema = z.object({ refreshToken: z.string().max(512).optional() });
