import { describe, expect, it } from 'vitest';
import {
  idvProviderForBrand,
  identityStatusForOutcome,
  simulatedIdvDecision,
  sniffIdvImageType,
} from './identity-verification';

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

describe('sniffIdvImageType', () => {
  it('knows JPEG, PNG and HEIC by their first bytes', () => {
    expect(sniffIdvImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffIdvImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe(
      'image/png',
    );
    expect(sniffIdvImageType(Uint8Array.from([0, 0, 0, 24, ...ascii('ftypheic')]))).toBe(
      'image/heic',
    );
    expect(sniffIdvImageType(Uint8Array.from([0, 0, 0, 24, ...ascii('ftypmif1')]))).toBe(
      'image/heic',
    );
  });

  it('refuses anything else, also a cut-off signature', () => {
    expect(sniffIdvImageType(ascii('%PDF-1.7'))).toBeNull();
    expect(sniffIdvImageType(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffIdvImageType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(sniffIdvImageType(Uint8Array.from([0, 0, 0, 24, ...ascii('ftypisom')]))).toBeNull();
    expect(sniffIdvImageType(new Uint8Array())).toBeNull();
  });
});

describe('simulatedIdvDecision', () => {
  const ok = [
    { step: 'front', fileName: 'front.jpg' },
    { step: 'back', fileName: 'back.jpg' },
    { step: 'selfie', fileName: 'me.png' },
  ] as const;

  it('accepts ordinary pictures', () => {
    expect(simulatedIdvDecision(ok)).toEqual({ outcome: 'accepted', reason: null });
  });

  it('refuses a document picture named reject-* as unreadable, whatever its folder or case', () => {
    expect(
      simulatedIdvDecision([
        ...ok.slice(1),
        { step: 'front', fileName: 'C:\\x\\Reject-front.jpg' },
      ]),
    ).toEqual({ outcome: 'rejected', reason: 'documentUnreadable' });
  });

  it('refuses a selfie named reject-* as not matching', () => {
    expect(
      simulatedIdvDecision([...ok.slice(0, 2), { step: 'selfie', fileName: 'reject-me.png' }]),
    ).toEqual({ outcome: 'rejected', reason: 'selfieNotMatching' });
  });

  it('gives a name mismatch for mismatch-*, and a rejection outranks it', () => {
    expect(
      simulatedIdvDecision([...ok.slice(1), { step: 'front', fileName: 'mismatch-a.jpg' }]),
    ).toEqual({ outcome: 'nameMismatch', reason: 'nameMismatch' });
    expect(
      simulatedIdvDecision([
        { step: 'front', fileName: 'mismatch-a.jpg' },
        { step: 'back', fileName: 'reject-b.jpg' },
      ]),
    ).toEqual({ outcome: 'rejected', reason: 'documentUnreadable' });
  });

  it('does not read a prefix in the middle of a name', () => {
    expect(
      simulatedIdvDecision([...ok.slice(1), { step: 'front', fileName: 'my-reject-front.jpg' }]),
    ).toEqual({ outcome: 'accepted', reason: null });
  });
});

describe('providers and statuses', () => {
  it('gives every brand a provider and an unknown brand jmo', () => {
    expect(idvProviderForBrand('pebble')).toBe('jmo');
    expect(idvProviderForBrand('northmere')).toBe('nfd');
    expect(idvProviderForBrand('unknown')).toBe('jmo');
  });

  it('records an accepted check as pending for compliance', () => {
    expect(identityStatusForOutcome('accepted')).toBe('pending');
    expect(identityStatusForOutcome('rejected')).toBe('rejected');
    expect(identityStatusForOutcome('nameMismatch')).toBe('nameMismatch');
  });
});
