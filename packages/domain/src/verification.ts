import { isBusinessCustomerType } from './constants';

/**
 * The account-status banner (spec 2 §3 "Account status banner values", §4 "Document status ids",
 * "Address states", "Customer verification states") as one pure derivation. Texts are not here:
 * the web maps each state to its translated title, description and details.
 */

/** Document status ids (spec 2 §4). */
export const DOCUMENT_STATUS = {
  submitted: 0,
  confirmed: 2,
  canceled: 4,
  deleted: 5,
  rejected: 26,
  underInvestigation: 31,
  expired: 38,
  pending: 41,
  nameMismatch: 64,
} as const;
export type DocumentStatusKey = keyof typeof DOCUMENT_STATUS;

/** Address states (spec 2 §4). */
export const ADDRESS_STATES = [
  'unconfirmed',
  'confirmed',
  'pending',
  'rejected',
  'nameMismatch',
] as const;
export type AddressState = (typeof ADDRESS_STATES)[number];

/** Document statuses (spec 2 §3), as the proof of residence carries them. */
export const PROOF_OF_RESIDENCE_STATUSES = [
  'validated',
  'pending',
  'none',
  'notRequired',
  'rejected',
  'expiredSoon',
] as const;
export type ProofOfResidenceStatus = (typeof PROOF_OF_RESIDENCE_STATUSES)[number];

export const IDENTITY_STATUSES = [
  'validated',
  'pending',
  'none',
  'rejected',
  'nameMismatch',
  'canceled',
] as const;
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number];

export const TAX_FORM_STATUSES = [
  'none',
  'validated',
  'pending',
  'rejected',
  'notRequired',
] as const;
export type TaxFormStatus = (typeof TAX_FORM_STATUSES)[number];

export const VIDEO_IDENTITY_STATUSES = ['none', 'pending', 'validated', 'rejected'] as const;
export type VideoIdentityStatus = (typeof VIDEO_IDENTITY_STATUSES)[number];

/** Limit reasons (spec 2 §4). */
export const LIMIT_REASONS = [
  'expiredDocuments',
  'unpaidInvoice',
  'sanctions',
  'adverseMedia',
  'accountInvestigation',
] as const;
export type LimitReason = (typeof LIMIT_REASONS)[number];

/** Customer verification states (spec 2 §4), which are also the banner values (spec 2 §3). */
export const VERIFICATION_STATES = [
  'checked',
  'limited',
  'processing',
  'verificationProcessing',
  'finalReview',
  'someCardDocumentRequired',
  'unverified',
  'duplicateDocuments',
  'duplicateDocumentsUploaded',
  'hasRequiredActions',
] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

/** The items the required-action count sums (spec 2 §4), in the order the spec lists them. */
export const REQUIRED_ACTIONS = [
  'taxForms',
  'address',
  'proofOfResidence',
  'identity',
  'phone',
  'videoIdentity',
] as const;
export type RequiredAction = (typeof REQUIRED_ACTIONS)[number];

export interface VerificationDocument {
  id: number;
  statusId: number;
  documentTypeId: number;
  categoryId: number;
  expiresDate: string | null;
}

/** What the server's getVerificationInfo returns for the acting customer. */
export interface VerificationInput {
  /** 0 personal, 1 old business, 2 business. */
  customerType: number;
  verified: boolean;
  limited: boolean;
  /** The acting user is a representative of the customer, not the owner. */
  isRepresentative: boolean;
  dueDiligenceLevel: number;
  /** Compliance is doing the final review. */
  finalReview: boolean;
  /** An identity verification run is in progress. */
  verificationInProgress: boolean;
  limitReasons: LimitReason[];
  /** Every document the limit asks for has been uploaded. */
  limitDocumentsUploaded: boolean;
  /** Only loaded for due diligence levels 1 and 4. */
  duplicateDocuments: null | { uploaded: boolean };
  documents: VerificationDocument[];
  address: null | {
    addressStatus: AddressState;
    isDocumentOutOfDate: boolean;
    isCardDocumentRequired: boolean;
    proofOfResidenceStatus: ProofOfResidenceStatus;
  };
  identity: null | { status: IdentityStatus; expiresDate: string | null };
  phones: { id: number; confirmed: boolean }[];
  taxForms: { status: TaxFormStatus };
  videoIdentity: { status: VideoIdentityStatus };
}

export type AccountStatusLink =
  '/profile' | '/limited-account' | '/unverified-account' | '/kyc' | null;

export interface AccountStatusBanner {
  state: VerificationState;
  requiredActionCount: number;
  requiredActions: RequiredAction[];
  limitReasons: LimitReason[];
  link: AccountStatusLink;
}

type StatusOf = { statusId: number };

const UNDER_REVIEW: ReadonlySet<number> = new Set([
  DOCUMENT_STATUS.submitted,
  DOCUMENT_STATUS.pending,
  DOCUMENT_STATUS.underInvestigation,
]);

/** Documents count as confirmed when all are confirmed (spec 2 §4); no documents are not confirmed ones. */
export function documentsConfirmed(documents: readonly StatusOf[]): boolean {
  return (
    documents.length > 0 && documents.every((doc) => doc.statusId === DOCUMENT_STATUS.confirmed)
  );
}

/** Documents count as under review when all are pending, submitted or under investigation (spec 2 §4). */
export function documentsUnderReview(documents: readonly StatusOf[]): boolean {
  return documents.length > 0 && documents.every((doc) => UNDER_REVIEW.has(doc.statusId));
}

/**
 * A representative needs action if any document status is not 1 or 2 (spec 2 §4). The company
 * documents screen uses this; the banner itself shows a representative "checked". Status 1 is not
 * among the document status ids the spec lists, but the rule names it, so it is kept.
 */
export function representativeNeedsAction(documents: readonly StatusOf[]): boolean {
  return documents.some((doc) => doc.statusId !== 1 && doc.statusId !== DOCUMENT_STATUS.confirmed);
}

/**
 * "Documents are uploaded" for an unverified customer (spec 2 §4): there is at least one document
 * and each one waits for compliance or is already confirmed. Canceled and deleted documents were
 * withdrawn, so they are left out; a rejected, expired or name-mismatch document asks the customer
 * to upload again, so it is not "uploaded". (Confirmed ones count: an identity confirmed while the
 * address document is still pending is a customer waiting, not one who has done nothing.)
 */
function hasUploadedDocuments(documents: readonly StatusOf[]): boolean {
  const current = documents.filter(
    (doc) => doc.statusId !== DOCUMENT_STATUS.canceled && doc.statusId !== DOCUMENT_STATUS.deleted,
  );
  return (
    current.length > 0 &&
    current.every(
      (doc) => doc.statusId === DOCUMENT_STATUS.confirmed || UNDER_REVIEW.has(doc.statusId),
    )
  );
}

/**
 * The items of the required-action count (spec 2 §4), each counted once:
 * tax forms none or rejected; address missing or out of date; proof of residence expiring soon,
 * none or rejected; identity name mismatch, rejected or canceled; a phone unconfirmed; video
 * identity rejected. Unconfirmed phones count once together: they are confirmed in one place of
 * the profile, and the count then equals the number of things listed for the customer to do.
 */
export function requiredActions(input: VerificationInput): RequiredAction[] {
  const needed: Record<RequiredAction, boolean> = {
    taxForms: input.taxForms.status === 'none' || input.taxForms.status === 'rejected',
    address: input.address === null || input.address.isDocumentOutOfDate,
    proofOfResidence:
      input.address !== null &&
      ['expiredSoon', 'none', 'rejected'].includes(input.address.proofOfResidenceStatus),
    identity:
      input.identity !== null &&
      ['nameMismatch', 'rejected', 'canceled'].includes(input.identity.status),
    phone: input.phones.some((phone) => !phone.confirmed),
    videoIdentity: input.videoIdentity.status === 'rejected',
  };
  return REQUIRED_ACTIONS.filter((action) => needed[action]);
}

/** Due diligence levels that load duplicate-document information (spec 2 §4). */
const DUPLICATE_CHECK_LEVELS: ReadonlySet<number> = new Set([1, 4]);

/**
 * The customer's verification state. The first rule that matches decides; the spec lists the
 * states but not their precedence, so the order is reasoned, most blocking first:
 */
export function verificationState(
  input: VerificationInput,
  actions: readonly RequiredAction[],
): VerificationState {
  // 1. "A representative is checked": the banner concerns the company, whose documents the owner
  //    handles; a representative can do nothing about them from here.
  if (input.isRepresentative) return 'checked';
  // 2. A limit restricts the money itself, whatever else is true, so it comes before any review
  //    state; once every limit document is uploaded the customer waits (processing).
  if (input.limited) return input.limitDocumentsUploaded ? 'processing' : 'limited';
  // 3. Duplicate documents hold verification up until the customer answers, so they come before the
  //    review states. Only levels 1 and 4 load this, so anything sent for other levels is ignored.
  if (DUPLICATE_CHECK_LEVELS.has(input.dueDiligenceLevel) && input.duplicateDocuments !== null) {
    return input.duplicateDocuments.uploaded ? 'duplicateDocumentsUploaded' : 'duplicateDocuments';
  }
  // 4. Final review is the last step of verification, after the documents and the identity run, so it
  //    outranks them; a business in final review already operates, so it is checked (spec 2 §4).
  if (input.finalReview)
    return isBusinessCustomerType(input.customerType) ? 'checked' : 'finalReview';
  // 5. An identity run in progress means the customer has done their part; it outranks "unverified".
  if (input.verificationInProgress) return 'verificationProcessing';
  // 6. "Unverified gives processing if documents are uploaded, else unverified."
  if (!input.verified) return hasUploadedDocuments(input.documents) ? 'processing' : 'unverified';
  // 7. A verified customer: a missing card document blocks a card, a named need more specific than
  //    the general count, so it comes first.
  if (input.address?.isCardDocumentRequired) return 'someCardDocumentRequired';
  // 8. Anything else to do on the profile.
  if (actions.length > 0) return 'hasRequiredActions';
  return 'checked';
}

/** Where the banner sends the customer to act, or null when there is nothing for them to do. */
function linkFor(state: VerificationState, input: VerificationInput): AccountStatusLink {
  switch (state) {
    case 'limited':
      return '/limited-account';
    case 'processing':
      // Processing after a limit is still a limited account: /unverified-account would send a
      // verified customer home, so the limited-account page explains it.
      return input.limited ? '/limited-account' : '/unverified-account';
    case 'unverified':
      return '/unverified-account';
    case 'duplicateDocuments':
    case 'duplicateDocumentsUploaded':
    case 'someCardDocumentRequired':
    case 'hasRequiredActions':
      return '/profile';
    // Waiting on compliance or the identity provider: nothing for the customer to do.
    case 'verificationProcessing':
    case 'finalReview':
    case 'checked':
      return null;
  }
}

/** The account-status banner for the acting customer. */
export function accountStatusBanner(input: VerificationInput): AccountStatusBanner {
  // A representative's banner is "checked" with nothing to do: the profile items are the owner's.
  const actions = input.isRepresentative ? [] : requiredActions(input);
  const state = verificationState(input, actions);
  return {
    state,
    requiredActionCount: actions.length,
    requiredActions: actions,
    // The reasons stay while the limit does, also once its documents are uploaded (processing).
    limitReasons: input.limited && !input.isRepresentative ? [...input.limitReasons] : [],
    link: linkFor(state, input),
  };
}
