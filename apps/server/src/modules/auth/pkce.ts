import { createHash, timingSafeEqual } from 'node:crypto';

const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

/** RFC 7636 §4.6 with S256 only: BASE64URL(SHA-256(ASCII(code_verifier))) must equal the stored challenge. */
export function verifyPkceS256(codeVerifier: string, codeChallenge: string): boolean {
  if (!PKCE_VALUE.test(codeVerifier) || !PKCE_VALUE.test(codeChallenge)) return false;
  const computed = Buffer.from(
    createHash('sha256').update(codeVerifier, 'ascii').digest('base64url'),
  );
  const expected = Buffer.from(codeChallenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
