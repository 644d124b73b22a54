import { ACCESS_LEVELS } from '@ledgerline/domain';
import type { Actor } from '../../lib/actor';
import { requireTransferRights } from '../customers';
import { hashRequest } from '../ledger';
import { createApprovalRequest } from './approvals';
import { publishAccountChanges } from './events';
import { executeTransfer, type TransferDeps } from './execute';
import type { TransferRequest } from './quote';
import { createRecurring } from './recurring';

/**
 * A money-moving submit: full access transfers (with the second factor), initiate access (3)
 * creates an approval request. The request hash covers the method, the user and every field but
 * the key, so the same key with another payload is refused.
 */
export async function submitTransfer(
  deps: TransferDeps,
  actor: Actor,
  method: string,
  request: TransferRequest & Record<string, unknown>,
  idempotencyKey: string,
) {
  const level = await requireTransferRights(
    deps.db,
    actor,
    request.kind,
    request.toOwnAccount === true,
  );
  const requestHash = hashRequest({ method, userId: actor.userId, ...request });
  if (level === ACCESS_LEVELS.initiate)
    return createApprovalRequest(deps, actor, request, idempotencyKey, requestHash);
  const executed = await deps.db.transaction(async (tx) => {
    const done = await executeTransfer(tx, deps, actor, request, {
      idempotencyKey,
      requestHash,
      confirm: true,
      readCache: deps.readCache,
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
  if (executed.result.status === 'settled' && !executed.replayed)
    await publishAccountChanges(deps.realtime, deps.db, executed.accountIds);
  return executed.result;
}
