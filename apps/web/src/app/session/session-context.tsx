import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ApiClient } from '@ledgerline/contract';
import type { SessionManager } from './session-manager';
import type { SessionState, SessionStore } from './session-store';

interface SessionContextValue {
  session: SessionStore;
  apiClient: ApiClient;
  manager: SessionManager;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({
  session,
  apiClient,
  manager,
  children,
}: SessionContextValue & { children: ReactNode }) {
  return <SessionContext value={{ session, apiClient, manager }}>{children}</SessionContext>;
}

function useSessionContext(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('Session hooks need a <SessionProvider>');
  return value;
}

/** The session store, for code that signs in or out. */
export function useSessionStore(): SessionStore {
  return useSessionContext().session;
}

/** The session's non-secret state; re-renders when it changes. */
export function useSessionState(): SessionState {
  const { session } = useSessionContext();
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}

/** True while signed in with a token in memory. */
export function useIsAuthenticated(): boolean {
  const { session } = useSessionContext();
  useSessionState();
  return session.isAuthenticated();
}

export function useApiClient(): ApiClient {
  return useSessionContext().apiClient;
}

/** Sign-out and refresh, for the screens that end or keep a session. */
export function useSessionManager(): SessionManager {
  return useSessionContext().manager;
}
