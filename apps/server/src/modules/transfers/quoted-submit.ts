import type { SubmitResult } from '@ledgerline/contract';
import type { DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { refuseStaffMoneyMovement } from '../customers';
import { hashRequest, type Money } from '../ledger';
import { publishAccountChanges } from './events';
import { executeQuoted, type TransferDeps } from './execute';
import { feeFor, loadFeeRule } from './fees';
import { brandOfCustomer, type Quote } from './quote';

/*
 * Money another module quotes (cards' prepaid load and unload, issue 16) goes the way a customer's
 * transfer goes: staff acting for the customer refused, the customer row locked, the idempotency
 * key with the request's hash, the ledger transfer pending until the user's own second factor
 * (confirmTransaction, modes 0–4, the same codes and phone requests), its audit row, and
 * AccountChanged after commit. Access level and permission flags are the caller's to check.
 */

export async function submitQuotedTransfer(
  deps: TransferDeps,
  actor: Actor,
  input: {
    /** The main-API method: part of the request hash, so one key serves one kind of call. */
    method: string;
    /** Every field of the request but the key. */
    request: Record<string, unknown>;
    idempotencyKey: string;
    /** Runs in the transaction after the customer lock: quote, check limits, or refuse. */
    makeQuote: (tx: Tx) => Promise<Quote>;
  },
): Promise<SubmitResult> {
  refuseStaffMoneyMovement(actor);
  const requestHash = hashRequest({ method: input.method, userId: actor.userId, ...input.request });
  const executed = await deps.db.transaction((tx) =>
    executeQuoted(tx, deps, actor, input.makeQuote, {
      idempotencyKey: input.idempotencyKey,
      requestHash,
      confirm: true,
    }),
  );
  if (executed.result.status === 'settled' && !executed.replayed)
    await publishAccountChanges(deps.realtime, deps.db, executed.accountIds);
  return executed.result;
}

/** The brand's fee for an operation on an amount in a currency (fee_rules; none: no fee). */
export async function brandFee(
  db: DbOrTx,
  customerId: number,
  operation: string,
  amount: Money,
  currencyCode: string,
): Promise<Money> {
  const rule = await loadFeeRule(
    db,
    await brandOfCustomer(db, customerId),
    operation,
    currencyCode,
  );
  return feeFor(rule, amount, currencyCode);
}
