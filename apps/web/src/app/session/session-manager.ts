import { CLIENT_VERSION, CLIENT_VERSION_HEADER } from '@ledgerline/domain/constants';
import { notifyWrapper } from '@/lib/mobile-wrapper';
import type { IdleClock, IdleTracker } from './idle-tracker';
import { clearPendingSignIn } from './pending-sign-in';
import type { SessionEndReason, SessionStore } from './session-store';
import { createTabChannel, type TabChannel } from './tab-channel';
import type { TokenRefresher } from './token-refresher';

export const LOGOUT_PATH = '/api/auth/logout';

export interface SessionManager {
  session: SessionStore;
  refresher: TokenRefresher;
  /** The API's base URL ('' for this origin), for what the API client does not carry (WebSockets). */
  baseUrl: string;
  /**
   * Signs out: the server revokes the session and clears the refresh cookie, every tab of this
   * browser ends its session, local data is cleared and the mobile wrapper is told (spec 1 §4).
   */
  logout(reason: 'logout' | 'idle'): Promise<void>;
  /** Resolves once the manager runs (its code loads with the first sign-in of the page). */
  whenActive(): Promise<void>;
  dispose(): void;
}

/**
 * Keeps the session honest while the app runs: an idle timer shared by the tabs while signed in,
 * the end of the session in one tab ends it in the others, and whenever a session ends the
 * caller's `onEnded` clears cached data. Screens follow the session store: the layouts send a
 * visitor without a session to /login, which explains why it ended.
 */
export function createSessionManager(options: {
  session: SessionStore;
  refresher: TokenRefresher;
  baseUrl: string;
  /** The idle time in ms (brand default, or the operator's /config.json override). */
  resolveIdleTimeoutMs: () => Promise<number>;
  onEnded?: (reason: SessionEndReason) => void;
  channel?: TabChannel;
  clock?: IdleClock;
  fetch?: typeof fetch;
}): SessionManager {
  const { session, refresher } = options;
  const channel = options.channel ?? createTabChannel();
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let tracker: IdleTracker | undefined;
  let generation = 0;
  let wasAuthed = session.isAuthenticated();
  /** Set while ending a session because another tab said so: that end is not announced again. */
  let endingFromOtherTab = false;

  async function startIdleTracking(): Promise<void> {
    const mine = ++generation;
    const [{ createIdleTracker }, timeoutMs] = await Promise.all([
      import('./idle-tracker'),
      options.resolveIdleTimeoutMs(),
    ]);
    if (mine !== generation || !session.isAuthenticated()) return;
    tracker?.stop();
    tracker = createIdleTracker({
      timeoutMs,
      channel,
      ...(options.clock ? { clock: options.clock } : {}),
      onIdle: () => void logout('idle'),
    });
  }

  function stopIdleTracking(): void {
    generation += 1;
    tracker?.stop();
    tracker = undefined;
  }

  const unsubscribeSession = session.subscribe(() => {
    const authed = session.isAuthenticated();
    if (authed && !wasAuthed) void startIdleTracking();
    if (!authed && wasAuthed) {
      stopIdleTracking();
      clearPendingSignIn();
      const reason = session.getState().endReason;
      if (reason && !endingFromOtherTab && reason !== 'noAccess') {
        channel.post({ type: 'ended', reason });
      }
      if (reason) options.onEnded?.(reason);
    }
    wasAuthed = authed;
  });

  const unsubscribeChannel = channel.subscribe((message) => {
    if (message.type !== 'ended' || !session.getState().isAuthed) return;
    endingFromOtherTab = true;
    try {
      session.end(message.reason);
    } finally {
      endingFromOtherTab = false;
    }
    notifyWrapper({ type: message.reason === 'logout' ? 'logout' : 'sessionExpired' });
  });

  if (wasAuthed) void startIdleTracking();

  async function tellServer(): Promise<void> {
    const token = session.getAccessToken();
    const expiresAt = session.getAccessTokenExpiresAt() ?? 0;
    const refreshToken = session.getRefreshToken();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      [CLIENT_VERSION_HEADER]: CLIENT_VERSION,
    };
    // A live access token names the session; otherwise the refresh cookie does (auth.ts).
    if (token && expiresAt > Date.now()) headers.Authorization = `Bearer ${token}`;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 10_000);
    try {
      await doFetch(`${options.baseUrl}${LOGOUT_PATH}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers,
        body: JSON.stringify(refreshToken ? { refreshToken } : {}),
        signal: controller.signal,
      });
    } catch {
      // Offline or refused: the local session ends anyway, and the server's ends by itself.
    } finally {
      clearTimeout(timer);
    }
  }

  async function logout(reason: 'logout' | 'idle'): Promise<void> {
    if (!session.getState().isAuthed) return;
    await tellServer();
    if (session.getState().isAuthed) session.end(reason);
    notifyWrapper({ type: reason === 'logout' ? 'logout' : 'sessionExpired' });
  }

  return {
    session,
    refresher,
    baseUrl: options.baseUrl,
    logout,
    whenActive: () => Promise.resolve(),
    dispose() {
      stopIdleTracking();
      unsubscribeSession();
      unsubscribeChannel();
      channel.close();
    },
  };
}
