import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { serverSecrets } from '../../db/schema';
import { randomToken } from '../../lib/crypto';

/** What a sealed value is: bound into the ciphertext, so a CVV cannot be passed off as a PIN. */
export type CardSecretPurpose = 'pan' | 'cvv' | 'pin' | 'external-pan';

/**
 * Card numbers, CVVs and PINs at rest (docs/decisions.md "Card data at rest"). The customer must be
 * able to see them again (getCardDetails, showCardPin), so they are encrypted, not hashed:
 * AES-256-GCM with a key derived (HKDF-SHA256) from CARD_DATA_KEY or from a secret generated once
 * and shared by every node through server_secrets, like the token signing key.
 */
export interface CardVault {
  seal(purpose: CardSecretPurpose, plain: string): string;
  /** Throws when the value was not sealed by this key for this purpose (tampered, or another key). */
  open(purpose: CardSecretPurpose, sealed: string): string;
  /** A keyed fingerprint of a card number: finds the same card linked twice without storing it in clear. */
  fingerprint(cardNumber: string): string;
}

const FORMAT = 'v1';

async function loadCardSecret(db: DbOrTx, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(serverSecrets)
    .values({ name: 'card_data_key', value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(serverSecrets)
    .where(eq(serverSecrets.name, 'card_data_key'));
  if (!row) throw new Error('Could not load the card data key');
  return row.value;
}

export function createCardVaultFromSecret(secret: string): CardVault {
  const master = Buffer.from(secret, 'utf8');
  const encryptionKey = Buffer.from(
    hkdfSync('sha256', master, Buffer.alloc(0), 'ledgerline card data encryption v1', 32),
  );
  const fingerprintKey = Buffer.from(
    hkdfSync('sha256', master, Buffer.alloc(0), 'ledgerline card fingerprint v1', 32),
  );
  return {
    seal(purpose, plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      cipher.setAAD(Buffer.from(purpose));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        FORMAT,
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    open(purpose, sealed) {
      const [format, ivText, tagText, bodyText] = sealed.split('.');
      if (format !== FORMAT || !ivText || !tagText || bodyText === undefined)
        throw new Error('card vault: not a sealed value');
      const decipher = createDecipheriv(
        'aes-256-gcm',
        encryptionKey,
        Buffer.from(ivText, 'base64url'),
      );
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(Buffer.from(tagText, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(bodyText, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
    fingerprint(cardNumber) {
      return createHmac('sha256', fingerprintKey).update(cardNumber).digest('hex');
    },
  };
}

/** The vault of a deployment; inside a transaction pass the transaction. */
export async function createCardVault(
  db: DbOrTx,
  configured: string | undefined,
): Promise<CardVault> {
  return createCardVaultFromSecret(await loadCardSecret(db, configured));
}
