import { describe, expect, it } from 'vitest';
import {
  matchingTotpStep,
  secretFromBase32,
  secretFromText,
  totpAt,
  totpUri,
} from '../../lib/totp';
import { verifyPkceS256 } from './pkce';
import { maskPhoneNumber } from './phone';
import { migrationOf } from './flows';
import { DEMO_TOTP_SECRET } from '../../db/seed';

// RFC 6238 Appendix B: the seeds are ASCII strings; T is in seconds; 8 digits.
const SEEDS = {
  SHA1: '12345678901234567890',
  SHA256: '12345678901234567890123456789012',
  SHA512: '1234567890123456789012345678901234567890123456789012345678901234',
} as const;
const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('matches the RFC vectors at T=%i', (seconds, sha1, sha256, sha512) => {
    expect(
      totpAt(secretFromText(SEEDS.SHA1), seconds * 1000, { digits: 8, algorithm: 'SHA1' }),
    ).toBe(sha1);
    expect(
      totpAt(secretFromText(SEEDS.SHA256), seconds * 1000, { digits: 8, algorithm: 'SHA256' }),
    ).toBe(sha256);
    expect(
      totpAt(secretFromText(SEEDS.SHA512), seconds * 1000, { digits: 8, algorithm: 'SHA512' }),
    ).toBe(sha512);
  });

  it('answers the time step of a valid code, within one step of drift, and null for a wrong one', () => {
    const secret = secretFromText(SEEDS.SHA1);
    const at = 59_000;
    expect(matchingTotpStep(secret, '94287082', at, { digits: 8 })).toBe(1);
    // The code of the previous step still works (clock drift); two steps back does not.
    expect(matchingTotpStep(secret, '94287082', at + 30_000, { digits: 8 })).toBe(1);
    expect(matchingTotpStep(secret, '94287082', at + 60_000, { digits: 8 })).toBeNull();
    expect(matchingTotpStep(secret, '00000000', at, { digits: 8 })).toBeNull();
  });

  it('reads the demo secret and writes an otpauth URI for it', () => {
    const secret = secretFromBase32(DEMO_TOTP_SECRET);
    const now = Date.now();
    expect(matchingTotpStep(secret, totpAt(secret, now), now)).toBe(Math.floor(now / 30_000));
    expect(totpUri(DEMO_TOTP_SECRET, 'Pebble Wallet', 'otp@ledgerline.test')).toContain(
      `secret=${DEMO_TOTP_SECRET}`,
    );
  });
});

describe('PKCE S256 (RFC 7636)', () => {
  it('accepts the Appendix B pair and refuses anything else', () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
    expect(verifyPkceS256(verifier, challenge)).toBe(true);
    expect(verifyPkceS256(`${verifier}x`, challenge)).toBe(false);
    expect(verifyPkceS256(verifier.slice(0, 42), challenge)).toBe(false);
    expect(verifyPkceS256(challenge, challenge)).toBe(false);
  });
});

describe('small sign-in rules', () => {
  it('masks a phone number down to its country code and last four digits', () => {
    expect(maskPhoneNumber('+44 7700 900123')).toBe('+44 •••• ••0123');
    expect(maskPhoneNumber('+34 612 345 678')).toBe('+34 •••• ••5678');
  });

  it('counts the days left of a soft migration and turns it strict after the deadline', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(migrationOf({ migrationReq: 'none', migrationDeadline: null }, now)).toEqual({
      req: 'none',
      daysLeft: 0,
    });
    expect(
      migrationOf(
        { migrationReq: 'soft', migrationDeadline: new Date('2026-03-21T12:00:00Z') },
        now,
      ),
    ).toEqual({ req: 'soft', daysLeft: 20 });
    expect(
      migrationOf(
        { migrationReq: 'soft', migrationDeadline: new Date('2026-03-01T11:00:00Z') },
        now,
      ),
    ).toEqual({ req: 'strict', daysLeft: 0 });
    expect(migrationOf({ migrationReq: 'strict', migrationDeadline: null }, now)).toEqual({
      req: 'strict',
      daysLeft: 0,
    });
  });
});
