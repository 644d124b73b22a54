import { ACCESS_LEVELS } from '@ledgerline/domain';
import type { Actor } from '../../lib/actor';
import { requireTransferPermission, transferRightsToCheck } from '../customers';
import { hashRequest } from '../ledger';
import { createApprovalRequest } from './approvals';
import { publishAccountChanges } from './events';
import { executeTransfer, type TransferDeps } from './execute';
import type { TransferRequest } from './quote';
import { createRecurring } from './recurring';

/**
 * A money-moving submit: full access transfers (with the second factor), initiate access (3)
 * creates an approval request. The permission flags are read with the customer's lock, before
 * anything else, so a refusal still comes before an earlier answer is replayed. The request hash covers the method, the user and every field but
 * the key, so the same key with another payload is refused.
 */
export async function submitTransfer(
  deps: TransferDeps,
  actor: Actor,
  method: string,
  request: TransferRequest & Record<string, unknown>,
  idempotencyKey: string,
) {
  const { level, flag } = transferRightsToCheck(actor, request.kind, request.toOwnAccount === true);
  const requestHash = hashRequest({ method, userId: actor.userId, ...request });
  if (level === ACCESS_LEVELS.initiate) {
    await requireTransferPermission(deps.db, actor.userId, actor.customerId, level, flag);
    return createApprovalRequest(deps, actor, request, idempotencyKey, requestHash);
  }
  const executed = await deps.db.transaction(async (tx) => {
    const done = await executeTransfer(tx, deps, actor, request, {
      idempotencyKey,
      requestHash,
      confirm: true,
      readCache: deps.readCache,
      // Read with the customer lock: one statement fewer than a check of its own (decision 126).
      permission: { level, flag },
      // AccountChanged from the posting's statement, at COMMIT: no round trip after it.
      announce: true,
    });
    if (request.kind === 'betweenAccounts' && !done.replayed)
      await createRecurring(
        tx,
        actor,
        { ...request, currency: String(request.currency) },
        done.transferId,
      );
    return done;
  });
  if (executed.result.status === 'settled' && !executed.replayed && !executed.announced)
    await publishAccountChanges(deps.realtime, deps.db, executed.accountIds);
  return executed.result;
}
