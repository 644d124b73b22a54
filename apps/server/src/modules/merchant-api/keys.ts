import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { ApiKey, ApiKeyCreateRequest } from '@ledgerline/contract';
import {
  API_KEY_PREFIX,
  API_KEYS_PER_COMPANY,
  type ApiKeyScope,
} from '@ledgerline/domain/merchant-api';
import type { Database, Tx } from '../../db/client';
import { merchantApiKeys } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { requireMerchantRights } from '../customers';

/*
 * A company's API keys (issue 18; spec 2 §7 public-api/apikey). The secret is 32 random bytes
 * (256 bits) behind a recognisable prefix, answered once by create and stored only as its SHA-256:
 * a random secret of that size needs no slow hash, and a leaked table yields no usable key.
 */

type KeyRow = typeof merchantApiKeys.$inferSelect;

export function keyView(row: KeyRow): ApiKey {
  return {
    id: row.id,
    customerId: row.customerId,
    name: row.name,
    enabled: row.enabled,
    scopes: row.scopes as ApiKeyScope[],
    hint: row.hint,
    expiresOn: row.expiresAt ? lastDayBefore(row.expiresAt) : null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A key valid through `day` (UTC) expires at the start of the next day. */
function expiryOf(day: string): Date {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

function lastDayBefore(expiresAt: Date): string {
  return new Date(expiresAt.getTime() - 1).toISOString().slice(0, 10);
}

export function newSecret(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export async function createApiKey(
  db: Database,
  actor: Actor,
  input: Required<Pick<ApiKeyCreateRequest, 'name' | 'enabled' | 'scopes'>> & {
    expiresOn?: string | undefined;
  },
): Promise<{ apiKey: ApiKey; secret: string }> {
  await requireMerchantRights(db, actor);
  const today = new Date().toISOString().slice(0, 10);
  if (input.expiresOn !== undefined && input.expiresOn < today)
    throw AppError.invalid({ expiresOn: 'validation.date' }, 'The key would have expired already');
  const secret = newSecret();
  const row = await db.transaction(async (tx) => {
    const [held] = await tx
      .select({ count: count() })
      .from(merchantApiKeys)
      .where(
        and(eq(merchantApiKeys.customerId, actor.customerId), isNull(merchantApiKeys.deletedAt)),
      );
    if ((held?.count ?? 0) >= API_KEYS_PER_COMPANY)
      throw AppError.invalid(
        { _: 'validation.tooMany' },
        `A company may hold at most ${API_KEYS_PER_COMPANY} API keys`,
      );
    const [created] = await tx
      .insert(merchantApiKeys)
      .values({
        customerId: actor.customerId,
        name: input.name,
        keyHash: sha256(secret),
        hint: secret.slice(-4),
        scopes: [...new Set(input.scopes)],
        enabled: input.enabled,
        expiresAt: input.expiresOn ? expiryOf(input.expiresOn) : null,
        createdByUserId: actor.userId,
      })
      .returning();
    await audit(tx, {
      action: 'merchantApiKey.created',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { apiKeyId: created!.id, scopes: created!.scopes, enabled: created!.enabled },
    });
    return created!;
  });
  return { apiKey: keyView(row), secret };
}

export async function listApiKeys(db: Database, actor: Actor): Promise<ApiKey[]> {
  await requireMerchantRights(db, actor, 'read');
  const rows = await db
    .select()
    .from(merchantApiKeys)
    .where(and(eq(merchantApiKeys.customerId, actor.customerId), isNull(merchantApiKeys.deletedAt)))
    .orderBy(merchantApiKeys.id);
  return rows.map(keyView);
}

/** The company's key by id; another company's, a deleted or a missing one is "not found". */
async function lockOwnKey(tx: Tx, actor: Actor, id: number) {
  const [row] = await tx
    .select()
    .from(merchantApiKeys)
    .where(
      and(
        eq(merchantApiKeys.id, id),
        eq(merchantApiKeys.customerId, actor.customerId),
        isNull(merchantApiKeys.deletedAt),
      ),
    )
    .for('update');
  if (!row) throw AppError.notFound('No such API key');
  return row;
}

export async function updateApiKey(
  db: Database,
  actor: Actor,
  id: number,
  change: { name?: string | undefined; enabled?: boolean | undefined },
): Promise<ApiKey> {
  await requireMerchantRights(db, actor);
  const row = await db.transaction(async (tx) => {
    const before = await lockOwnKey(tx, actor, id);
    const [updated] = await tx
      .update(merchantApiKeys)
      .set({ name: change.name ?? before.name, enabled: change.enabled ?? before.enabled })
      .where(eq(merchantApiKeys.id, id))
      .returning();
    await audit(tx, {
      action: 'merchantApiKey.updated',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: {
        apiKeyId: id,
        ...(change.name !== undefined ? { renamed: true } : {}),
        ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
      },
    });
    return updated!;
  });
  return keyView(row);
}

export async function deleteApiKey(db: Database, actor: Actor, id: number): Promise<void> {
  await requireMerchantRights(db, actor);
  await db.transaction(async (tx) => {
    await lockOwnKey(tx, actor, id);
    await tx
      .update(merchantApiKeys)
      .set({ deletedAt: new Date(), enabled: false })
      .where(eq(merchantApiKeys.id, id));
    await audit(tx, {
      action: 'merchantApiKey.deleted',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { apiKeyId: id },
    });
  });
}
