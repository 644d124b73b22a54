/** PKCE helpers (RFC 7636; spec 1 §5): verifier and challenge are 43–128 unreserved characters. */
export const PKCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
export const PKCE_MIN_LENGTH = 43;
export const PKCE_MAX_LENGTH = 128;
export const PKCE_CLIENT_VERIFIER_LENGTH = 128;

const PKCE_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;

export function isValidPkceValue(value: string): boolean {
  return PKCE_PATTERN.test(value);
}

/** A verifier of `length` characters from the unreserved set, drawn without modulo bias. */
export function createCodeVerifier(length: number = PKCE_CLIENT_VERIFIER_LENGTH): string {
  const out: string[] = [];
  const bytes = new Uint8Array(length * 2);
  while (out.length < length) {
    globalThis.crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      // 66 symbols: accept bytes below 198 (3 × 66) so every symbol is equally likely.
      if (byte < 198 && out.length < length) out.push(PKCE_ALPHABET[byte % 66] as string);
    }
  }
  return out.join('');
}

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** S256 challenge: BASE64URL(SHA-256(ASCII(verifier))). */
export async function createCodeChallenge(verifier: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(verifier),
  );
  return base64Url(new Uint8Array(digest));
}
