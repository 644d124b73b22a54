import { Secret, TOTP } from 'otpauth';

/** TOTP as RFC 6238 with the authenticator apps' defaults: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;

export interface TotpOptions {
  digits?: number;
  algorithm?: 'SHA1' | 'SHA256' | 'SHA512';
}

function totp(secret: Secret, options: TotpOptions): TOTP {
  return new TOTP({
    secret,
    algorithm: options.algorithm ?? 'SHA1',
    digits: options.digits ?? 6,
    period: TOTP_PERIOD_SECONDS,
  });
}

export function secretFromBase32(base32: string): Secret {
  return Secret.fromBase32(base32);
}

export function secretFromText(text: string): Secret {
  return Secret.fromLatin1(text);
}

/** The code at a moment (ms since the epoch). */
export function totpAt(secret: Secret, timestampMs: number, options: TotpOptions = {}): string {
  return totp(secret, options).generate({ timestamp: timestampMs });
}

/**
 * The time step a code belongs to, within one step of clock drift either way, or null when the
 * code is wrong. otpauth's validate() answers the step delta, 0 for the current step (STACK.md:
 * compare with null). The caller keeps the last step used, so one code works once.
 */
export function matchingTotpStep(
  secret: Secret,
  code: string,
  timestampMs: number,
  options: TotpOptions = {},
): number | null {
  const delta = totp(secret, options).validate({ token: code, timestamp: timestampMs, window: 1 });
  if (delta === null) return null;
  return Math.floor(timestampMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The otpauth:// URI an authenticator app scans. */
export function totpUri(base32: string, issuer: string, label: string): string {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(base32),
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}
