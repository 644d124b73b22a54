import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import type { Language } from '@ledgerline/domain/languages';
import type { KeyValueStorage } from '@/lib/storage';
import { createSessionApiClient } from './api-client';
import type { IdleClock } from './idle-tracker';
import type { SessionManager } from './session-manager';
import { createSessionStore, type SessionStore } from './session-store';
import type { TabChannel } from './tab-channel';
import { createTokenRefresher, type TokenRefresher } from './token-refresher';

export interface SessionServices {
  session: SessionStore;
  refresher: TokenRefresher;
  apiClient: ApiClient;
  manager: SessionManager;
}

/** The session, its refresher, the API client wired to both, and the manager that keeps them honest. */
export function createSessionServices(options: {
  baseUrl: string;
  storage: KeyValueStorage;
  queryClient: QueryClient;
  getLanguage: () => Language;
  resolveIdleTimeoutMs: () => Promise<number>;
  fetch?: typeof fetch;
  channel?: TabChannel;
  clock?: IdleClock;
}): SessionServices {
  const session = createSessionStore({ storage: options.storage });
  const refresher = createTokenRefresher({
    baseUrl: options.baseUrl,
    session,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const apiClient = createSessionApiClient({
    baseUrl: options.baseUrl,
    session,
    refresher,
    getLanguage: options.getLanguage,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  // The manager's code (idle timer, tab channel) loads with the first sign-in of the page, not
  // with the sign-in page itself (decision 11); until then there is no session to look after.
  let running: SessionManager | undefined;
  let loading: Promise<SessionManager> | undefined;
  let disposed = false;
  const load = (): Promise<SessionManager> => {
    loading ??= import('./session-manager').then(({ createSessionManager }) => {
      running = createSessionManager({
        session,
        refresher,
        baseUrl: options.baseUrl,
        resolveIdleTimeoutMs: options.resolveIdleTimeoutMs,
        // Local data is cleared with the session (spec 1 §4): nothing cached outlives it.
        onEnded: () => options.queryClient.clear(),
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.channel ? { channel: options.channel } : {}),
        ...(options.clock ? { clock: options.clock } : {}),
      });
      if (disposed) running.dispose();
      return running;
    });
    return loading;
  };
  const stopWatching = session.subscribe(() => {
    if (session.isAuthenticated()) void load();
  });
  const manager: SessionManager = {
    session,
    refresher,
    baseUrl: options.baseUrl,
    logout: async (reason) => (await load()).logout(reason),
    whenActive: async () => {
      await load();
    },
    dispose() {
      disposed = true;
      stopWatching();
      running?.dispose();
    },
  };
  return { session, refresher, apiClient, manager };
}
