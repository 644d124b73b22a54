import type { ApiClient, ApiClientOptions } from '@ledgerline/contract';
import type { Language } from '@ledgerline/domain/languages';
import { connectionStatus, type ConnectionStatus } from '@/lib/connection-status';
import type { SessionStore } from './session-store';
import type { TokenRefresher } from './token-refresher';

/**
 * The one API client of the app, wired to the session: bearer token from memory, Customer-Id for
 * business users, Accept-Language from i18n; every answer's status to the connection status (a 503
 * shows "reconnecting"). A token within 10 s of expiry is refreshed before a
 * call; a 401 gets one refresh and one retry (spec 1 §4); both go through the one single-flight
 * refresher, whose failure ends the session.
 *
 * The contract's client carries every method's zod schema, so it is loaded on the first call
 * rather than with the sign-in page (keeps the first download inside its budget); screens see
 * an ordinary ApiClient.
 */
export function createSessionApiClient(options: {
  baseUrl: string;
  session: SessionStore;
  refresher: TokenRefresher;
  getLanguage: () => Language;
  fetch?: typeof fetch;
  /** Where every answer's status goes (default: the page's connection status, for "reconnecting"). */
  connection?: ConnectionStatus;
}): ApiClient {
  const connection = options.connection ?? connectionStatus;
  const { session, refresher } = options;
  const clientOptions: ApiClientOptions = {
    baseUrl: options.baseUrl,
    getLanguage: options.getLanguage,
    getAccessToken: () => session.getAccessToken(),
    getCustomerId: () => session.getCustomerId(),
    beforeAuthenticatedCall: () => refresher.ensureFresh(),
    onUnauthorized: (failedToken) => refresher.onUnauthorized(failedToken),
    onAnswer: (status) => connection.report(status),
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
    route: async (route, ...args) => (await load()).route(route, ...args),
  };
}
