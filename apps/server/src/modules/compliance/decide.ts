import { and, asc, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import type { complianceMethods } from '@ledgerline/contract';
import { getBrand, isBrandId } from '@ledgerline/domain/brands';
import {
  DOCUMENT_QUEUE_STATUS,
  IDENTITY_QUEUE_STATUS,
  REVIEW_QUEUE_STATES,
  documentStatusAfter,
  identityStatusAfter,
  isExpiredOn,
  type ReviewItemKind,
  type ReviewReasonCode,
} from '@ledgerline/domain/compliance-review';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@ledgerline/domain/languages';
import { DOCUMENT_STATUS } from '@ledgerline/domain/verification';
import type { Database, Tx } from '../../db/client';
import {
  customerAccess,
  customerDocuments,
  customerIdentities,
  customers,
  users,
} from '../../db/schema';
import { t } from '../../i18n/translate';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { onDocumentDecision } from '../documents';
import { decideIdentity, type IdentityDecision } from '../identity-verification';
import type { Mailer } from '../notifications';
import type { RealtimeHub } from '../realtime';
import { refuseOwnCase, requireAdmin } from './desk-access';
import { recomputeVerification, type RecomputedState } from './recompute';
import { brandIdOf } from '../customers';

type DecisionInput = z.output<(typeof complianceMethods)['decideComplianceItem']['request']>;

export interface DeskDeps {
  db: Database;
  mailer: Mailer;
  realtime: RealtimeHub;
}

const WAITING_DOCUMENT_STATUSES = REVIEW_QUEUE_STATES.map((state) => DOCUMENT_QUEUE_STATUS[state]);
function alreadyDecided(): AppError {
  return new AppError('TA1', 'This item was already decided: reload the queue to see its outcome', {
    validationErrors: { id: 'validation.reviewAlreadyDecided' },
    httpStatus: 409,
  });
}

/** The reason the customer reads, in their language: the fixed reason's text, then the note as written. */
function reasonText(lang: Language, code: ReviewReasonCode | undefined, note: string | undefined) {
  const reason = code ? t(lang, `compliance:reason.${code}`) : '';
  return [reason, note ?? ''].filter(Boolean).join(' ').slice(0, 256) || null;
}

interface Owner {
  id: number;
  email: string;
  language: Language;
}

async function ownerOf(tx: Tx, customerId: number): Promise<Owner | undefined> {
  const [owner] = await tx
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(eq(users.customerId, customerId))
    .orderBy(asc(users.id))
    .limit(1);
  return owner
    ? { ...owner, language: isLanguage(owner.language) ? owner.language : DEFAULT_LANGUAGE }
    : undefined;
}

/** The item locked for the decision; one already decided (or gone) is refused without a change. */
async function lockWaitingItem(tx: Tx, kind: ReviewItemKind, id: number) {
  if (kind === 'document') {
    const [row] = await tx
      .select()
      .from(customerDocuments)
      .where(eq(customerDocuments.id, id))
      .for('update');
    if (!row) throw AppError.notFound('No such document on the desk');
    if (!WAITING_DOCUMENT_STATUSES.includes(row.statusId)) throw alreadyDecided();
    return {
      customerId: row.customerId,
      status: row.statusId,
      expiresDate: row.expiresDate,
    };
  }
  const [row] = await tx
    .select()
    .from(customerIdentities)
    .where(eq(customerIdentities.id, id))
    .for('update');
  if (!row) throw AppError.notFound('No such identity result on the desk');
  if (row.status !== IDENTITY_QUEUE_STATUS) throw alreadyDecided();
  return {
    customerId: row.customerId,
    status: row.status,
    categoryId: null,
    expiresDate: row.expiresDate,
  };
}

async function usersWhoSee(tx: Tx, customerId: number): Promise<number[]> {
  const own = await tx.select({ id: users.id }).from(users).where(eq(users.customerId, customerId));
  const granted = await tx
    .select({ id: customerAccess.userId })
    .from(customerAccess)
    .where(and(eq(customerAccess.customerId, customerId), gt(customerAccess.accessRight, 0)));
  return [...new Set([...own, ...granted].map((row) => row.id))];
}

/**
 * An administrator's decision on one desk item (issue 14): authorise (an admin, not their own
 * case), lock the item and check it still waits, one transaction with the change, the customer's
 * recomputed verification, the audit row and the e-mail in the outbox; the realtime event after
 * commit, so the customer's banner, /kyc and transfer screens follow at once.
 */
export async function decideReviewItem(deps: DeskDeps, actor: Actor, input: DecisionInput) {
  await requireAdmin(deps.db, actor);
  const outcome = await deps.db.transaction(async (tx) => {
    const item = await lockWaitingItem(tx, input.kind, input.id);
    await refuseOwnCase(tx, actor, item.customerId);
    if (
      input.decision === 'approve' &&
      isExpiredOn(item.expiresDate, new Date().toISOString().slice(0, 10))
    )
      throw AppError.invalid(
        { decision: 'validation.reviewItemExpired' },
        'This document has expired: reject it with the reason "expired"',
      );
    const owner = await ownerOf(tx, item.customerId);
    const lang = owner?.language ?? DEFAULT_LANGUAGE;
    const touched: RecomputedState[] = [];
    let limitLiftedByDocument = false;
    let newStatus: string | number = item.status;

    if (input.decision === 'reassign') {
      const targetId = input.targetCustomerId as number;
      const sourceBrand = await brandIdOf(tx, item.customerId);
      const [target] = await tx
        .select({ id: customers.id, brandId: customers.brandId })
        .from(customers)
        .where(eq(customers.id, targetId));
      // Another brand's customer is "not found", as any object the caller may not touch.
      if (!target || target.brandId !== sourceBrand || target.id === item.customerId)
        throw AppError.invalid(
          { targetCustomerId: 'validation.reviewTargetCustomer' },
          'Choose another customer of the same brand',
        );
      await refuseOwnCase(tx, actor, target.id);
      await tx
        .update(customerDocuments)
        .set({ customerId: target.id })
        .where(eq(customerDocuments.id, input.id));
      touched.push(await recomputeVerification(tx, item.customerId));
      touched.push(await recomputeVerification(tx, target.id));
    } else {
      const decision = input.decision;
      const rejectReason =
        decision === 'approve' ? null : reasonText(lang, input.reasonCode, input.note);
      if (input.kind === 'document') {
        newStatus = documentStatusAfter(decision);
        // The documents module writes the decision and moves what follows from it: the address
        // the document names (a proof of address) and the expired-documents limit.
        const settled = await onDocumentDecision(
          tx,
          input.id,
          newStatus === DOCUMENT_STATUS.confirmed
            ? { statusId: DOCUMENT_STATUS.confirmed }
            : newStatus === DOCUMENT_STATUS.canceled
              ? { statusId: DOCUMENT_STATUS.canceled, rejectReason }
              : {
                  statusId: newStatus as
                    typeof DOCUMENT_STATUS.rejected | typeof DOCUMENT_STATUS.nameMismatch,
                  rejectReason: rejectReason ?? '',
                },
        );
        limitLiftedByDocument = settled.limitLifted;
      } else {
        newStatus = identityStatusAfter(decision);
        // The identity module closes the provider's run: verificationInProgress off, a video
        // identification's status follows.
        await decideIdentity(tx, input.id, newStatus as IdentityDecision, rejectReason);
      }
      touched.push(await recomputeVerification(tx, item.customerId));
    }

    const [recomputed] = touched;
    if (!recomputed) throw new Error('compliance: no recomputed state');
    const state = {
      ...recomputed,
      limitLifted: recomputed.limitLifted || limitLiftedByDocument,
    };
    await audit(tx, {
      action: 'complianceDecision',
      userId: actor.userId,
      customerId: item.customerId,
      ip: actor.ip,
      details: {
        kind: input.kind,
        itemId: input.id,
        decision: input.decision,
        reasonCode: input.reasonCode ?? null,
        note: input.note ?? null,
        previousStatus: item.status,
        newStatus,
        targetCustomerId: input.targetCustomerId ?? null,
        becameVerified: state.becameVerified,
        limitLifted: state.limitLifted,
      },
    });
    // A reassigned document leaves one customer's file for another's: both audits say so. Neither
    // customer is e-mailed (the one who lost it is told nothing).
    if (input.decision === 'reassign')
      await audit(tx, {
        action: 'complianceDecision',
        userId: actor.userId,
        customerId: input.targetCustomerId as number,
        ip: actor.ip,
        details: {
          kind: input.kind,
          itemId: input.id,
          decision: input.decision,
          reasonCode: input.reasonCode ?? null,
          note: input.note ?? null,
          previousStatus: item.status,
          newStatus,
          fromCustomerId: item.customerId,
          targetCustomerId: input.targetCustomerId ?? null,
        },
      });

    if (owner && input.decision !== 'reassign') {
      const brandId = await brandIdOf(tx, item.customerId);
      const brand = getBrand(isBrandId(brandId) ? brandId : 'pebble');
      const values = {
        brand: brand.projectName,
        item: t(lang, `compliance:item.${input.kind}`),
        reason: input.reasonCode ? t(lang, `compliance:reason.${input.reasonCode}`) : '',
      };
      const lines = [
        t(lang, `compliance:decision.${input.decision}`, values),
        input.note ?? '',
        state.becameVerified ? t(lang, 'compliance:verified') : '',
        state.limitLifted ? t(lang, 'compliance:limitLifted') : '',
        t(lang, 'compliance:signOff', values),
      ].filter(Boolean);
      await deps.mailer.enqueue(tx, {
        channel: 'email',
        recipient: owner.email,
        subject: t(lang, 'compliance:emailSubject', values),
        body: lines.join('\n\n'),
        userId: owner.id,
      });
    }
    const audience = new Set<number>();
    for (const each of touched)
      for (const userId of await usersWhoSee(tx, each.customerId)) audience.add(userId);
    return { state, audience: [...audience] };
  });

  for (const userId of outcome.audience)
    await deps.realtime.publish(userId, { type: 'VerificationChanged' });
  return {
    kind: input.kind,
    id: input.id,
    decision: input.decision,
    customerId: outcome.state.customerId,
    verified: outcome.state.verified,
    limited: outcome.state.limited,
    isNeedKyc: outcome.state.isNeedKyc,
  };
}
