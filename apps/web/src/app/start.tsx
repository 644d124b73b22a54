import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { DEFAULT_LANGUAGE, isLanguage } from '@ledgerline/domain/languages';
import { BRAND_HOST_MAP, selectBrand } from '@/brands';
import { createI18n, initialLanguage } from '@/i18n';
import { announceReadyToWrapper } from '@/lib/mobile-wrapper';
import { localStore, sessionStore } from '@/lib/storage';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { createSessionApiClient, createSessionStore } from './session';

/** Chooses brand, API and language from the address and storage, then renders the app. */
export async function startApp(container: HTMLElement): Promise<void> {
  const { brand, apiBaseUrl } = selectBrand({
    hostname: window.location.hostname,
    search: window.location.search,
    storage: localStore,
    hostMap: BRAND_HOST_MAP,
  });
  const language = initialLanguage({
    brand,
    storage: localStore,
    browserLanguages: navigator.languages,
  });
  const session = createSessionStore({ storage: sessionStore });

  // The router starts fetching the first route's code while the locale loads.
  const i18nReady = createI18n(language);
  const router = createAppRouter({ session });
  const i18n = await i18nReady;

  const apiClient = createSessionApiClient({
    baseUrl: apiBaseUrl,
    session,
    getLanguage: () => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE),
  });
  const queryClient = createQueryClient();

  createRoot(container).render(
    <StrictMode>
      <AppProviders
        brand={brand}
        i18n={i18n}
        session={session}
        apiClient={apiClient}
        queryClient={queryClient}
      >
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  announceReadyToWrapper();
}
