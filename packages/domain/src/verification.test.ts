import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_STATUS,
  accountStatusBanner,
  documentsConfirmed,
  documentsUnderReview,
  representativeNeedsAction,
  type AccountStatusBanner,
  type RequiredAction,
  type VerificationInput,
} from './verification';

const doc = (statusId: number, id = 1) => ({
  id,
  statusId,
  documentTypeId: 1,
  categoryId: 1,
  expiresDate: null,
});

/** A verified personal customer with nothing to do: checked. */
const base: VerificationInput = {
  customerType: 0,
  verified: true,
  limited: false,
  isRepresentative: false,
  dueDiligenceLevel: 2,
  finalReview: false,
  verificationInProgress: false,
  limitReasons: [],
  limitDocumentsUploaded: false,
  duplicateDocuments: null,
  documents: [doc(2, 1), doc(2, 2)],
  address: {
    addressStatus: 'confirmed',
    isDocumentOutOfDate: false,
    isCardDocumentRequired: false,
    proofOfResidenceStatus: 'validated',
  },
  identity: { status: 'validated', expiresDate: '2031-05-01' },
  phones: [{ id: 1, confirmed: true }],
  taxForms: { status: 'validated' },
  videoIdentity: { status: 'validated' },
};
const given = (changes: Partial<VerificationInput>): VerificationInput => ({ ...base, ...changes });
const unverified = (changes: Partial<VerificationInput> = {}) =>
  given({ verified: false, documents: [], ...changes });
const withAddress = (changes: Partial<NonNullable<VerificationInput['address']>>) =>
  given({ address: { ...base.address!, ...changes } });

const banner = (
  state: AccountStatusBanner['state'],
  link: AccountStatusBanner['link'],
  rest: Partial<AccountStatusBanner> = {},
): AccountStatusBanner => ({
  state,
  link,
  requiredActionCount: 0,
  requiredActions: [],
  limitReasons: [],
  ...rest,
});

describe('account status banner: every verification state (spec 2 §4)', () => {
  it.each<[string, VerificationInput, AccountStatusBanner]>([
    ['a verified customer with nothing to do is checked', base, banner('checked', null)],
    [
      'a representative is checked, whatever the customer’s state',
      given({
        isRepresentative: true,
        limited: true,
        verified: false,
        limitReasons: ['sanctions'],
        taxForms: { status: 'none' },
      }),
      banner('checked', null),
    ],
    [
      'limited, limit documents not all uploaded: limited with its reasons',
      given({ limited: true, limitReasons: ['expiredDocuments', 'unpaidInvoice'] }),
      banner('limited', '/limited-account', {
        limitReasons: ['expiredDocuments', 'unpaidInvoice'],
      }),
    ],
    [
      'limited, all limit documents uploaded: processing, still explained on the limited-account page',
      given({ limited: true, limitDocumentsUploaded: true, limitReasons: ['adverseMedia'] }),
      banner('processing', '/limited-account', { limitReasons: ['adverseMedia'] }),
    ],
    [
      'duplicate documents not uploaded (due diligence level 1)',
      given({ dueDiligenceLevel: 1, duplicateDocuments: { uploaded: false } }),
      banner('duplicateDocuments', '/profile'),
    ],
    [
      'duplicate documents uploaded (due diligence level 4)',
      given({ dueDiligenceLevel: 4, duplicateDocuments: { uploaded: true } }),
      banner('duplicateDocumentsUploaded', '/profile'),
    ],
    [
      'duplicate documents are ignored for other due diligence levels',
      given({ dueDiligenceLevel: 2, duplicateDocuments: { uploaded: false } }),
      banner('checked', null),
    ],
    [
      'a personal customer in final review',
      given({ finalReview: true, verified: false }),
      banner('finalReview', null),
    ],
    [
      'a business in final review is checked',
      given({ finalReview: true, customerType: 2 }),
      banner('checked', null),
    ],
    [
      'an old business (type 1) in final review is checked',
      given({ finalReview: true, customerType: 1 }),
      banner('checked', null),
    ],
    [
      'an identity verification run in progress: verification processing',
      unverified({ verificationInProgress: true }),
      banner('verificationProcessing', null),
    ],
    ['unverified without documents', unverified(), banner('unverified', '/unverified-account')],
    [
      'unverified with documents submitted, pending or under investigation: processing',
      unverified({ documents: [doc(0, 1), doc(41, 2), doc(31, 3)] }),
      banner('processing', '/unverified-account'),
    ],
    [
      'unverified with some documents confirmed and the rest pending: processing',
      unverified({ documents: [doc(2, 1), doc(41, 2)] }),
      banner('processing', '/unverified-account'),
    ],
    [
      'unverified with a rejected document: unverified (upload again)',
      unverified({ documents: [doc(41, 1), doc(26, 2)] }),
      banner('unverified', '/unverified-account'),
    ],
    [
      'unverified with an expired document: unverified',
      unverified({ documents: [doc(38, 1)] }),
      banner('unverified', '/unverified-account'),
    ],
    [
      'unverified with a name-mismatch document: unverified',
      unverified({ documents: [doc(64, 1), doc(41, 2)] }),
      banner('unverified', '/unverified-account'),
    ],
    [
      'unverified: canceled and deleted documents are left out',
      unverified({ documents: [doc(4, 1), doc(5, 2), doc(41, 3)] }),
      banner('processing', '/unverified-account'),
    ],
    [
      'unverified with only canceled and deleted documents: unverified',
      unverified({ documents: [doc(4, 1), doc(5, 2)] }),
      banner('unverified', '/unverified-account'),
    ],
    [
      'a card document required: some card document required',
      withAddress({ isCardDocumentRequired: true }),
      banner('someCardDocumentRequired', '/profile'),
    ],
    [
      'required actions: has required actions with their count',
      given({ taxForms: { status: 'none' }, phones: [{ id: 1, confirmed: false }] }),
      banner('hasRequiredActions', '/profile', {
        requiredActionCount: 2,
        requiredActions: ['taxForms', 'phone'],
      }),
    ],
  ])('%s', (_name, input, expected) => {
    expect(accountStatusBanner(input)).toEqual(expected);
  });
});

describe('account status banner: which state wins', () => {
  it.each<[string, VerificationInput, AccountStatusBanner['state']]>([
    ['representative before limited', given({ isRepresentative: true, limited: true }), 'checked'],
    [
      'limited before duplicate documents',
      given({ limited: true, dueDiligenceLevel: 1, duplicateDocuments: { uploaded: false } }),
      'limited',
    ],
    [
      'duplicate documents before final review',
      given({ dueDiligenceLevel: 1, duplicateDocuments: { uploaded: false }, finalReview: true }),
      'duplicateDocuments',
    ],
    [
      'final review before verification processing',
      given({ finalReview: true, verificationInProgress: true }),
      'finalReview',
    ],
    [
      'a business in final review is checked even while unverified',
      given({ finalReview: true, customerType: 2, verified: false }),
      'checked',
    ],
    [
      'verification processing before unverified',
      unverified({ verificationInProgress: true }),
      'verificationProcessing',
    ],
    [
      'verification processing also for a verified customer being re-checked',
      given({ verificationInProgress: true, taxForms: { status: 'none' } }),
      'verificationProcessing',
    ],
    [
      'unverified before a card document or required actions',
      unverified({
        address: { ...base.address!, isCardDocumentRequired: true },
        taxForms: { status: 'rejected' },
      }),
      'unverified',
    ],
    [
      'some card document required before required actions',
      given({
        address: { ...base.address!, isCardDocumentRequired: true },
        taxForms: { status: 'rejected' },
      }),
      'someCardDocumentRequired',
    ],
  ])('%s', (_name, input, state) => {
    expect(accountStatusBanner(input).state).toBe(state);
  });

  it('counts required actions whatever the state, except for a representative', () => {
    const needs = { taxForms: { status: 'none' as const } };
    expect(accountStatusBanner(unverified(needs))).toMatchObject({
      state: 'unverified',
      requiredActionCount: 1,
    });
    expect(accountStatusBanner(given({ ...needs, limited: true }))).toMatchObject({
      state: 'limited',
      requiredActions: ['taxForms'],
    });
    expect(accountStatusBanner(given({ ...needs, isRepresentative: true }))).toMatchObject({
      requiredActionCount: 0,
      requiredActions: [],
    });
  });

  it('names limit reasons only while the customer is limited', () => {
    expect(accountStatusBanner(given({ limitReasons: ['sanctions'] })).limitReasons).toEqual([]);
    expect(
      accountStatusBanner(
        given({ limited: true, limitReasons: ['sanctions', 'accountInvestigation'] }),
      ).limitReasons,
    ).toEqual(['sanctions', 'accountInvestigation']);
  });
});

describe('required-action count (spec 2 §4): each item the spec lists', () => {
  it.each<[string, VerificationInput, RequiredAction[]]>([
    ['tax forms none', given({ taxForms: { status: 'none' } }), ['taxForms']],
    ['tax forms rejected', given({ taxForms: { status: 'rejected' } }), ['taxForms']],
    ['tax forms pending: nothing to do', given({ taxForms: { status: 'pending' } }), []],
    ['tax forms not required: nothing to do', given({ taxForms: { status: 'notRequired' } }), []],
    ['address missing', given({ address: null }), ['address']],
    ['address out of date', withAddress({ isDocumentOutOfDate: true }), ['address']],
    ['address pending: nothing to do', withAddress({ addressStatus: 'pending' }), []],
    [
      'proof of residence expiring soon',
      withAddress({ proofOfResidenceStatus: 'expiredSoon' }),
      ['proofOfResidence'],
    ],
    [
      'proof of residence none',
      withAddress({ proofOfResidenceStatus: 'none' }),
      ['proofOfResidence'],
    ],
    [
      'proof of residence rejected',
      withAddress({ proofOfResidenceStatus: 'rejected' }),
      ['proofOfResidence'],
    ],
    [
      'proof of residence pending: nothing to do',
      withAddress({ proofOfResidenceStatus: 'pending' }),
      [],
    ],
    [
      'proof of residence not required: nothing to do',
      withAddress({ proofOfResidenceStatus: 'notRequired' }),
      [],
    ],
    [
      'identity name mismatch',
      given({ identity: { status: 'nameMismatch', expiresDate: null } }),
      ['identity'],
    ],
    [
      'identity rejected',
      given({ identity: { status: 'rejected', expiresDate: null } }),
      ['identity'],
    ],
    [
      'identity canceled',
      given({ identity: { status: 'canceled', expiresDate: null } }),
      ['identity'],
    ],
    [
      'identity pending: nothing to do',
      given({ identity: { status: 'pending', expiresDate: null } }),
      [],
    ],
    ['no identity record: not one of the items', given({ identity: null }), []],
    [
      'a phone unconfirmed',
      given({
        phones: [
          { id: 1, confirmed: true },
          { id: 2, confirmed: false },
        ],
      }),
      ['phone'],
    ],
    [
      'several phones unconfirmed count once',
      given({
        phones: [
          { id: 1, confirmed: false },
          { id: 2, confirmed: false },
        ],
      }),
      ['phone'],
    ],
    ['no phones: nothing to confirm', given({ phones: [] }), []],
    [
      'video identity rejected',
      given({ videoIdentity: { status: 'rejected' } }),
      ['videoIdentity'],
    ],
    ['video identity none: nothing to do', given({ videoIdentity: { status: 'none' } }), []],
    [
      'all six together, in the spec’s order',
      given({
        taxForms: { status: 'rejected' },
        address: { ...base.address!, isDocumentOutOfDate: true, proofOfResidenceStatus: 'none' },
        identity: { status: 'canceled', expiresDate: null },
        phones: [{ id: 1, confirmed: false }],
        videoIdentity: { status: 'rejected' },
      }),
      ['taxForms', 'address', 'proofOfResidence', 'identity', 'phone', 'videoIdentity'],
    ],
  ])('%s', (_name, input, actions) => {
    const result = accountStatusBanner(input);
    expect(result.requiredActions).toEqual(actions);
    expect(result.requiredActionCount).toBe(actions.length);
    expect(result.state).toBe(actions.length > 0 ? 'hasRequiredActions' : 'checked');
  });
});

describe('document status rules (spec 2 §4 "Document status ids")', () => {
  const all = Object.values(DOCUMENT_STATUS);

  it.each(all)('status %i alone is confirmed only when it is 2', (statusId) => {
    expect(documentsConfirmed([doc(statusId)])).toBe(statusId === 2);
  });

  it.each(all)('status %i alone is under review only when it is 0, 41 or 31', (statusId) => {
    expect(documentsUnderReview([doc(statusId)])).toBe([0, 41, 31].includes(statusId));
  });

  it('needs all documents confirmed', () => {
    expect(documentsConfirmed([doc(2, 1), doc(2, 2)])).toBe(true);
    expect(documentsConfirmed([doc(2, 1), doc(41, 2)])).toBe(false);
  });

  it('needs all documents under review', () => {
    expect(documentsUnderReview([doc(0, 1), doc(41, 2), doc(31, 3)])).toBe(true);
    expect(documentsUnderReview([doc(41, 1), doc(2, 2)])).toBe(false);
  });

  it('counts no documents as neither confirmed nor under review', () => {
    expect(documentsConfirmed([])).toBe(false);
    expect(documentsUnderReview([])).toBe(false);
  });

  it.each<[number[], boolean]>([
    [[2, 2], false],
    [[1, 2], false],
    [[2, 41], true],
    [[26], true],
    [[0], true],
    [[], false],
  ])('a representative with document statuses %j needs action: %s', (statuses, needs) => {
    expect(representativeNeedsAction(statuses.map((statusId, index) => doc(statusId, index)))).toBe(
      needs,
    );
  });
});
