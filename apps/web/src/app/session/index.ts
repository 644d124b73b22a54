export {
  createSessionStore,
  type SessionStore,
  type SessionState,
  type SessionTokens,
  type SessionEndReason,
} from './session-store';
export { createSessionApiClient } from './api-client';
export { createTokenRefresher, type TokenRefresher } from './token-refresher';
export type { SessionManager } from './session-manager';
export { createSessionServices, type SessionServices } from './create-session';
export { createTabChannel, type TabChannel, type TabMessage } from './tab-channel';
export type { IdleClock } from './idle-tracker';
export { runtimeConfig, useRuntimeConfig, type RuntimeConfig } from './client-config';
export {
  setPendingSignIn,
  getPendingSignIn,
  clearPendingSignIn,
  type PendingSignIn,
} from './pending-sign-in';
export {
  sessionKeys,
  accountsQueryOptions,
  customerInfoQueryOptions,
  accessInfoQueryOptions,
  verificationInfoQueryOptions,
} from './customer-info';
export { useActingRights } from './acting-rights';
export {
  SessionProvider,
  useApiClient,
  useIsAuthenticated,
  useSessionManager,
  useSessionState,
  useSessionStore,
} from './session-context';
// The provider is imported from './realtime-provider' by the signed-in layout only (first load).
export {
  useRealtimeEvent,
  useRealtimeState,
  type RealtimeEventOf,
  type RealtimeChannelState,
} from './realtime';
