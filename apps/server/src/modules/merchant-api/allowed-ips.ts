import { and, count, eq } from 'drizzle-orm';
import type { AllowedIp } from '@ledgerline/contract';
import {
  ALLOWED_IPS_PER_COMPANY,
  ipRangeProblem,
  isIpInRange,
} from '@ledgerline/domain/merchant-api';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { merchantAllowedIps } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { requireMerchantRights } from '../customers';

/*
 * A company's allowed IP ranges (issue 18; spec 2 §7 public-api/allowedip): with any enabled
 * range, a call with one of the company's keys from outside every range is refused.
 */

type RangeRow = typeof merchantAllowedIps.$inferSelect;

function rangeView(row: RangeRow): AllowedIp {
  return {
    id: row.id,
    customerId: row.customerId,
    name: row.name,
    enabled: row.enabled,
    ipFrom: row.ipFrom,
    ipTo: row.ipTo,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createAllowedIp(
  db: Database,
  actor: Actor,
  input: { name: string; enabled: boolean; ipFrom: string; ipTo: string },
): Promise<AllowedIp> {
  await requireMerchantRights(db, actor);
  const row = await db.transaction(async (tx) => {
    const [held] = await tx
      .select({ count: count() })
      .from(merchantAllowedIps)
      .where(eq(merchantAllowedIps.customerId, actor.customerId));
    if ((held?.count ?? 0) >= ALLOWED_IPS_PER_COMPANY)
      throw AppError.invalid(
        { _: 'validation.tooMany' },
        `A company may hold at most ${ALLOWED_IPS_PER_COMPANY} allowed IP ranges`,
      );
    const [created] = await tx
      .insert(merchantAllowedIps)
      .values({ customerId: actor.customerId, ...input })
      .returning();
    await audit(tx, {
      action: 'merchantAllowedIp.created',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { allowedIpId: created!.id, ipFrom: input.ipFrom, ipTo: input.ipTo },
    });
    return created!;
  });
  return rangeView(row);
}

export async function listAllowedIps(db: Database, actor: Actor): Promise<AllowedIp[]> {
  await requireMerchantRights(db, actor, 'read');
  const rows = await db
    .select()
    .from(merchantAllowedIps)
    .where(eq(merchantAllowedIps.customerId, actor.customerId))
    .orderBy(merchantAllowedIps.id);
  return rows.map(rangeView);
}

async function lockOwnRange(tx: Tx, actor: Actor, id: number): Promise<RangeRow> {
  const [row] = await tx
    .select()
    .from(merchantAllowedIps)
    .where(and(eq(merchantAllowedIps.id, id), eq(merchantAllowedIps.customerId, actor.customerId)))
    .for('update');
  if (!row) throw AppError.notFound('No such allowed IP range');
  return row;
}

export async function updateAllowedIp(
  db: Database,
  actor: Actor,
  id: number,
  change: {
    name?: string | undefined;
    enabled?: boolean | undefined;
    ipFrom?: string | undefined;
    ipTo?: string | undefined;
  },
): Promise<AllowedIp> {
  await requireMerchantRights(db, actor);
  const row = await db.transaction(async (tx) => {
    const before = await lockOwnRange(tx, actor, id);
    const next = {
      name: change.name ?? before.name,
      enabled: change.enabled ?? before.enabled,
      ipFrom: change.ipFrom ?? before.ipFrom,
      ipTo: change.ipTo ?? before.ipTo,
    };
    // The contract checked a pair given together; this checks the range as it will be.
    if (ipRangeProblem(next.ipFrom, next.ipTo) !== null)
      throw AppError.invalid({ ipTo: 'validation.invalidValue' }, 'Not a range of addresses');
    const [updated] = await tx
      .update(merchantAllowedIps)
      .set(next)
      .where(eq(merchantAllowedIps.id, id))
      .returning();
    await audit(tx, {
      action: 'merchantAllowedIp.updated',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { allowedIpId: id, enabled: next.enabled, ipFrom: next.ipFrom, ipTo: next.ipTo },
    });
    return updated!;
  });
  return rangeView(row);
}

export async function deleteAllowedIp(db: Database, actor: Actor, id: number): Promise<void> {
  await requireMerchantRights(db, actor);
  await db.transaction(async (tx) => {
    const before = await lockOwnRange(tx, actor, id);
    await tx.delete(merchantAllowedIps).where(eq(merchantAllowedIps.id, id));
    await audit(tx, {
      action: 'merchantAllowedIp.deleted',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { allowedIpId: id, ipFrom: before.ipFrom, ipTo: before.ipTo },
    });
  });
}

/** Whether a call from `ip` may use the company's keys: no enabled range, or inside one. */
export async function isAllowedAddress(
  db: DbOrTx,
  customerId: number,
  ip: string,
): Promise<boolean> {
  const ranges = await db
    .select({ ipFrom: merchantAllowedIps.ipFrom, ipTo: merchantAllowedIps.ipTo })
    .from(merchantAllowedIps)
    .where(
      and(eq(merchantAllowedIps.customerId, customerId), eq(merchantAllowedIps.enabled, true)),
    );
  return ranges.length === 0 || ranges.some((range) => isIpInRange(ip, range));
}
