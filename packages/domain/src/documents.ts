import {
  documentCategoryId,
  isDocumentTypeOfferedIn,
  needsAdditionalDocument,
} from './dictionaries/documents';
import {
  DOCUMENT_STATUS,
  documentsUnderReview,
  type AccountStatusBanner,
  type ProofOfResidenceStatus,
  type VerificationInput,
} from './verification';

/*
 * Rules of uploaded documents (spec 2 §3 "Document upload", §4 "Document status ids", §5 "Documents
 * whose type needs a front page…", §9 "File sizes use 1000-based units"). Pure: the server checks
 * every upload with these, the web uses the same ones to hint before it sends.
 */

/** The three files of one upload, as the multipart parts are named (spec 2 §3). */
export const DOCUMENT_PARTS = [
  'mainDocument',
  'relationshipDocument',
  'additionalDocument',
] as const;
export type DocumentPart = (typeof DOCUMENT_PARTS)[number];

/** The file kinds a document may be, told by content (magic bytes), never by name or declared type. */
export const DOCUMENT_FILE_KINDS = ['pdf', 'jpeg', 'png', 'heic'] as const;
export type DocumentFileKind = (typeof DOCUMENT_FILE_KINDS)[number];

export const DOCUMENT_FILE_MIME: Readonly<Record<DocumentFileKind, string>> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  heic: 'image/heic',
};

/** 10 MB per file, counted in 1000-based units as the spec shows file sizes (spec 2 §9). */
export const DOCUMENT_MAX_BYTES = 10_000_000;

/** What the file picker offers; a hint only, the server reads the content. */
export const DOCUMENT_ACCEPT =
  '.pdf,.jpg,.jpeg,.png,.heic,application/pdf,image/jpeg,image/png,image/heic';

/** Days before expiry from which a document counts as "expiring soon" (our choice; the spec names the status only). */
export const EXPIRING_SOON_DAYS = 30;

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/** HEIF brands of HEIC/HEIF still images (ISO/IEC 23008-12). */
const HEIC_BRANDS = ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'];

/** The kind of a file from its first bytes, or null when it is none we accept. */
export function detectDocumentFileKind(bytes: Uint8Array): DocumentFileKind | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // ISO base media: a box size, then 'ftyp' and the major brand.
  if (bytes.length >= 12 && startsWith(bytes, ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...bytes.slice(8, 12));
    if (HEIC_BRANDS.includes(brand)) return 'heic';
  }
  return null;
}

/**
 * Whether a PDF is password protected: its trailer names an /Encrypt dictionary. Read from the
 * bytes as text; an encrypted PDF keeps its trailer and cross-reference keys readable.
 */
export function isEncryptedPdf(bytes: Uint8Array): boolean {
  return /\/Encrypt\s/.test(new TextDecoder('latin1').decode(bytes));
}

/** Why one upload is refused before anything is stored; the key of the field it concerns. */
export type UploadRuleViolation =
  | { field: 'documentTypeId'; reason: 'documentTypeNotInCategory' | 'documentTypeNotOffered' }
  | {
      field: 'additionalDocument';
      reason: 'additionalDocumentRequired' | 'additionalDocumentNotExpected';
    }
  | { field: 'relationshipDocument'; reason: 'relationshipDocumentTypeRequired' }
  | { field: 'expiresDate'; reason: 'expiresBeforeIssued' | 'documentExpired' };

export interface UploadFacts {
  documentTypeId: number;
  /** The category's document type ids (from the dictionary). */
  categoryTypeIds: readonly number[];
  countryCode: string;
  hasAdditionalDocument: boolean;
  hasRelationshipDocument: boolean;
  relationshipDocumentTypeId: number | undefined;
  issuedDate: string | undefined;
  expiresDate: string | undefined;
  /** Today as YYYY-MM-DD. */
  today: string;
}

/**
 * The rules of spec 2 §5 for one upload: the type belongs to the category and is offered in the
 * country (88 only in RU and UA); types 4, 5 and 88 come with an additional document and no other
 * type does; a relationship document names its type; the dates make sense and are not past.
 */
export function uploadRuleViolations(facts: UploadFacts): UploadRuleViolation[] {
  const out: UploadRuleViolation[] = [];
  if (!facts.categoryTypeIds.includes(facts.documentTypeId)) {
    out.push({ field: 'documentTypeId', reason: 'documentTypeNotInCategory' });
  } else if (!isDocumentTypeOfferedIn(facts.documentTypeId, facts.countryCode)) {
    out.push({ field: 'documentTypeId', reason: 'documentTypeNotOffered' });
  }
  const needsAdditional = needsAdditionalDocument(facts.documentTypeId);
  if (needsAdditional && !facts.hasAdditionalDocument)
    out.push({ field: 'additionalDocument', reason: 'additionalDocumentRequired' });
  if (!needsAdditional && facts.hasAdditionalDocument)
    out.push({ field: 'additionalDocument', reason: 'additionalDocumentNotExpected' });
  if (facts.hasRelationshipDocument && facts.relationshipDocumentTypeId === undefined)
    out.push({ field: 'relationshipDocument', reason: 'relationshipDocumentTypeRequired' });
  if (facts.expiresDate !== undefined) {
    if (facts.issuedDate !== undefined && facts.expiresDate < facts.issuedDate)
      out.push({ field: 'expiresDate', reason: 'expiresBeforeIssued' });
    else if (facts.expiresDate < facts.today)
      out.push({ field: 'expiresDate', reason: 'documentExpired' });
  }
  return out;
}

/** YYYY-MM-DD plus a number of days (UTC calendar days). */
export function addCalendarDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

export type ExpiryState = 'noExpiry' | 'valid' | 'expiringSoon' | 'expired';

/** A document expires at the end of its expiry date; "soon" is within EXPIRING_SOON_DAYS of it. */
export function expiryState(expiresDate: string | null, today: string): ExpiryState {
  if (expiresDate === null) return 'noExpiry';
  if (expiresDate < today) return 'expired';
  if (expiresDate <= addCalendarDays(today, EXPIRING_SOON_DAYS)) return 'expiringSoon';
  return 'valid';
}

/** A customer may withdraw a document only while nobody has decided on it (submitted or pending). */
export function canCancelDocument(statusId: number): boolean {
  return statusId === DOCUMENT_STATUS.submitted || statusId === DOCUMENT_STATUS.pending;
}

/** Statuses after which the customer has to upload again (the upload "offers re-upload"). */
export function needsReupload(statusId: number): boolean {
  return (
    statusId === DOCUMENT_STATUS.rejected ||
    statusId === DOCUMENT_STATUS.expired ||
    statusId === DOCUMENT_STATUS.nameMismatch
  );
}

/** What isReplaced needs of a document (the wire's UploadedDocument has these). */
export interface ReplaceableDocument {
  id: number;
  statusId: number;
  /** When it was uploaded (ISO time). */
  uploaded: string;
  categoryId: number;
  addressId: number | null;
}

const STANDING_STATUSES: readonly number[] = [
  DOCUMENT_STATUS.submitted,
  DOCUMENT_STATUS.pending,
  DOCUMENT_STATUS.underInvestigation,
  DOCUMENT_STATUS.confirmed,
];

/**
 * Whether a document that asked for a new upload (rejected, expired, name mismatch) already has
 * one: a newer document of the same category (and the same address, for a proof of address)
 * that is in review or confirmed. Then the old one does not offer another upload.
 */
export function isReplaced(
  document: ReplaceableDocument,
  documents: readonly ReplaceableDocument[],
): boolean {
  if (!needsReupload(document.statusId)) return false;
  return documents.some(
    (other) =>
      other.id !== document.id &&
      other.categoryId === document.categoryId &&
      (document.addressId === null ||
        other.addressId === null ||
        other.addressId === document.addressId) &&
      STANDING_STATUSES.includes(other.statusId) &&
      (other.uploaded > document.uploaded ||
        (other.uploaded === document.uploaded && other.id > document.id)),
  );
}

/**
 * The proof-of-residence status (spec 2 §3 "Document statuses") of the current address from its
 * proof-of-address documents, newest last: the newest one not withdrawn decides. Confirmed is
 * "validated" unless it expires soon; confirmed but past its date is "none" again (nothing valid).
 */
export function proofOfResidenceStatus(
  documents: readonly { statusId: number; expiresDate: string | null }[],
  today: string,
  required: boolean,
): ProofOfResidenceStatus {
  const current = documents.filter(
    (doc) => doc.statusId !== DOCUMENT_STATUS.canceled && doc.statusId !== DOCUMENT_STATUS.deleted,
  );
  const newest = current.at(-1);
  if (!newest) return required ? 'none' : 'notRequired';
  if (newest.statusId === DOCUMENT_STATUS.confirmed) {
    const expiry = expiryState(newest.expiresDate, today);
    if (expiry === 'expired') return 'none';
    return expiry === 'expiringSoon' ? 'expiredSoon' : 'validated';
  }
  if (documentsUnderReview([newest])) return 'pending';
  // An expired proof leaves nothing valid: "none" (the address is out of date), not a rejection.
  if (newest.statusId === DOCUMENT_STATUS.expired) return 'none';
  return 'rejected';
}

/** Reasons compliance gives for a rejection: codes, so the customer reads them in their language. */
export const DOCUMENT_REJECT_REASONS = [
  'unreadable',
  'expired',
  'wrongType',
  'incomplete',
  'nameMismatch',
  'addressMismatch',
  'edited',
] as const;
export type DocumentRejectReason = (typeof DOCUMENT_REJECT_REASONS)[number];

export function isDocumentRejectReason(value: string | null): value is DocumentRejectReason {
  return value !== null && (DOCUMENT_REJECT_REASONS as readonly string[]).includes(value);
}

/** The items of the /kyc page, in the order the customer does them. */
export const KYC_ITEMS = [
  'identity',
  'proofOfAddress',
  'renewedDocuments',
  'companyDocuments',
  'representatives',
  'phone',
  'taxForms',
] as const;
export type KycItem = (typeof KYC_ITEMS)[number];

export type KycItemState = 'todo' | 'inReview' | 'done';

/** Categories whose documents belong to the company (business /kyc). */
export const COMPANY_DOCUMENT_CATEGORIES: readonly number[] = [
  documentCategoryId('BusinessRegistration'),
  documentCategoryId('BusinessAddress'),
  documentCategoryId('BusinessRegistrationAddress'),
  documentCategoryId('ControlDocument'),
  documentCategoryId('BusinessAdditionalDocument'),
];
export const PROOF_OF_ADDRESS_CATEGORY = documentCategoryId('ProofOfAddress');
export const PROOF_OF_IDENTITY_CATEGORY = documentCategoryId('ProofOfIdentity');

function stateOfDocuments(
  documents: readonly { statusId: number }[],
  isDone: boolean,
): KycItemState {
  if (isDone) return 'done';
  const current = documents.filter(
    (doc) => doc.statusId !== DOCUMENT_STATUS.canceled && doc.statusId !== DOCUMENT_STATUS.deleted,
  );
  const newest = current.at(-1);
  return newest !== undefined && documentsUnderReview([newest]) ? 'inReview' : 'todo';
}

export interface KycChecklistEntry {
  item: KycItem;
  state: KycItemState;
}

/**
 * What /kyc lists for the customer now, from the same facts as the banner (one derivation for
 * both): identity and proof of address always (done, in review or to do); renewed documents while
 * a limit asks for them; company documents and representatives for a business; phone and tax
 * forms when the required-action count names them.
 */
export function kycChecklist(
  input: VerificationInput,
  banner: AccountStatusBanner,
): KycChecklistEntry[] {
  const out: KycChecklistEntry[] = [];
  const identityDocuments = input.documents.filter(
    (doc) => doc.categoryId === PROOF_OF_IDENTITY_CATEGORY,
  );
  const identityDone = input.identity?.status === 'validated';
  const identityState: KycItemState = identityDone
    ? 'done'
    : input.verificationInProgress || input.identity?.status === 'pending'
      ? 'inReview'
      : stateOfDocuments(identityDocuments, false);
  out.push({ item: 'identity', state: identityState });

  const proof = input.address?.proofOfResidenceStatus ?? 'none';
  // Without an address on file (a new customer) the proof's own documents say where it stands.
  const proofDocuments = input.documents.filter(
    (doc) => doc.categoryId === PROOF_OF_ADDRESS_CATEGORY,
  );
  out.push({
    item: 'proofOfAddress',
    state:
      proof === 'validated' || proof === 'notRequired'
        ? 'done'
        : proof === 'pending'
          ? 'inReview'
          : input.address
            ? 'todo'
            : stateOfDocuments(
                proofDocuments,
                proofDocuments.at(-1)?.statusId === DOCUMENT_STATUS.confirmed,
              ),
  });

  if (banner.limitReasons.includes('expiredDocuments')) {
    out.push({
      item: 'renewedDocuments',
      state: input.limitDocumentsUploaded ? 'inReview' : 'todo',
    });
  }
  if (input.customerType !== 0) {
    const company = input.documents.filter((doc) =>
      COMPANY_DOCUMENT_CATEGORIES.includes(doc.categoryId),
    );
    out.push({
      item: 'companyDocuments',
      state: stateOfDocuments(
        company,
        company.length > 0 && company.every((doc) => doc.statusId === DOCUMENT_STATUS.confirmed),
      ),
    });
    out.push({ item: 'representatives', state: input.verified ? 'done' : 'todo' });
  }
  if (banner.requiredActions.includes('phone')) out.push({ item: 'phone', state: 'todo' });
  if (banner.requiredActions.includes('taxForms')) out.push({ item: 'taxForms', state: 'todo' });
  return out;
}
