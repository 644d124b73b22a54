import { and, desc, eq } from 'drizzle-orm';
import { IDV_LINK_TTL_MS, idvProviderForBrand, type IdvKind } from '@ledgerline/domain';
import type { Database, DbOrTx } from '../../db/client';
import { customerIdentities, customers, identityWorkflowRuns } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { RESPONSE_CODES } from '@ledgerline/domain';
import { audit } from '../audit';

export interface StartedCheck {
  workflowRunId: number;
  provider: 'jmo' | 'nfd';
  kind: IdvKind;
  url: string;
  expiresAt: Date;
}

/** The provider page's path for a run: the token is in the link only, never stored in clear. */
export function providerPagePath(kind: IdvKind, workflowRunId: number, token: string): string {
  return kind === 'video'
    ? `/video-identity-job/${token}`
    : `/identity-verification/${workflowRunId}/${token}`;
}

/**
 * Starts an identity check for a customer the caller may act for (access was resolved by the
 * route). The brand's provider serves it (idvProviderForBrand). A link not yet used is superseded
 * (expired) by the new one; an identity already verified or waiting for compliance is not checked
 * again.
 */
export async function startIdentityCheck(
  db: Database,
  input: { userId: number; customerId: number; kind: IdvKind; ip: string },
): Promise<StartedCheck> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + IDV_LINK_TTL_MS);
  const run = await db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id, brandId: customers.brandId })
      .from(customers)
      .where(eq(customers.id, input.customerId))
      .for('update');
    if (!customer) throw AppError.notFound('Customer not found');
    const [identity] = await tx
      .select({ status: customerIdentities.status })
      .from(customerIdentities)
      .where(eq(customerIdentities.customerId, customer.id))
      .orderBy(desc(customerIdentities.id))
      .limit(1);
    if (identity?.status === 'validated' || identity?.status === 'pending')
      throw new AppError(
        RESPONSE_CODES.verifyError,
        identity.status === 'validated'
          ? 'The identity is already verified'
          : 'The identity is already waiting for review',
        { httpStatus: 409 },
      );
    await tx
      .update(identityWorkflowRuns)
      .set({ state: 'expired', finishedAt: new Date() })
      .where(
        and(
          eq(identityWorkflowRuns.customerId, customer.id),
          eq(identityWorkflowRuns.state, 'started'),
          eq(identityWorkflowRuns.purpose, 'self'),
        ),
      );
    const provider = idvProviderForBrand(customer.brandId);
    const [row] = await tx
      .insert(identityWorkflowRuns)
      .values({
        customerId: customer.id,
        userId: input.userId,
        provider,
        kind: input.kind,
        tokenHash: sha256(token),
        expiresAt,
      })
      .returning();
    if (!row) throw new Error('The workflow run was not stored');
    await audit(tx, {
      action: 'identityVerification.start',
      userId: input.userId,
      customerId: customer.id,
      ip: input.ip,
      details: { workflowRunId: row.id, provider, kind: input.kind },
    });
    return { id: row.id, provider };
  });
  return {
    workflowRunId: run.id,
    provider: run.provider,
    kind: input.kind,
    url: providerPagePath(input.kind, run.id, token),
    expiresAt,
  };
}

/**
 * Starts a check a merchant asked a person for (issue 18), in the merchant's transaction: the run
 * belongs to the company (its brand's provider serves it) with purpose 'merchant', so its result
 * is recorded on the run and never becomes the company's own identity. The link's token is answered
 * once, for the e-mail; only its hash is stored.
 */
export async function startMerchantRun(
  tx: DbOrTx,
  input: { customerId: number; brandId: string; userId: number },
): Promise<{ workflowRunId: number; path: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + IDV_LINK_TTL_MS);
  const [row] = await tx
    .insert(identityWorkflowRuns)
    .values({
      customerId: input.customerId,
      userId: input.userId,
      provider: idvProviderForBrand(input.brandId),
      kind: 'document',
      tokenHash: sha256(token),
      expiresAt,
      purpose: 'merchant',
    })
    .returning({ id: identityWorkflowRuns.id });
  if (!row) throw new Error('The workflow run was not stored');
  return { workflowRunId: row.id, path: providerPagePath('document', row.id, token), expiresAt };
}
