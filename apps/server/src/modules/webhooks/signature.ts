import { createHmac, randomBytes } from 'node:crypto';

/*
 * The Standard Webhooks signature (https://www.standardwebhooks.com, "Signature scheme"): the
 * secret is `whsec_` + base64 of its bytes; the signature is `v1,` + base64 of
 * HMAC-SHA256(secret bytes, `${webhook-id}.${webhook-timestamp}.${body}`), the timestamp in whole
 * seconds. Receivers verify it with any Standard Webhooks library.
 */

const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret: 32 random bytes (256 bits). */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** A new message id: the webhook-id every attempt of the message repeats. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('hex')}`;
}

/** The webhook-signature header of one attempt. */
export function signWebhook(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const digest = createHmac('sha256', key)
    .update(`${messageId}.${timestampSeconds}.${body}`)
    .digest('base64');
  return `v1,${digest}`;
}
