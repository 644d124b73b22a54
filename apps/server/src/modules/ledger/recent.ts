import { and, desc, eq, inArray } from 'drizzle-orm';
import { EXTERNAL_TRANSFER_TYPES } from '@ledgerline/domain/external-transfers';
import type { DbOrTx } from '../../db/client';
import { ledgerTransfers } from '../../db/schema';

/** Every ledger kind a customer's transfer is recorded as (limits count them all). */
export const TRANSFER_KINDS: readonly string[] = [
  'betweenAccounts',
  'p2p',
  ...EXTERNAL_TRANSFER_TYPES,
];

/** The latest transfers of the customer for the "recent" lists, newest first. */
export async function recentTransfers(
  db: DbOrTx,
  customerId: number,
  kind: string | undefined,
  limit: number,
) {
  return db
    .select()
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.customerId, customerId),
        kind ? eq(ledgerTransfers.kind, kind) : inArray(ledgerTransfers.kind, [...TRANSFER_KINDS]),
        // A returned external transfer (reversed) stays in the list, showing it came back.
        inArray(ledgerTransfers.status, ['pending', 'settled', 'reversed']),
      ),
    )
    .orderBy(desc(ledgerTransfers.createdAt))
    .limit(limit);
}
