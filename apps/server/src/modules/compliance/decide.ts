import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { complianceMethods } from '@ledgerline/contract';
import { getBrand, isBrandId } from '@ledgerline/domain/brands';
import {
  DOCUMENT_CATEGORY,
  DOCUMENT_QUEUE_STATUS,
  IDENTITY_QUEUE_STATUS,
  REVIEW_QUEUE_STATES,
  documentStatusAfter,
  identityStatusAfter,
  isExpiredOn,
  type ReviewDecision,
  type ReviewItemKind,
  type ReviewReasonCode,
} from '@ledgerline/domain/compliance-review';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@ledgerline/domain/languages';
import type { Database, Tx } from '../../db/client';
import {
  customerAccess,
  customerAddresses,
  customerDocuments,
  customerIdentities,
  customerVerification,
  customers,
  users,
} from '../../db/schema';
import { t } from '../../i18n/translate';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import type { Mailer } from '../notifications';
import type { RealtimeHub } from '../realtime';
import { refuseOwnCase, requireAdmin } from './desk-access';
import { recomputeVerification, type RecomputedState } from './recompute';

type DecisionInput = z.output<(typeof complianceMethods)['decideComplianceItem']['request']>;

export interface DeskDeps {
  db: Database;
  mailer: Mailer;
  realtime: RealtimeHub;
}

const WAITING_DOCUMENT_STATUSES = REVIEW_QUEUE_STATES.map((state) => DOCUMENT_QUEUE_STATUS[state]);
/** Address proof statuses a proof-of-address decision leaves (spec 2 §3 document statuses, §4 address states). */
const ADDRESS_AFTER: Record<
  Exclude<ReviewDecision, 'reassign'>,
  { proof: string; state: string }
> = {
  approve: { proof: 'validated', state: 'confirmed' },
  reject: { proof: 'rejected', state: 'rejected' },
  nameMismatch: { proof: 'rejected', state: 'nameMismatch' },
  requestAnother: { proof: 'none', state: 'pending' },
};

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

/** A proof of address decided: the address waiting for it follows (the document names no address yet). */
async function settleAddressProof(
  tx: Tx,
  customerId: number,
  decision: Exclude<ReviewDecision, 'reassign'>,
): Promise<void> {
  // TODO(issue 14, docs helper): once documents name their addressId, settle that address only.
  const waiting = await tx
    .select()
    .from(customerAddresses)
    .where(
      and(
        eq(customerAddresses.customerId, customerId),
        eq(customerAddresses.requiresDocument, true),
        inArray(customerAddresses.proofOfResidenceStatus, ['none', 'pending', 'rejected']),
      ),
    );
  const after = ADDRESS_AFTER[decision];
  for (const address of waiting) {
    // An address the customer has not confirmed yet keeps waiting for them; only its proof moves.
    const confirmedByCustomer = address.addressStatus !== 'unconfirmed';
    await tx
      .update(customerAddresses)
      .set({
        proofOfResidenceStatus: after.proof,
        ...(confirmedByCustomer
          ? {
              addressStatus: after.state,
              ...(decision === 'approve' ? { replacesAddressId: null } : {}),
            }
          : {}),
      })
      .where(eq(customerAddresses.id, address.id));
    if (decision === 'approve' && confirmedByCustomer && address.replacesAddressId !== null) {
      await tx
        .delete(customerAddresses)
        .where(
          and(
            eq(customerAddresses.id, address.replacesAddressId),
            eq(customerAddresses.customerId, customerId),
          ),
        );
    }
  }
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
      categoryId: row.categoryId,
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
    let newStatus: string | number = item.status;

    if (input.decision === 'reassign') {
      const targetId = input.targetCustomerId as number;
      const [source] = await tx
        .select({ brandId: customers.brandId })
        .from(customers)
        .where(eq(customers.id, item.customerId));
      const [target] = await tx
        .select({ id: customers.id, brandId: customers.brandId })
        .from(customers)
        .where(eq(customers.id, targetId));
      // Another brand's customer is "not found", as any object the caller may not touch.
      if (!target || target.brandId !== source?.brandId || target.id === item.customerId)
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
        await tx
          .update(customerDocuments)
          .set({ statusId: newStatus, rejectReason })
          .where(eq(customerDocuments.id, input.id));
        if (item.categoryId === DOCUMENT_CATEGORY.proofOfAddress)
          await settleAddressProof(tx, item.customerId, decision);
      } else {
        newStatus = identityStatusAfter(decision);
        await tx
          .update(customerIdentities)
          .set({ status: newStatus, rejectReason })
          .where(eq(customerIdentities.id, input.id));
        // The provider's run is over once compliance has decided on its result.
        await tx
          .update(customerVerification)
          .set({ verificationInProgress: false, updatedAt: new Date() })
          .where(eq(customerVerification.customerId, item.customerId));
      }
      touched.push(await recomputeVerification(tx, item.customerId));
    }

    const [state] = touched;
    if (!state) throw new Error('compliance: no recomputed state');
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

    if (owner && input.decision !== 'reassign') {
      const [customer] = await tx
        .select({ brandId: customers.brandId })
        .from(customers)
        .where(eq(customers.id, item.customerId));
      const brand = getBrand(isBrandId(customer?.brandId) ? customer.brandId : 'pebble');
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
