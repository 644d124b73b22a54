import { and, eq } from 'drizzle-orm';
import type { IdvCallback } from '@ledgerline/contract';
import { identityStatusForOutcome, RESPONSE_CODES, type IdvProvider } from '@ledgerline/domain';
import type { Database, DbOrTx } from '../../db/client';
import {
  customerIdentities,
  customerVerification,
  identityCallbackEvents,
  identityWorkflowRuns,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';

export interface RecordedResult {
  /** 'merchant': a person a merchant asked to verify (issue 18); the run's user is not the one checked. */
  purpose: 'self' | 'merchant';
  workflowRunId: number;
  customerId: number;
  userId: number;
  outcome: IdvCallback['outcome'];
}

/**
 * Records a provider's verified callback (the route checked its signature and timestamp): the event
 * id is spent, the customer's identity gets its row (pending for the compliance desk, rejected with
 * the reason, or name mismatch) and the verification state follows. A replayed event id, an unknown
 * run or a run not waiting for an answer is refused, and the transaction leaves everything as it was.
 */
export async function recordProviderResult(
  db: Database,
  provider: IdvProvider,
  callback: IdvCallback,
): Promise<RecordedResult> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(identityCallbackEvents)
      .values({ provider, eventId: callback.eventId })
      .onConflictDoNothing()
      .returning();
    if (!fresh)
      throw new AppError(RESPONSE_CODES.verifyError, 'This callback was already received', {
        httpStatus: 409,
      });
    const [run] = await tx
      .select()
      .from(identityWorkflowRuns)
      .where(
        and(
          eq(identityWorkflowRuns.id, callback.workflowRunId),
          eq(identityWorkflowRuns.provider, provider),
        ),
      )
      .for('update');
    if (!run) throw AppError.notFound('Unknown workflow run');
    if (run.state !== 'submitted')
      throw new AppError(
        RESPONSE_CODES.verifyError,
        'The workflow run is not waiting for a result',
        {
          httpStatus: 409,
        },
      );
    if (run.purpose === 'merchant') return completeMerchantRun(tx, run, provider, callback);
    const status = identityStatusForOutcome(callback.outcome);
    const [identity] = await tx
      .insert(customerIdentities)
      .values({
        customerId: run.customerId,
        typeId: callback.document?.typeId ?? 1,
        number: callback.document?.number ?? null,
        status,
        issuedDate: callback.document?.issuedDate ?? null,
        expiresDate: callback.document?.expiresDate ?? null,
        rejectReason: callback.outcome === 'accepted' ? null : callback.reason,
      })
      .returning({ id: customerIdentities.id });
    if (!identity) throw new Error('The identity was not recorded');
    const finishedAt = new Date();
    await tx
      .update(identityWorkflowRuns)
      .set({
        state: 'completed',
        outcome: callback.outcome,
        reason: callback.reason,
        identityId: identity.id,
        finishedAt,
      })
      .where(eq(identityWorkflowRuns.id, run.id));
    // Accepted: the customer has done their part and waits for compliance ("verification
    // processing"); refused: nothing is in progress and the identity asks for action (spec 2 §4).
    const accepted = callback.outcome === 'accepted';
    const video =
      run.kind === 'video' ? { videoIdentityStatus: accepted ? 'pending' : 'rejected' } : {};
    await tx
      .insert(customerVerification)
      .values({ customerId: run.customerId, verificationInProgress: accepted, ...video })
      .onConflictDoUpdate({
        target: customerVerification.customerId,
        set: { verificationInProgress: accepted, ...video, updatedAt: finishedAt },
      });
    await audit(tx, {
      action: 'identityVerification.result',
      userId: null,
      customerId: run.customerId,
      ip: null,
      details: {
        workflowRunId: run.id,
        provider,
        eventId: callback.eventId,
        outcome: callback.outcome,
        reason: callback.reason,
        identityId: identity.id,
      },
    });
    return {
      purpose: 'self',
      workflowRunId: run.id,
      customerId: run.customerId,
      userId: run.userId,
      outcome: callback.outcome,
    };
  });
}

/**
 * A merchant's request (issue 18): the provider's answer is the run's outcome, which the request
 * shows; nothing is written to the company's own identity or verification state.
 */
async function completeMerchantRun(
  tx: DbOrTx,
  run: typeof identityWorkflowRuns.$inferSelect,
  provider: IdvProvider,
  callback: IdvCallback,
): Promise<RecordedResult> {
  await tx
    .update(identityWorkflowRuns)
    .set({
      state: 'completed',
      outcome: callback.outcome,
      reason: callback.reason,
      finishedAt: new Date(),
    })
    .where(eq(identityWorkflowRuns.id, run.id));
  await audit(tx, {
    action: 'identityVerification.merchantResult',
    userId: null,
    customerId: run.customerId,
    ip: null,
    details: {
      workflowRunId: run.id,
      provider,
      eventId: callback.eventId,
      outcome: callback.outcome,
      reason: callback.reason,
    },
  });
  return {
    purpose: 'merchant',
    workflowRunId: run.id,
    customerId: run.customerId,
    userId: run.userId,
    outcome: callback.outcome,
  };
}
