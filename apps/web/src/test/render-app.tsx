import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { getBrand, type BrandConfig, type BrandId } from '@ledgerline/domain/brands';
import { isLanguage, DEFAULT_LANGUAGE, type Language } from '@ledgerline/domain/languages';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createRoutes } from '@/app/router';
import { createSessionApiClient, createSessionStore, type SessionStore } from '@/app/session';
import { createI18n } from '@/i18n';
import { sessionStore } from '@/lib/storage';

export interface RenderAppOptions {
  path: string;
  brand?: BrandId | BrandConfig;
  language?: Language;
  /** The test API server's URL; '' when the screen makes no calls. */
  apiBaseUrl?: string;
  /** Prepare the session (e.g. sign in) before the first render. */
  prepareSession?: (session: SessionStore) => void;
}

/** Renders the real app (providers, routes, guards, i18n, session, API client) at `path`. */
export async function renderApp(options: RenderAppOptions) {
  const brand =
    typeof options.brand === 'object' ? options.brand : getBrand(options.brand ?? 'pebble');
  const i18n = await createI18n(options.language ?? 'en');
  const session = createSessionStore({ storage: sessionStore });
  options.prepareSession?.(session);
  const apiClient = createSessionApiClient({
    baseUrl: options.apiBaseUrl ?? '',
    session,
    getLanguage: () => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE),
  });
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes({ session }), { initialEntries: [options.path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders
      brand={brand}
      i18n={i18n}
      session={session}
      apiClient={apiClient}
      queryClient={queryClient}
      mantineEnv="test"
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, session, i18n, queryClient, user };
}
