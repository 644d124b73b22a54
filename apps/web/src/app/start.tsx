import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import type { i18n as I18n } from 'i18next';
import { isLanguage } from '@ledgerline/domain/languages';
import { BRAND_HOST_MAP, preloadBrandLogo, selectBrand } from '@/brands';
import { createI18n, initialLanguage } from '@/i18n';
import { configureAnalytics } from '@/lib/analytics';
import { announceReadyToWrapper } from '@/lib/mobile-wrapper';
import { localStore, sessionStore } from '@/lib/storage';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { createSessionServices, runtimeConfig } from './session';
import { needsWholeLocale } from './whole-locale';

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
  configureAnalytics({ baseUrl: apiBaseUrl, brand: brand.id });
  preloadBrandLogo(brand);

  // The sign-in page needs only the first part of the locale, and asks for the rest on the form's
  // first focus (decision 108). Any other page waits for the whole locale, so its rest downloads
  // beside the first part and the route's code, not after the router's first render (decision 124).
  const i18nReady = createI18n(language, {
    loadRestAtOnce: needsWholeLocale(window.location.pathname),
  });
  // Calls may start (a guard's refresh) before the locale has loaded: they use the first language.
  const loaded: { i18n?: I18n } = {};
  const queryClient = createQueryClient();
  let idleTimeoutMs: Promise<number> | undefined;
  const getLanguage = () => {
    const current = loaded.i18n?.language;
    return isLanguage(current) ? current : language;
  };
  const { session, refresher, apiClient, manager } = createSessionServices({
    baseUrl: apiBaseUrl,
    storage: sessionStore,
    queryClient,
    getLanguage,
    // The brand's idle time (15 minutes; 5 under PSD2), unless the operator set one in /config.json.
    resolveIdleTimeoutMs: () =>
      (idleTimeoutMs ??= runtimeConfig().then(({ idleTimeoutSeconds }) =>
        idleTimeoutSeconds !== null ? idleTimeoutSeconds * 1000 : brand.idleTimeoutMinutes * 60_000,
      )),
  });

  // The router starts fetching the first route's code while the locale loads.
  const router = createAppRouter({ session, refresher, apiClient, queryClient, getLanguage });
  const i18n = await i18nReady;
  loaded.i18n = i18n;

  createRoot(container).render(
    <StrictMode>
      <AppProviders
        brand={brand}
        i18n={i18n}
        session={session}
        sessionManager={manager}
        apiClient={apiClient}
        queryClient={queryClient}
      >
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  announceReadyToWrapper();
}
