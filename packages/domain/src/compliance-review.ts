import { isBusinessCustomerType } from './constants';
import { DOCUMENT_STATUS, type IdentityStatus } from './verification';

/*
 * The compliance review desk (issue 14): what an administrator decides about a submitted
 * document or an identity provider's result, what each decision does to the item, when the
 * customer counts as verified, and which transfer permission flags (spec 2 §6) verification
 * grants. Pure rules, used by the server's desk and shown by the web's.
 */

/** What waits on the desk: an uploaded document or an identity provider's result. */
export const REVIEW_ITEM_KINDS = ['document', 'identity'] as const;
export type ReviewItemKind = (typeof REVIEW_ITEM_KINDS)[number];

/** The states of an item still waiting for a decision (documents: spec 2 §4 ids 0, 41, 31). */
export const REVIEW_QUEUE_STATES = ['submitted', 'pending', 'underInvestigation'] as const;
export type ReviewQueueState = (typeof REVIEW_QUEUE_STATES)[number];

export const DOCUMENT_QUEUE_STATUS: Record<ReviewQueueState, number> = {
  submitted: DOCUMENT_STATUS.submitted,
  pending: DOCUMENT_STATUS.pending,
  underInvestigation: DOCUMENT_STATUS.underInvestigation,
};

/** An identity result waits in one state only: the provider answered and compliance has not. */
export const IDENTITY_QUEUE_STATUS: IdentityStatus = 'pending';

export const REVIEW_DECISIONS = [
  'approve',
  'reject',
  'nameMismatch',
  'requestAnother',
  'reassign',
] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** The fixed list of reasons a customer is told, in their language, when a document or identity is refused. */
export const REVIEW_REASON_CODES = [
  'unreadable',
  'expired',
  'incomplete',
  'wrongDocumentType',
  'detailsDoNotMatch',
  'suspectedAlteration',
  'other',
] as const;
export type ReviewReasonCode = (typeof REVIEW_REASON_CODES)[number];

/** Decisions that tell the customer why: they need a reason code. */
export function decisionNeedsReason(decision: ReviewDecision): boolean {
  return decision === 'reject' || decision === 'requestAnother';
}

/**
 * The document status a decision leaves (spec 2 §4 ids). "Request another document" cancels the
 * one on file (4) rather than rejecting it: nothing was wrong with it, the customer is asked for a
 * different one. Reassign moves the document and leaves it waiting, so it has no status here.
 */
export function documentStatusAfter(decision: Exclude<ReviewDecision, 'reassign'>): number {
  switch (decision) {
    case 'approve':
      return DOCUMENT_STATUS.confirmed;
    case 'reject':
      return DOCUMENT_STATUS.rejected;
    case 'nameMismatch':
      return DOCUMENT_STATUS.nameMismatch;
    case 'requestAnother':
      return DOCUMENT_STATUS.canceled;
  }
}

/** The identity status a decision leaves; the required-action count asks for a new identity after each but approve. */
export function identityStatusAfter(decision: Exclude<ReviewDecision, 'reassign'>): IdentityStatus {
  switch (decision) {
    case 'approve':
      return 'validated';
    case 'reject':
      return 'rejected';
    case 'nameMismatch':
      return 'nameMismatch';
    case 'requestAnother':
      return 'canceled';
  }
}

/**
 * An expired document or identity cannot be approved (spec 2 §4: status 38 expired): it is
 * rejected with the reason "expired" instead. Dates are ISO days (YYYY-MM-DD), compared as text.
 */
export function isExpiredOn(expiresDate: string | null, today: string): boolean {
  return expiresDate !== null && expiresDate < today;
}

/** Document categories (spec 2 §3 "Document categories 1 to 12") the verification rule names. */
export const DOCUMENT_CATEGORY = { proofOfIdentity: 1, proofOfAddress: 2 } as const;

export interface VerificationFacts {
  /** The latest identity result's status, null when there is none. */
  identityStatus: IdentityStatus | null;
  /** The customer's current documents (deleted ones left out). */
  documents: readonly { categoryId: number; statusId: number; createdAt: string }[];
  /** The customer's current address asks for a proof of address (a new or replaced address). */
  proofOfAddressRequired: boolean;
}

/** The latest document of each category: an older refused one does not hold back a newer confirmed one. */
function latestByCategory(documents: VerificationFacts['documents']) {
  const latest = new Map<number, VerificationFacts['documents'][number]>();
  for (const document of documents) {
    const seen = latest.get(document.categoryId);
    if (!seen || seen.createdAt <= document.createdAt) latest.set(document.categoryId, document);
  }
  return [...latest.values()];
}

/**
 * When verification completes (issue 14): the identity is validated (a provider result approved,
 * or else a confirmed proof-of-identity document), the latest document of every category the
 * customer uploaded is confirmed, and a proof of address is confirmed when the address asks for one.
 */
export function isVerificationComplete(facts: VerificationFacts): boolean {
  const latest = latestByCategory(
    facts.documents.filter(
      (doc) =>
        doc.statusId !== DOCUMENT_STATUS.canceled && doc.statusId !== DOCUMENT_STATUS.deleted,
    ),
  );
  const confirmed = (categoryId: number) =>
    latest.some(
      (doc) => doc.categoryId === categoryId && doc.statusId === DOCUMENT_STATUS.confirmed,
    );
  const identityValidated =
    facts.identityStatus === 'validated' ||
    (facts.identityStatus === null && confirmed(DOCUMENT_CATEGORY.proofOfIdentity));
  if (!identityValidated) return false;
  if (latest.some((doc) => doc.statusId !== DOCUMENT_STATUS.confirmed)) return false;
  return !facts.proofOfAddressRequired || confirmed(DOCUMENT_CATEGORY.proofOfAddress);
}

/** The permission groups of spec 2 §6 (TRANSFER_PERMISSION_GROUPS in the contract). */
export type PermissionGroup = 'ownAccount' | 'otherPerson' | 'mass' | 'funding';

/**
 * The transfer permission groups a customer's own users get when verification completes
 * (docs/decisions.md): a person pays between their own accounts, to other people and funds by
 * card; a business also sends mass payments. Every flag of a group is granted.
 */
export function verifiedPermissionGroups(customerType: number): PermissionGroup[] {
  return isBusinessCustomerType(customerType)
    ? ['ownAccount', 'otherPerson', 'mass', 'funding']
    : ['ownAccount', 'otherPerson', 'funding'];
}

/**
 * Whether a customer may move money out at all: verified and not limited (the limited banner's
 * "cannot send money"). Flags granted earlier stay stored but count for nothing meanwhile.
 */
export function mayMoveMoney(customer: { verified: boolean; limited: boolean }): boolean {
  return customer.verified && !customer.limited;
}
