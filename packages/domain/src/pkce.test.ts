import { describe, expect, it } from 'vitest';
import { PKCE_ALPHABET, createCodeChallenge, createCodeVerifier, isValidPkceValue } from './pkce';

describe('PKCE (RFC 7636)', () => {
  it('derives the S256 challenge of the RFC 7636 Appendix B example', async () => {
    expect(await createCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('builds a 128-character verifier from the unreserved set only', () => {
    const verifier = createCodeVerifier();
    expect(verifier).toHaveLength(128);
    expect([...verifier].every((char) => PKCE_ALPHABET.includes(char))).toBe(true);
    expect(createCodeVerifier()).not.toBe(verifier);
  });

  it('accepts 43 to 128 unreserved characters and nothing else', () => {
    expect(isValidPkceValue('a'.repeat(43))).toBe(true);
    expect(isValidPkceValue('a'.repeat(128))).toBe(true);
    expect(isValidPkceValue('a'.repeat(42))).toBe(false);
    expect(isValidPkceValue('a'.repeat(129))).toBe(false);
    expect(isValidPkceValue(`${'a'.repeat(42)}+`)).toBe(false);
    expect(isValidPkceValue(`${'a'.repeat(42)}~`)).toBe(true);
  });
});
