import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  action: string;
  userId?: number | null;
  customerId?: number | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/** Writes one audit row in the caller's transaction, so the change and its record commit together. */
export async function audit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    action: entry.action,
    userId: entry.userId ?? null,
    customerId: entry.customerId ?? null,
    ip: entry.ip ?? null,
    details: entry.details ?? {},
  });
}
