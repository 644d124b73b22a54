import { describe, expect, it } from 'vitest';
import { isCodeSpent, judgeCode, sameCodeHash, wrongTry } from './one-time-code';

const now = new Date('2026-03-01T12:00:00Z');
const limits = { maxAttempts: 5, now };
const later = new Date(now.getTime() + 1);

describe('one-time codes', () => {
  it('are spent from the moment they expire, not a millisecond before', () => {
    expect(isCodeSpent({ attempts: 0, expiresAt: later }, limits)).toBe(false);
    expect(isCodeSpent({ attempts: 0, expiresAt: now }, limits)).toBe(true);
  });

  it('are spent once the allowed wrong tries are used up', () => {
    expect(isCodeSpent({ attempts: 4, expiresAt: later }, limits)).toBe(false);
    expect(isCodeSpent({ attempts: 5, expiresAt: later }, limits)).toBe(true);
  });

  it('count a wrong try and say when it was the last one', () => {
    expect(wrongTry({ attempts: 0, expiresAt: later }, limits)).toEqual({
      attempts: 1,
      attemptsLeft: 4,
    });
    expect(wrongTry({ attempts: 4, expiresAt: later }, limits)).toEqual({
      attempts: 5,
      attemptsLeft: 0,
    });
  });

  it('compare hashes whole: no stored hash, another length or another value is not the code', () => {
    expect(sameCodeHash('abc', 'abc')).toBe(true);
    expect(sameCodeHash(null, 'abc')).toBe(false);
    expect(sameCodeHash('abc', 'abcd')).toBe(false);
    expect(sameCodeHash('abc', 'abd')).toBe(false);
  });

  it('judge a spent code as spent even when it is right, and a wrong one with its try', () => {
    const stored = { attempts: 2, expiresAt: later, codeHash: 'h' };
    expect(judgeCode(stored, 'h', limits)).toEqual({ kind: 'right' });
    expect(judgeCode(stored, 'x', limits)).toEqual({ kind: 'wrong', attempts: 3, attemptsLeft: 2 });
    expect(judgeCode({ ...stored, expiresAt: now }, 'h', limits)).toEqual({ kind: 'spent' });
  });
});
