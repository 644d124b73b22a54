import { and, asc, eq, sql } from 'drizzle-orm';
import {
  IDV_MAX_IMAGE_BYTES,
  IDV_OUTCOMES,
  IDV_REJECT_REASONS,
  IDV_RUN_STATES,
  IDV_STEPS,
  isIdvProvider,
  sniffIdvImageType,
  type IdvKind,
  type IdvOutcome,
  type IdvProvider,
  type IdvRejectReason,
  type IdvRunState,
  type IdvStep,
  oneOf,
} from '@ledgerline/domain';
import type { Database, DbOrTx } from '../../db/client';
import {
  customerVerification,
  identityWorkflowImages,
  identityWorkflowRuns,
} from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { RESPONSE_CODES } from '@ledgerline/domain';
import { brandIdOf } from '../customers';

type RunRow = typeof identityWorkflowRuns.$inferSelect;

/** How the provider's page names its run: `/identity-verification/{id}/{token}` or `/video-identity-job/{token}`. */
export type ProviderLink =
  { kind: 'document'; workflowRunId: number; token: string } | { kind: 'video'; token: string };

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const LINK_NOT_FOUND = 'This identity check link is not valid or has expired';

/**
 * The run a link opens, or "not found" (a wrong id, a wrong token, another kind's link, an expired
 * link: all the same answer, so a link cannot be probed). The token is compared by its hash.
 */
export async function runOfLink(db: DbOrTx, link: ProviderLink, now = new Date()): Promise<RunRow> {
  if (!TOKEN.test(link.token)) throw AppError.notFound(LINK_NOT_FOUND);
  const [run] = await db
    .select()
    .from(identityWorkflowRuns)
    .where(eq(identityWorkflowRuns.tokenHash, sha256(link.token)));
  if (
    !run ||
    run.kind !== link.kind ||
    (link.kind === 'document' && run.id !== link.workflowRunId) ||
    run.state === 'expired' ||
    (run.state === 'started' && run.expiresAt <= now)
  )
    throw AppError.notFound(LINK_NOT_FOUND);
  return run;
}

export interface ProviderSessionView {
  workflowRunId: number;
  provider: IdvProvider;
  kind: IdvKind;
  brandId: string;
  state: IdvRunState;
  expiresAt: Date;
  received: { step: IdvStep; fileName: string; contentType: string }[];
  outcome: IdvOutcome | null;
  reason: IdvRejectReason | null;
  purpose: 'self' | 'merchant';
}

/** What the provider's page shows for a run: its brand, what it has received and, once decided, the outcome. */
export async function providerSession(db: DbOrTx, run: RunRow): Promise<ProviderSessionView> {
  const brandId = await brandIdOf(db, run.customerId);
  const images = await db
    .select({
      step: identityWorkflowImages.step,
      fileName: identityWorkflowImages.fileName,
      contentType: identityWorkflowImages.contentType,
    })
    .from(identityWorkflowImages)
    .where(eq(identityWorkflowImages.runId, run.id))
    .orderBy(asc(identityWorkflowImages.id));
  return {
    workflowRunId: run.id,
    provider: isIdvProvider(run.provider) ? run.provider : 'jmo',
    kind: run.kind === 'video' ? 'video' : 'document',
    brandId: brandId ?? '',
    state: oneOf(IDV_RUN_STATES, run.state) ?? 'started',
    expiresAt: run.expiresAt,
    received: images.filter((image): image is typeof image & { step: IdvStep } =>
      (IDV_STEPS as readonly string[]).includes(image.step),
    ),
    outcome: oneOf(IDV_OUTCOMES, run.outcome),
    reason: oneOf(IDV_REJECT_REASONS, run.reason),
    purpose: run.purpose === 'merchant' ? 'merchant' : 'self',
  };
}

/** The steps a kind of check asks for: a video identification shows the document's front and the face. */
export function stepsOf(kind: IdvKind): readonly IdvStep[] {
  return kind === 'video' ? ['front', 'selfie'] : IDV_STEPS;
}

function refuseUnlessOpen(run: RunRow): void {
  if (run.state !== 'started')
    throw new AppError(RESPONSE_CODES.verifyError, 'This identity check was already submitted', {
      httpStatus: 409,
    });
}

/**
 * Keeps one picture of a step (a second one replaces the first). The type comes from the content:
 * JPEG, PNG or HEIC, at most 10 MB; anything else is refused and nothing is stored.
 */
export async function storeImage(
  db: Database,
  link: ProviderLink,
  input: { step: IdvStep; fileName: string; body: unknown },
): Promise<{ step: IdvStep; contentType: string; size: number }> {
  const bytes = Buffer.isBuffer(input.body) ? input.body : null;
  if (!bytes || bytes.length === 0)
    throw AppError.invalid(
      { file: 'identityVerification.imageMissing' },
      'Send the picture as the body',
    );
  if (bytes.length > IDV_MAX_IMAGE_BYTES)
    throw AppError.invalid(
      { file: 'identityVerification.imageTooLarge' },
      'The picture is larger than 10 MB',
    );
  const contentType = sniffIdvImageType(bytes);
  if (!contentType)
    throw AppError.invalid(
      { file: 'identityVerification.imageType' },
      'The picture must be a JPEG, PNG or HEIC image',
    );
  return db.transaction(async (tx) => {
    const run = await runOfLink(tx, link);
    await tx
      .select({ id: identityWorkflowRuns.id })
      .from(identityWorkflowRuns)
      .where(eq(identityWorkflowRuns.id, run.id))
      .for('update');
    refuseUnlessOpen(run);
    if (!stepsOf(run.kind === 'video' ? 'video' : 'document').includes(input.step))
      throw AppError.invalid(
        { step: 'identityVerification.stepNotAsked' },
        'This check does not ask for that picture',
      );
    await tx
      .insert(identityWorkflowImages)
      .values({
        runId: run.id,
        step: input.step,
        fileName: input.fileName,
        contentType,
        data: bytes,
      })
      .onConflictDoUpdate({
        target: [identityWorkflowImages.runId, identityWorkflowImages.step],
        set: { fileName: input.fileName, contentType, data: bytes, createdAt: sql`now()` },
      });
    return { step: input.step, contentType, size: bytes.length };
  });
}

/**
 * The customer is done at the provider: every step has its picture. The run becomes submitted and
 * the customer's verification "in progress" (spec 2 §4: the banner says verification processing)
 * until the provider's callback is recorded.
 */
export async function submitRun(db: Database, link: ProviderLink): Promise<RunRow> {
  return db.transaction(async (tx) => {
    const run = await runOfLink(tx, link);
    const [locked] = await tx
      .select()
      .from(identityWorkflowRuns)
      .where(eq(identityWorkflowRuns.id, run.id))
      .for('update');
    if (!locked) throw AppError.notFound(LINK_NOT_FOUND);
    refuseUnlessOpen(locked);
    const images = await tx
      .select({ step: identityWorkflowImages.step })
      .from(identityWorkflowImages)
      .where(eq(identityWorkflowImages.runId, run.id));
    const missing = stepsOf(run.kind === 'video' ? 'video' : 'document').filter(
      (step) => !images.some((image) => image.step === step),
    );
    if (missing.length > 0)
      throw AppError.invalid(
        Object.fromEntries(missing.map((step) => [step, 'identityVerification.imageMissing'])),
        'A picture is missing',
      );
    const [submitted] = await tx
      .update(identityWorkflowRuns)
      .set({ state: 'submitted', submittedAt: new Date() })
      .where(and(eq(identityWorkflowRuns.id, run.id), eq(identityWorkflowRuns.state, 'started')))
      .returning();
    if (!submitted) throw new Error('The run was not submitted');
    // A merchant's request is the person's check, not the company's own verification.
    if (submitted.purpose === 'merchant') return submitted;
    await tx
      .insert(customerVerification)
      .values({ customerId: run.customerId, verificationInProgress: true })
      .onConflictDoUpdate({
        target: customerVerification.customerId,
        set: { verificationInProgress: true, updatedAt: new Date() },
      });
    return submitted;
  });
}

/** The pictures of a run with their names, for the simulator's decision. */
export async function submittedFiles(
  db: DbOrTx,
  runId: number,
): Promise<{ step: IdvStep; fileName: string }[]> {
  const rows = await db
    .select({ step: identityWorkflowImages.step, fileName: identityWorkflowImages.fileName })
    .from(identityWorkflowImages)
    .where(eq(identityWorkflowImages.runId, runId));
  return rows.filter((row): row is { step: IdvStep; fileName: string } =>
    (IDV_STEPS as readonly string[]).includes(row.step),
  );
}
