import { and, asc, desc, eq } from 'drizzle-orm';
import { RESPONSE_CODES, type IdvStep } from '@ledgerline/domain';
import type { DbOrTx, Tx } from '../../db/client';
import {
  customerIdentities,
  customerVerification,
  customers,
  identityWorkflowImages,
  identityWorkflowRuns,
} from '../../db/schema';
import { AppError } from '../../lib/errors';

/** A provider result waiting for the compliance desk: an identity the provider accepted, still "pending". */
export interface IdentityResultAwaitingReview {
  identityId: number;
  customerId: number;
  brandId: string;
  firstName: string | null;
  lastName: string | null;
  workflowRunId: number;
  provider: string;
  kind: string;
  documentNumber: string | null;
  expiresDate: string | null;
  /** When the provider answered: the queue is oldest first. */
  receivedAt: Date;
}

/** The desk's queue of provider results, oldest first, optionally one brand's. */
export async function listIdentityResultsAwaitingReview(
  db: DbOrTx,
  filter: { brandId?: string } = {},
): Promise<IdentityResultAwaitingReview[]> {
  const rows = await db
    .select({
      identityId: customerIdentities.id,
      customerId: customers.id,
      brandId: customers.brandId,
      firstName: customers.firstName,
      lastName: customers.lastName,
      workflowRunId: identityWorkflowRuns.id,
      provider: identityWorkflowRuns.provider,
      kind: identityWorkflowRuns.kind,
      documentNumber: customerIdentities.number,
      expiresDate: customerIdentities.expiresDate,
      receivedAt: identityWorkflowRuns.finishedAt,
    })
    .from(identityWorkflowRuns)
    .innerJoin(customerIdentities, eq(customerIdentities.id, identityWorkflowRuns.identityId))
    .innerJoin(customers, eq(customers.id, identityWorkflowRuns.customerId))
    .where(
      and(
        eq(customerIdentities.status, 'pending'),
        filter.brandId === undefined ? undefined : eq(customers.brandId, filter.brandId),
      ),
    )
    .orderBy(asc(identityWorkflowRuns.finishedAt), asc(identityWorkflowRuns.id));
  return rows.map((row) => ({ ...row, receivedAt: row.receivedAt ?? new Date(0) }));
}

/** "canceled": the desk asks for another identification (its "request another" decision). */
export type IdentityDecision = 'validated' | 'rejected' | 'nameMismatch' | 'canceled';

/**
 * Applies the compliance desk's decision to an identity a provider accepted (status pending):
 * validated, rejected or name mismatch, with the reason the customer sees. The verification is no
 * longer "in progress"; a video identification's status follows. Runs in the desk's transaction,
 * which writes the audit row (who, when, why) and sends the events after commit. An identity that
 * is not pending is refused (409) and nothing changes.
 */
export async function decideIdentity(
  tx: Tx,
  identityId: number,
  decision: IdentityDecision,
  reason: string | null,
): Promise<{ customerId: number; workflowRunId: number | null; userId: number | null }> {
  const [identity] = await tx
    .select()
    .from(customerIdentities)
    .where(eq(customerIdentities.id, identityId))
    .for('update');
  if (!identity) throw AppError.notFound('Identity not found');
  if (identity.status !== 'pending')
    throw new AppError(RESPONSE_CODES.verifyError, 'The identity is not waiting for review', {
      httpStatus: 409,
    });
  await tx
    .update(customerIdentities)
    .set({ status: decision, rejectReason: decision === 'validated' ? null : reason })
    .where(eq(customerIdentities.id, identityId));
  const [run] = await tx
    .select({
      id: identityWorkflowRuns.id,
      kind: identityWorkflowRuns.kind,
      userId: identityWorkflowRuns.userId,
    })
    .from(identityWorkflowRuns)
    .where(eq(identityWorkflowRuns.identityId, identityId))
    .orderBy(desc(identityWorkflowRuns.id))
    .limit(1);
  const video =
    run?.kind === 'video'
      ? { videoIdentityStatus: decision === 'validated' ? 'validated' : 'rejected' }
      : {};
  await tx
    .insert(customerVerification)
    .values({ customerId: identity.customerId, verificationInProgress: false, ...video })
    .onConflictDoUpdate({
      target: customerVerification.customerId,
      set: { verificationInProgress: false, ...video, updatedAt: new Date() },
    });
  return {
    customerId: identity.customerId,
    workflowRunId: run?.id ?? null,
    userId: run?.userId ?? null,
  };
}

/** A picture of a run, for the desk to look at beside the customer's data (never served to a customer). */
export async function loadIdentityImage(
  db: DbOrTx,
  workflowRunId: number,
  step: IdvStep,
): Promise<{ contentType: string; fileName: string; data: Uint8Array } | null> {
  const [image] = await db
    .select({
      contentType: identityWorkflowImages.contentType,
      fileName: identityWorkflowImages.fileName,
      data: identityWorkflowImages.data,
    })
    .from(identityWorkflowImages)
    .where(
      and(eq(identityWorkflowImages.runId, workflowRunId), eq(identityWorkflowImages.step, step)),
    );
  return image ?? null;
}
