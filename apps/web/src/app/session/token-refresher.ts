import { CLIENT_VERSION, CLIENT_VERSION_HEADER, TIMING } from '@ledgerline/domain/constants';
import { notifyWrapper } from '@/lib/mobile-wrapper';
import type { SessionStore, SessionTokens } from './session-store';

/** POST /api/auth/refresh (packages/contract/src/auth.ts); its answer is read by hand to keep zod off the first page. */
export const REFRESH_PATH = '/api/auth/refresh';
const LOCK_NAME = 'ledgerline.token-refresh';

export interface TokenRefresher {
  /**
   * Rotates the refresh token and keeps the new access token. Single-flight: every caller that
   * arrives while a refresh runs shares it, so fifty calls meeting an expired token cause one
   * refresh. Across tabs, Web Locks serialise refreshes (two tabs presenting the same cookie at
   * once would look like reuse and end the session, RFC 9700 §4.14). True when a token is there.
   */
  refresh(): Promise<boolean>;
  /** The API client's 401 hook: refresh once, unless another call already replaced the failed token. */
  onUnauthorized(failedToken: string | undefined): Promise<boolean>;
  /** Before an authenticated call: refresh when the token is within 10 s of expiry, or gone after a reload. */
  ensureFresh(): Promise<void>;
}

type Outcome = 'refreshed' | 'refused' | 'unreachable';

function readTokens(data: unknown): SessionTokens | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const bag = data as Record<string, unknown>;
  if (typeof bag.accessToken !== 'string' || bag.accessToken === '') return undefined;
  if (typeof bag.expiresIn !== 'number' || !(bag.expiresIn > 0)) return undefined;
  return {
    accessToken: bag.accessToken,
    expiresIn: bag.expiresIn,
    ...(typeof bag.refreshToken === 'string' ? { refreshToken: bag.refreshToken } : {}),
    ...(typeof bag.userId === 'number' ? { userId: bag.userId } : {}),
  };
}

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

function browserLocks(): LockManagerLike | undefined {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  return typeof locks?.request === 'function' ? locks : undefined;
}

export function createTokenRefresher(options: {
  baseUrl: string;
  session: SessionStore;
  fetch?: typeof fetch;
  now?: () => number;
  locks?: LockManagerLike | null;
}): TokenRefresher {
  const { session, baseUrl } = options;
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const locks = options.locks === undefined ? browserLocks() : (options.locks ?? undefined);
  let inFlight: Promise<boolean> | undefined;

  async function exchange(): Promise<Outcome> {
    // The browser's refresh token is the HttpOnly cookie; only the wrapper holds one in memory.
    const refreshToken = session.getRefreshToken();
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${REFRESH_PATH}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          [CLIENT_VERSION_HEADER]: CLIENT_VERSION,
        },
        body: JSON.stringify(refreshToken ? { refreshToken } : {}),
      });
    } catch {
      return 'unreachable';
    }
    if (response.status >= 500) return 'unreachable';
    let data: unknown;
    try {
      data = await response.json();
    } catch {
      data = undefined;
    }
    const tokens = response.ok ? readTokens(data) : undefined;
    if (!tokens) return 'refused';
    session.updateTokens(tokens);
    notifyWrapper({
      type: 'tokenUpdated',
      accessToken: tokens.accessToken,
      expiresIn: tokens.expiresIn,
    });
    return 'refreshed';
  }

  async function run(): Promise<boolean> {
    const outcome = locks ? await locks.request(LOCK_NAME, exchange) : await exchange();
    if (outcome === 'refused' && session.getState().isAuthed) {
      // Refresh failure ends the session (spec 1 §4): 'session expired', back to login, data cleared.
      session.end('expired');
      notifyWrapper({ type: 'sessionExpired' });
    }
    return outcome === 'refreshed';
  }

  function refresh(): Promise<boolean> {
    inFlight ??= run().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  return {
    refresh,
    async onUnauthorized(failedToken) {
      if (!session.getState().isAuthed) return false;
      if (inFlight) return inFlight;
      const current = session.getAccessToken();
      if (current !== undefined && current !== failedToken) return true;
      return refresh();
    },
    async ensureFresh() {
      if (!session.getState().isAuthed) return;
      const expiresAt = session.getAccessTokenExpiresAt();
      if (expiresAt !== undefined && expiresAt - now() > TIMING.refreshBeforeExpiry) return;
      await refresh();
    },
  };
}
