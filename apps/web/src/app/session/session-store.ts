import { STORAGE_KEYS, type KeyValueStorage } from '@/lib/storage';

/** Tokens from a completed sign-in (spec 1 §3 "Auth state"). */
export interface SessionTokens {
  accessToken: string;
  /**
   * The browser gets its refresh token as an HttpOnly cookie only (client 'web'); the mobile
   * wrapper and API clients also get it in the body, and only then is it kept here (in memory).
   */
  refreshToken?: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  userId?: number;
}

/**
 * Why a session ended: signed out, the refresh failed ('session expired'), no activity for the
 * idle time, or the start page found nothing this sign-in may open (spec 1 §4 "back to login").
 */
export type SessionEndReason = 'logout' | 'expired' | 'idle' | 'noAccess';

/** What screens may read. Tokens are not part of it: they never leave the store except to the API client. */
export interface SessionState {
  /** Kept in sessionStorage so a reload knows a session existed (the sign-in issue refreshes it). */
  isAuthed: boolean;
  userId: number | undefined;
  /**
   * The customer the session acts for: fromCustomerId from the address or the company chosen
   * (spec 1 §2, §7); sent as Customer-Id. Kept in sessionStorage (an id, not a secret) so a reload
   * keeps acting for the same company.
   */
  customerId: number | undefined;
  /** A path stored by /auth/sei that redirects first after sign-in (spec 1 §2). */
  seiPath: string | undefined;
  /** A path to open once after sign-in (spec 1 §4, start page rule 5). */
  initialPath: string | undefined;
  /** Why the last session ended, for the sign-in page to explain; cleared by the next sign-in. */
  endReason: SessionEndReason | undefined;
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Signed in with an access token in memory (isAuthed alone survives a reload; the token does not). */
  isAuthenticated(): boolean;
  getAccessToken(): string | undefined;
  getRefreshToken(): string | undefined;
  /** Epoch milliseconds at which the access token expires. */
  getAccessTokenExpiresAt(): number | undefined;
  getCustomerId(): number | undefined;
  signIn(tokens: SessionTokens): void;
  /** Keeps a refreshed token: after a reload this also makes the session usable again. */
  updateTokens(tokens: SessionTokens): void;
  end(reason: SessionEndReason): void;
  setCustomerId(customerId: number | undefined): void;
  setSeiPath(path: string | undefined): void;
  setInitialPath(path: string | undefined): void;
  /** Returns the initial path and forgets it: it is used once (spec 1 §4). */
  takeInitialPath(): string | undefined;
  /** The PKCE verifier of a sign-in in progress; the token exchange of the next step reads it. */
  saveCodeVerifier(verifier: string): void;
  readCodeVerifier(): string | undefined;
  clearCodeVerifier(): void;
}

interface PersistedSession {
  isAuthed: boolean;
  seiPath?: string;
  initialPath?: string;
  customerId?: number;
}

function readPersisted(storage: KeyValueStorage): PersistedSession {
  try {
    const value: unknown = JSON.parse(storage.get(STORAGE_KEYS.session) ?? 'null');
    if (typeof value !== 'object' || value === null) return { isAuthed: false };
    const bag = value as Record<string, unknown>;
    return {
      isAuthed: bag.isAuthed === true,
      seiPath: typeof bag.seiPath === 'string' ? bag.seiPath : undefined,
      initialPath: typeof bag.initialPath === 'string' ? bag.initialPath : undefined,
      customerId:
        typeof bag.customerId === 'number' &&
        Number.isSafeInteger(bag.customerId) &&
        bag.customerId > 0
          ? bag.customerId
          : undefined,
    };
  } catch {
    return { isAuthed: false };
  }
}

/**
 * The session: access and refresh tokens live in this closure only (never in storage, so a
 * script injected into the page cannot read them from there); sessionStorage keeps the
 * non-secret flags of spec 1 §3 so they survive a reload of the tab and vanish with it.
 */
export function createSessionStore(options: {
  storage: KeyValueStorage;
  now?: () => number;
}): SessionStore {
  const { storage } = options;
  const now = options.now ?? Date.now;
  const listeners = new Set<() => void>();
  const persisted = readPersisted(storage);
  let tokens: { accessToken: string; refreshToken?: string; expiresAt: number } | undefined;
  let state: SessionState = {
    isAuthed: persisted.isAuthed,
    userId: undefined,
    customerId: persisted.customerId,
    seiPath: persisted.seiPath,
    initialPath: persisted.initialPath,
    endReason: undefined,
  };

  function update(patch: Partial<SessionState>): void {
    state = { ...state, ...patch };
    const toStore: PersistedSession = {
      isAuthed: state.isAuthed,
      seiPath: state.seiPath,
      initialPath: state.initialPath,
      customerId: state.customerId,
    };
    storage.set(STORAGE_KEYS.session, JSON.stringify(toStore));
    for (const listener of listeners) listener();
  }

  function keepTokens(next: SessionTokens): void {
    tokens = {
      accessToken: next.accessToken,
      ...(next.refreshToken !== undefined ? { refreshToken: next.refreshToken } : {}),
      expiresAt: now() + next.expiresIn * 1000,
    };
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isAuthenticated: () => state.isAuthed && tokens !== undefined,
    getAccessToken: () => tokens?.accessToken,
    getRefreshToken: () => tokens?.refreshToken,
    getAccessTokenExpiresAt: () => tokens?.expiresAt,
    getCustomerId: () => state.customerId,
    signIn(next) {
      keepTokens(next);
      storage.remove(STORAGE_KEYS.codeVerifier);
      update({ isAuthed: true, userId: next.userId, endReason: undefined });
    },
    updateTokens(next) {
      // A rotation answer of the body form may leave the refresh token out: keep the one we had.
      keepTokens({ ...next, refreshToken: next.refreshToken ?? tokens?.refreshToken });
      update({ isAuthed: true, ...(next.userId !== undefined ? { userId: next.userId } : {}) });
    },
    end(reason) {
      tokens = undefined;
      storage.remove(STORAGE_KEYS.codeVerifier);
      update({
        isAuthed: false,
        userId: undefined,
        customerId: undefined,
        seiPath: undefined,
        initialPath: undefined,
        endReason: reason,
      });
    },
    setCustomerId: (customerId) => update({ customerId }),
    setSeiPath: (seiPath) => update({ seiPath }),
    setInitialPath: (initialPath) => update({ initialPath }),
    takeInitialPath() {
      const path = state.initialPath;
      if (path !== undefined) update({ initialPath: undefined });
      return path;
    },
    saveCodeVerifier: (verifier) => storage.set(STORAGE_KEYS.codeVerifier, verifier),
    readCodeVerifier: () => storage.get(STORAGE_KEYS.codeVerifier) ?? undefined,
    clearCodeVerifier: () => storage.remove(STORAGE_KEYS.codeVerifier),
  };
}
