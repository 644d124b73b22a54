import { and, desc, eq } from 'drizzle-orm';
import {
  IDENTITY_STATUSES,
  IDV_OUTCOMES,
  IDV_RUN_STATES,
  VIDEO_IDENTITY_STATUSES,
  type IdentityStatus,
  type IdvOutcome,
  type IdvRunState,
  type VideoIdentityStatus,
  oneOf,
} from '@ledgerline/domain';
import type { IdvStatusResponse } from '@ledgerline/contract';
import type { DbOrTx } from '../../db/client';
import { customerIdentities, customerVerification, identityWorkflowRuns } from '../../db/schema';

/** The customer's identity, video identification and latest check, for the "start identity check" control. */
export async function identityCheckStatus(
  db: DbOrTx,
  customerId: number,
): Promise<Omit<IdvStatusResponse, 'responseCode' | 'responseDescription'>> {
  const [identity] = await db
    .select()
    .from(customerIdentities)
    .where(eq(customerIdentities.customerId, customerId))
    .orderBy(desc(customerIdentities.id))
    .limit(1);
  const [state] = await db
    .select()
    .from(customerVerification)
    .where(eq(customerVerification.customerId, customerId));
  const [run] = await db
    .select()
    .from(identityWorkflowRuns)
    .where(
      and(
        eq(identityWorkflowRuns.customerId, customerId),
        eq(identityWorkflowRuns.purpose, 'self'),
      ),
    )
    .orderBy(desc(identityWorkflowRuns.id))
    .limit(1);
  return {
    identity: identity
      ? {
          status: oneOf<IdentityStatus>(IDENTITY_STATUSES, identity.status) ?? 'none',
          rejectReason: identity.rejectReason,
        }
      : null,
    videoIdentityStatus:
      oneOf<VideoIdentityStatus>(VIDEO_IDENTITY_STATUSES, state?.videoIdentityStatus ?? null) ??
      'none',
    verificationInProgress: state?.verificationInProgress ?? false,
    latestRun: run
      ? {
          workflowRunId: run.id,
          provider: run.provider === 'nfd' ? 'nfd' : 'jmo',
          kind: run.kind === 'video' ? 'video' : 'document',
          // A link not used in time is expired, though no job rewrote its row.
          state:
            run.state === 'started' && run.expiresAt <= new Date()
              ? 'expired'
              : (oneOf<IdvRunState>(IDV_RUN_STATES, run.state) ?? 'started'),
          outcome: oneOf<IdvOutcome>(IDV_OUTCOMES, run.outcome),
          reason: run.reason,
          createdAt: run.createdAt.toISOString(),
          finishedAt: run.finishedAt?.toISOString() ?? null,
        }
      : null,
  };
}
