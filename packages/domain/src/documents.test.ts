import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_MAX_BYTES,
  PROOF_OF_ADDRESS_CATEGORY,
  addCalendarDays,
  canCancelDocument,
  detectDocumentFileKind,
  expiryState,
  isEncryptedPdf,
  kycChecklist,
  isReplaced,
  needsReupload,
  proofOfResidenceStatus,
  uploadRuleViolations,
  type KycChecklistEntry,
  type UploadFacts,
} from './documents';
import { DOCUMENT_STATUS, accountStatusBanner, type VerificationInput } from './verification';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((value) =>
      typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value],
    ),
  );

describe('file kind by content (magic bytes)', () => {
  it.each<[string, Uint8Array, string | null]>([
    ['a PDF', bytes('%PDF-1.7\n'), 'pdf'],
    ['a JPEG', bytes(0xff, 0xd8, 0xff, 0xe0), 'jpeg'],
    ['a PNG', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a), 'png'],
    ['an HEIC photo', bytes(0, 0, 0, 24, 'ftypheic'), 'heic'],
    ['an HEIF image (mif1)', bytes(0, 0, 0, 24, 'ftypmif1'), 'heic'],
    ['an MP4 video (ftyp isom)', bytes(0, 0, 0, 24, 'ftypisom'), null],
    ['a GIF', bytes('GIF89a'), null],
    ['text', bytes('%PD not a pdf'), null],
    ['nothing', bytes(), null],
  ])('%s', (_name, content, kind) => {
    expect(detectDocumentFileKind(content)).toBe(kind);
  });

  it('tells an encrypted PDF by its trailer', () => {
    expect(isEncryptedPdf(bytes('%PDF-1.4\ntrailer << /Root 1 0 R /Encrypt 4 0 R >>'))).toBe(true);
    expect(isEncryptedPdf(bytes('%PDF-1.4\ntrailer << /Root 1 0 R >>'))).toBe(false);
  });

  it('counts 10 MB in 1000-based units (spec 2 §9)', () => {
    expect(DOCUMENT_MAX_BYTES).toBe(10_000_000);
  });
});

describe('upload rules (spec 2 §5)', () => {
  const base: UploadFacts = {
    documentTypeId: 6,
    categoryTypeIds: [4, 5, 6, 7, 88],
    countryCode: 'GB',
    hasAdditionalDocument: false,
    hasRelationshipDocument: false,
    relationshipDocumentTypeId: undefined,
    issuedDate: undefined,
    expiresDate: undefined,
    today: '2026-06-01',
  };

  it.each<[string, Partial<UploadFacts>, string[]]>([
    ['a plain type alone', {}, []],
    ['type 4 with its additional document', { documentTypeId: 4, hasAdditionalDocument: true }, []],
    ['type 4 alone', { documentTypeId: 4 }, ['additionalDocumentRequired']],
    ['type 5 alone', { documentTypeId: 5 }, ['additionalDocumentRequired']],
    [
      'type 88 in RU with its additional document',
      { documentTypeId: 88, countryCode: 'RU', hasAdditionalDocument: true },
      [],
    ],
    [
      'type 88 in UA with its additional document',
      { documentTypeId: 88, countryCode: 'UA', hasAdditionalDocument: true },
      [],
    ],
    [
      'type 88 in GB',
      { documentTypeId: 88, countryCode: 'GB', hasAdditionalDocument: true },
      ['documentTypeNotOffered'],
    ],
    [
      'type 88 in RU alone',
      { documentTypeId: 88, countryCode: 'RU' },
      ['additionalDocumentRequired'],
    ],
    [
      'an additional document for type 6',
      { hasAdditionalDocument: true },
      ['additionalDocumentNotExpected'],
    ],
    ['a type of another category', { documentTypeId: 1 }, ['documentTypeNotInCategory']],
    [
      'a relationship document without its type',
      { hasRelationshipDocument: true },
      ['relationshipDocumentTypeRequired'],
    ],
    [
      'a relationship document with its type',
      { hasRelationshipDocument: true, relationshipDocumentTypeId: 20 },
      [],
    ],
    [
      'expiry before issue',
      { issuedDate: '2026-01-02', expiresDate: '2026-01-01' },
      ['expiresBeforeIssued'],
    ],
    ['already expired', { expiresDate: '2026-05-31' }, ['documentExpired']],
    ['expiring today', { expiresDate: '2026-06-01' }, []],
  ])('%s', (_name, facts, reasons) => {
    expect(uploadRuleViolations({ ...base, ...facts }).map((item) => item.reason)).toEqual(reasons);
  });
});

describe('expiry and "expiring soon"', () => {
  it.each<[string | null, string]>([
    [null, 'noExpiry'],
    ['2026-05-31', 'expired'],
    ['2026-06-01', 'expiringSoon'],
    ['2026-07-01', 'expiringSoon'],
    ['2026-07-02', 'valid'],
  ])('a document expiring %s is %s on 2026-06-01', (expiresDate, state) => {
    expect(expiryState(expiresDate, '2026-06-01')).toBe(state);
  });

  it('adds calendar days across months and leap days', () => {
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('what a customer may do with a document by status (spec 2 §4)', () => {
  const all = Object.values(DOCUMENT_STATUS);
  it.each(all)('status %i: cancel only while submitted or pending', (statusId) => {
    expect(canCancelDocument(statusId)).toBe(statusId === 0 || statusId === 41);
  });
  it.each(all)('status %i: re-upload only when rejected, expired or name mismatch', (statusId) => {
    expect(needsReupload(statusId)).toBe([26, 38, 64].includes(statusId));
  });
});

describe('proof-of-residence status from the address documents', () => {
  const day = '2026-06-01';
  const doc = (statusId: number, expiresDate: string | null = null) => ({ statusId, expiresDate });
  it.each<[string, { statusId: number; expiresDate: string | null }[], boolean, string]>([
    ['none needed and none given', [], false, 'notRequired'],
    ['needed and none given', [], true, 'none'],
    ['submitted', [doc(0)], true, 'pending'],
    ['under investigation', [doc(31)], true, 'pending'],
    ['confirmed', [doc(2, '2027-01-01')], true, 'validated'],
    ['confirmed, expiring within 30 days', [doc(2, '2026-06-20')], true, 'expiredSoon'],
    ['confirmed but past its date', [doc(2, '2026-05-01')], true, 'none'],
    ['expired', [doc(38)], true, 'none'],
    ['rejected', [doc(26)], true, 'rejected'],
    ['name mismatch', [doc(64)], true, 'rejected'],
    ['rejected, then a new one submitted', [doc(26), doc(0)], true, 'pending'],
    ['a new one withdrawn after a confirmed one', [doc(2), doc(4)], true, 'validated'],
  ])('%s', (_name, documents, required, status) => {
    expect(proofOfResidenceStatus(documents, day, required)).toBe(status);
  });
});

describe('/kyc checklist from the verification facts', () => {
  const base: VerificationInput = {
    customerType: 0,
    verified: false,
    limited: false,
    isRepresentative: false,
    dueDiligenceLevel: 0,
    finalReview: false,
    verificationInProgress: false,
    limitReasons: [],
    limitDocumentsUploaded: false,
    duplicateDocuments: null,
    documents: [],
    address: {
      addressStatus: 'confirmed',
      isDocumentOutOfDate: false,
      isCardDocumentRequired: false,
      proofOfResidenceStatus: 'none',
    },
    identity: null,
    phones: [],
    taxForms: { status: 'validated' },
    videoIdentity: { status: 'none' },
  };
  const checklist = (input: Partial<VerificationInput>) => {
    const full = { ...base, ...input };
    return kycChecklist(full, accountStatusBanner(full));
  };

  it.each<[string, Partial<VerificationInput>, KycChecklistEntry[]]>([
    [
      'a new personal customer: identity and proof of address to do',
      {},
      [
        { item: 'identity', state: 'todo' },
        { item: 'proofOfAddress', state: 'todo' },
      ],
    ],
    [
      'identity run in progress, proof in review',
      {
        verificationInProgress: true,
        address: { ...base.address!, proofOfResidenceStatus: 'pending' },
      },
      [
        { item: 'identity', state: 'inReview' },
        { item: 'proofOfAddress', state: 'inReview' },
      ],
    ],
    [
      'an identity document uploaded (no provider run)',
      {
        documents: [{ id: 1, statusId: 0, documentTypeId: 1, categoryId: 1, expiresDate: null }],
      },
      [
        { item: 'identity', state: 'inReview' },
        { item: 'proofOfAddress', state: 'todo' },
      ],
    ],
    [
      'a new customer with no address on file: the proof uploaded is in review',
      {
        address: null,
        documents: [
          {
            id: 1,
            statusId: 0,
            documentTypeId: 20,
            categoryId: PROOF_OF_ADDRESS_CATEGORY,
            expiresDate: null,
          },
        ],
      },
      [
        { item: 'identity', state: 'todo' },
        { item: 'proofOfAddress', state: 'inReview' },
      ],
    ],
    [
      'a new customer with no address on file: the proof confirmed is done',
      {
        address: null,
        documents: [
          {
            id: 1,
            statusId: 2,
            documentTypeId: 20,
            categoryId: PROOF_OF_ADDRESS_CATEGORY,
            expiresDate: null,
          },
        ],
      },
      [
        { item: 'identity', state: 'todo' },
        { item: 'proofOfAddress', state: 'done' },
      ],
    ],
    [
      'verified, everything done',
      {
        verified: true,
        identity: { status: 'validated', expiresDate: null },
        address: { ...base.address!, proofOfResidenceStatus: 'validated' },
      },
      [
        { item: 'identity', state: 'done' },
        { item: 'proofOfAddress', state: 'done' },
      ],
    ],
    [
      'limited for expired documents, renewed one uploaded',
      {
        verified: true,
        limited: true,
        limitReasons: ['expiredDocuments'],
        limitDocumentsUploaded: true,
        identity: { status: 'validated', expiresDate: null },
        address: { ...base.address!, proofOfResidenceStatus: 'pending' },
      },
      [
        { item: 'identity', state: 'done' },
        { item: 'proofOfAddress', state: 'inReview' },
        { item: 'renewedDocuments', state: 'inReview' },
      ],
    ],
    [
      'a business: company documents and representatives too',
      {
        customerType: 2,
        documents: [{ id: 1, statusId: 2, documentTypeId: 13, categoryId: 4, expiresDate: null }],
      },
      [
        { item: 'identity', state: 'todo' },
        { item: 'proofOfAddress', state: 'todo' },
        { item: 'companyDocuments', state: 'done' },
        { item: 'representatives', state: 'todo' },
      ],
    ],
    [
      'an unconfirmed phone and missing tax forms (verified customer)',
      {
        verified: true,
        identity: { status: 'validated', expiresDate: null },
        address: { ...base.address!, proofOfResidenceStatus: 'validated' },
        phones: [{ id: 1, confirmed: false }],
        taxForms: { status: 'none' },
      },
      [
        { item: 'identity', state: 'done' },
        { item: 'proofOfAddress', state: 'done' },
        { item: 'phone', state: 'todo' },
        { item: 'taxForms', state: 'todo' },
      ],
    ],
  ])('%s', (_name, input, expected) => {
    expect(checklist(input)).toEqual(expected);
  });
});

describe('a document that asked for a new upload, once replaced', () => {
  const doc = (id: number, statusId: number, uploaded: string, extra = {}) => ({
    id,
    statusId,
    uploaded,
    categoryId: 2,
    addressId: 3,
    ...extra,
  });
  const expired = doc(1, DOCUMENT_STATUS.expired, '2025-01-01T10:00:00.000Z');
  it.each<[string, ReturnType<typeof doc>[], boolean]>([
    ['nothing newer', [expired], false],
    ['a newer one in review', [expired, doc(2, 0, '2026-11-20T10:00:00.000Z')], true],
    ['a newer confirmed one', [expired, doc(2, 2, '2026-11-20T10:00:00.000Z')], true],
    ['a newer one rejected too', [expired, doc(2, 26, '2026-11-20T10:00:00.000Z')], false],
    ['a newer one withdrawn', [expired, doc(2, 4, '2026-11-20T10:00:00.000Z')], false],
    ['an older one in review', [expired, doc(2, 0, '2024-11-20T10:00:00.000Z')], false],
    [
      'a newer one of another category',
      [expired, doc(2, 0, '2026-11-20T10:00:00.000Z', { categoryId: 1 })],
      false,
    ],
    [
      'a newer one for another address',
      [expired, doc(2, 0, '2026-11-20T10:00:00.000Z', { addressId: 9 })],
      false,
    ],
  ])('%s', (_name, documents, replaced) => {
    expect(isReplaced(expired, documents)).toBe(replaced);
  });

  it('never calls a document that needs nothing replaced', () => {
    const confirmed = doc(1, DOCUMENT_STATUS.confirmed, '2025-01-01T10:00:00.000Z');
    expect(isReplaced(confirmed, [confirmed, doc(2, 0, '2026-11-20T10:00:00.000Z')])).toBe(false);
  });
});
