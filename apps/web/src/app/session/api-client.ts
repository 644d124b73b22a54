import { createApiClient, type ApiClient } from '@ledgerline/contract';
import type { Language } from '@ledgerline/domain';
import { notifyWrapper } from '@/lib/mobile-wrapper';
import type { SessionStore } from './session-store';

/**
 * The one API client of the app, wired to the session: bearer token from memory, Customer-Id for
 * business users, Accept-Language from i18n. A 401 on an authenticated call ends the session
 * (spec 1 §4 "refresh failure ends the session"); the sign-in issue puts the one refresh and
 * retry in front of that.
 */
export function createSessionApiClient(options: {
  baseUrl: string;
  session: SessionStore;
  getLanguage: () => Language;
  fetch?: typeof fetch;
}): ApiClient {
  const { session } = options;
  return createApiClient({
    baseUrl: options.baseUrl,
    getLanguage: options.getLanguage,
    getAccessToken: () => session.getAccessToken(),
    getCustomerId: () => session.getCustomerId(),
    async onUnauthorized() {
      if (session.isAuthenticated()) {
        session.end('expired');
        notifyWrapper({ type: 'sessionExpired' });
      }
      return false;
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
