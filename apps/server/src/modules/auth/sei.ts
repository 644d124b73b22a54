import { randomUUID } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { SeiAuthorization } from '@ledgerline/contract';
import type { Database } from '../../db/client';
import { seiAuthorizations } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';

const SEI_TTL_MS = 10 * 60_000;

type Row = typeof seiAuthorizations.$inferSelect;

function toWire(row: Row): SeiAuthorization {
  return {
    authorizationId: row.id,
    path: row.path,
    status: row.status === 'approved' ? 'approved' : 'pending',
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** SEI: an authorization for the signed-in user to continue to a stored path; approving it answers the path. */
export async function createSeiAuthorization(
  db: Database,
  caller: { userId: number; customerId: number },
  path: string,
  ip: string,
): Promise<SeiAuthorization> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(seiAuthorizations)
      .values({
        id: randomUUID(),
        userId: caller.userId,
        path,
        expiresAt: new Date(Date.now() + SEI_TTL_MS),
      })
      .returning();
    if (!row) throw new Error('sei insert returned nothing');
    await audit(tx, {
      action: 'sei.created',
      userId: caller.userId,
      customerId: caller.customerId,
      ip,
      details: { authorizationId: row.id },
    });
    return toWire(row);
  });
}

export async function approveSeiAuthorization(
  db: Database,
  caller: { userId: number; customerId: number },
  authorizationId: string,
  ip: string,
): Promise<SeiAuthorization> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(seiAuthorizations)
      .set({ status: 'approved', approvedAt: new Date() })
      .where(
        and(
          eq(seiAuthorizations.id, authorizationId),
          eq(seiAuthorizations.userId, caller.userId),
          eq(seiAuthorizations.status, 'pending'),
          gt(seiAuthorizations.expiresAt, new Date()),
        ),
      )
      .returning();
    // Another user's, an approved or an expired authorization: "not found".
    if (!row) throw AppError.notFound('Authorization not found');
    await audit(tx, {
      action: 'sei.approved',
      userId: caller.userId,
      customerId: caller.customerId,
      ip,
      details: { authorizationId },
    });
    return toWire(row);
  });
}
