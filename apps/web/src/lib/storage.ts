/**
 * Browser storage that never throws: private modes and strict settings make localStorage and
 * sessionStorage throw on access, and the app must still start (it then forgets between visits).
 */
export interface KeyValueStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** Every key the app writes, in one place, so nothing collides and a sign-out can clear them. */
export const STORAGE_KEYS = {
  brandOverride: 'ledgerline.brand',
  stagingIndex: 'ledgerline.api',
  language: 'ledgerline.lang',
  session: 'ledgerline.session',
  codeVerifier: 'ledgerline.pkce-verifier',
} as const;

export function createMemoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
  };
}

function wrap(getStore: () => Storage): KeyValueStorage {
  const fallback = createMemoryStorage();
  const attempt = <T>(run: (store: Storage) => T, otherwise: () => T): T => {
    try {
      return run(getStore());
    } catch {
      return otherwise();
    }
  };
  return {
    get: (key) =>
      attempt(
        (store) => store.getItem(key),
        () => fallback.get(key),
      ),
    set: (key, value) =>
      attempt(
        (store) => store.setItem(key, value),
        () => fallback.set(key, value),
      ),
    remove: (key) =>
      attempt(
        (store) => store.removeItem(key),
        () => fallback.remove(key),
      ),
  };
}

export const localStore: KeyValueStorage = wrap(() => window.localStorage);
export const sessionStore: KeyValueStorage = wrap(() => window.sessionStorage);
