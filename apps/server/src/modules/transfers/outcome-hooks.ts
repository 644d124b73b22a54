import type { RealtimeEvent } from '@ledgerline/contract';
import type { Tx } from '../../db/client';

/*
 * What another module does when a transfer waiting for its second factor is decided (issue 16A:
 * an invoice payment turns the invoice paid, or lets it be paid again). A hook runs inside the
 * decision's transaction, before the ledger settles or releases the transfer, so the two change
 * together; it answers the realtime events to publish after commit. The hooks are registered by
 * the modules that need them when they load (invoices/index.ts): the confirmation is decided from
 * three places (the code, the phone, the expiry job), and none of them may import those modules.
 */

export type TransferOutcome = 'settled' | 'rejected';
export type TransferOutcomeEvents = { userId: number; event: RealtimeEvent }[];
export type TransferOutcomeHook = (
  tx: Tx,
  transferId: string,
  outcome: TransferOutcome,
) => Promise<TransferOutcomeEvents>;

const hooks = new Set<TransferOutcomeHook>();

/** Registers a hook once (a second registration of the same function is ignored). */
export function onTransferOutcome(hook: TransferOutcomeHook): void {
  hooks.add(hook);
}

export async function runTransferOutcomeHooks(
  tx: Tx,
  transferId: string,
  outcome: TransferOutcome,
): Promise<TransferOutcomeEvents> {
  const events: TransferOutcomeEvents = [];
  for (const hook of hooks) events.push(...(await hook(tx, transferId, outcome)));
  return events;
}
