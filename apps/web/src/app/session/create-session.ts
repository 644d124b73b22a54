import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import type { Language } from '@ledgerline/domain/languages';
import type { KeyValueStorage } from '@/lib/storage';
import { createSessionApiClient } from './api-client';
import type { IdleClock } from './idle-tracker';
import { createSessionManager, type SessionManager } from './session-manager';
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
  const manager = createSessionManager({
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
  return { session, refresher, apiClient, manager };
}
