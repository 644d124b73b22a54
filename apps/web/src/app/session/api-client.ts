import type { ApiClient, ApiClientOptions } from '@ledgerline/contract';
import type { Language } from '@ledgerline/domain/languages';
import { notifyWrapper } from '@/lib/mobile-wrapper';
import type { SessionStore } from './session-store';

/**
 * The one API client of the app, wired to the session: bearer token from memory, Customer-Id for
 * business users, Accept-Language from i18n. A 401 on an authenticated call ends the session
 * (spec 1 §4 "refresh failure ends the session"); the sign-in issue puts the one refresh and
 * retry in front of that.
 *
 * The contract's client carries every method's zod schema, so it is loaded on the first call
 * rather than with the sign-in page (keeps the first download inside its budget); screens see
 * an ordinary ApiClient.
 */
export function createSessionApiClient(options: {
  baseUrl: string;
  session: SessionStore;
  getLanguage: () => Language;
  fetch?: typeof fetch;
}): ApiClient {
  const { session } = options;
  const clientOptions: ApiClientOptions = {
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
  };

  let client: Promise<ApiClient> | undefined;
  const load = (): Promise<ApiClient> => {
    if (!client) {
      client = import('@ledgerline/contract/client').then(({ createApiClient }) =>
        createApiClient(clientOptions),
      );
      // A failed chunk download must not stick: the next call tries again.
      client.catch(() => {
        client = undefined;
      });
    }
    return client;
  };

  return {
    main: async (method, payload) => (await load()).main(method, payload),
    rest: async <T>(request: Parameters<ApiClient['rest']>[0]) => (await load()).rest<T>(request),
  };
}
