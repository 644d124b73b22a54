export {
  createSessionStore,
  type SessionStore,
  type SessionState,
  type SessionTokens,
  type SessionEndReason,
} from './session-store';
export { createSessionApiClient } from './api-client';
export {
  SessionProvider,
  useApiClient,
  useIsAuthenticated,
  useSessionState,
  useSessionStore,
} from './session-context';
