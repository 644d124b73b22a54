import { describe, expect, it } from 'vitest';
import {
  decisionNeedsReason,
  documentStatusAfter,
  identityStatusAfter,
  isExpiredOn,
  isVerificationComplete,
  mayMoveMoney,
  verifiedPermissionGroups,
  type VerificationFacts,
} from './compliance-review';

const doc = (categoryId: number, statusId: number, createdAt = '2026-01-01 10:00:00+00') => ({
  categoryId,
  statusId,
  createdAt,
});

describe('isVerificationComplete', () => {
  const cases: [string, VerificationFacts, boolean][] = [
    ['nothing yet', { identityStatus: null, documents: [], proofOfAddressRequired: false }, false],
    [
      'a validated identity and nothing else asked',
      { identityStatus: 'validated', documents: [], proofOfAddressRequired: false },
      true,
    ],
    [
      'a validated identity but a document still waiting',
      { identityStatus: 'validated', documents: [doc(1, 0)], proofOfAddressRequired: false },
      false,
    ],
    [
      'a pending identity and a confirmed document',
      { identityStatus: 'pending', documents: [doc(1, 2)], proofOfAddressRequired: false },
      false,
    ],
    [
      'no identity result, a confirmed proof of identity',
      { identityStatus: null, documents: [doc(1, 2)], proofOfAddressRequired: false },
      true,
    ],
    [
      'a proof of address required and missing',
      { identityStatus: 'validated', documents: [doc(1, 2)], proofOfAddressRequired: true },
      false,
    ],
    [
      'a proof of address required and confirmed',
      {
        identityStatus: 'validated',
        documents: [doc(1, 2), doc(2, 2)],
        proofOfAddressRequired: true,
      },
      true,
    ],
    [
      'an older rejected document replaced by a confirmed one',
      {
        identityStatus: 'validated',
        documents: [doc(1, 26, '2026-01-01 10:00:00+00'), doc(1, 2, '2026-02-01 10:00:00+00')],
        proofOfAddressRequired: false,
      },
      true,
    ],
    [
      'a newer rejected document after a confirmed one',
      {
        identityStatus: 'validated',
        documents: [doc(1, 2, '2026-01-01 10:00:00+00'), doc(1, 26, '2026-02-01 10:00:00+00')],
        proofOfAddressRequired: false,
      },
      false,
    ],
    [
      'a canceled document (another one requested) is left out',
      { identityStatus: 'validated', documents: [doc(5, 4)], proofOfAddressRequired: false },
      true,
    ],
  ];
  it.each(cases)('%s', (_name, facts, expected) => {
    expect(isVerificationComplete(facts)).toBe(expected);
  });
});

describe('decisions', () => {
  it('maps each decision to the document status id and identity status it leaves', () => {
    expect(documentStatusAfter('approve')).toBe(2);
    expect(documentStatusAfter('reject')).toBe(26);
    expect(documentStatusAfter('nameMismatch')).toBe(64);
    expect(documentStatusAfter('requestAnother')).toBe(4);
    expect(identityStatusAfter('approve')).toBe('validated');
    expect(identityStatusAfter('reject')).toBe('rejected');
    expect(identityStatusAfter('nameMismatch')).toBe('nameMismatch');
    expect(identityStatusAfter('requestAnother')).toBe('canceled');
  });

  it('asks for a reason when the customer is told why', () => {
    expect(decisionNeedsReason('reject')).toBe(true);
    expect(decisionNeedsReason('requestAnother')).toBe(true);
    expect(decisionNeedsReason('approve')).toBe(false);
    expect(decisionNeedsReason('nameMismatch')).toBe(false);
  });
});

describe('expiry', () => {
  it('counts a document expired from the day after its expiry date', () => {
    expect(isExpiredOn('2026-11-25', '2026-11-26')).toBe(true);
    expect(isExpiredOn('2026-11-26', '2026-11-26')).toBe(false);
    expect(isExpiredOn(null, '2026-11-26')).toBe(false);
  });
});

describe('permissions after verification', () => {
  it('grants a person own, other-person and funding transfers, a business mass payments too', () => {
    expect(verifiedPermissionGroups(0)).toEqual(['ownAccount', 'otherPerson', 'funding']);
    expect(verifiedPermissionGroups(2)).toEqual(['ownAccount', 'otherPerson', 'mass', 'funding']);
    expect(verifiedPermissionGroups(1)).toContain('mass');
  });

  it('lets money leave only a verified customer that is not limited', () => {
    expect(mayMoveMoney({ verified: true, limited: false })).toBe(true);
    expect(mayMoveMoney({ verified: false, limited: false })).toBe(false);
    expect(mayMoveMoney({ verified: true, limited: true })).toBe(false);
  });
});
