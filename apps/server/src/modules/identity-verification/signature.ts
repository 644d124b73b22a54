import { createHmac, timingSafeEqual } from 'node:crypto';

/** A callback is accepted for five minutes after the provider signed it (and no earlier than a minute ahead). */
export const CALLBACK_WINDOW_MS = 5 * 60 * 1000;
const CLOCK_SKEW_MS = 60 * 1000;

/** HMAC-SHA256 over `${timestamp}.${body}`, hex: what the provider sends in x-idv-signature. */
export function signCallback(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export type SignatureCheck = 'ok' | 'badSignature' | 'stale';

/**
 * Checks a callback's signature and timestamp (Unix seconds). The timestamp is inside the signed
 * text, so an old signed body cannot be replayed with a fresh timestamp; within the window the
 * one-time event id stops a replay (callback.ts).
 */
export function checkCallbackSignature(
  secret: string,
  input: { timestamp: string | undefined; signature: string | undefined; body: string },
  now: Date,
): SignatureCheck {
  const { timestamp, signature, body } = input;
  if (
    !timestamp ||
    !/^\d{1,12}$/.test(timestamp) ||
    !signature ||
    !/^[0-9a-f]{64}$/.test(signature)
  )
    return 'badSignature';
  const expected = Buffer.from(signCallback(secret, timestamp, body), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'badSignature';
  const signedAt = Number(timestamp) * 1000;
  if (now.getTime() - signedAt > CALLBACK_WINDOW_MS || signedAt - now.getTime() > CLOCK_SKEW_MS)
    return 'stale';
  return 'ok';
}
