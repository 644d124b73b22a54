import { eq } from 'drizzle-orm';
import type { IdvProvider } from '@ledgerline/domain';
import type { DbOrTx } from '../../db/client';
import { serverSecrets } from '../../db/schema';
import { randomToken } from '../../lib/crypto';

export type ProviderSecrets = Record<IdvProvider, string>;

/**
 * Each provider's callback signing secret: the configured one (KYC_JMO_SECRET, KYC_NFD_SECRET),
 * else one generated once and kept in the database, so every node of a deployment shares it.
 */
export async function loadProviderSecrets(
  db: DbOrTx,
  configured: Record<IdvProvider, string | undefined>,
): Promise<ProviderSecrets> {
  return {
    jmo: configured.jmo ?? (await storedSecret(db, 'kyc_jmo_callback_secret')),
    nfd: configured.nfd ?? (await storedSecret(db, 'kyc_nfd_callback_secret')),
  };
}

async function storedSecret(db: DbOrTx, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`Could not load the secret ${name}`);
  return row.value;
}
