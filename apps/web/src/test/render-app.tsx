import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { onTestFinished } from 'vitest';
import { getBrand, type BrandConfig, type BrandId } from '@ledgerline/domain/brands';
import { isLanguage, DEFAULT_LANGUAGE, type Language } from '@ledgerline/domain/languages';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createRoutes } from '@/app/router';
import {
  createSessionServices,
  type IdleClock,
  type SessionStore,
  type TabChannel,
} from '@/app/session';
import { createI18n, whenLocaleComplete } from '@/i18n';
import { configureAnalytics } from '@/lib/analytics';
import { sessionStore } from '@/lib/storage';

export interface RenderAppOptions {
  path: string;
  brand?: BrandId | BrandConfig;
  language?: Language;
  /** The test API server's URL; '' when the screen makes no calls. */
  apiBaseUrl?: string;
  /** Prepare the session (e.g. sign in) before the first render. */
  prepareSession?: (session: SessionStore) => void;
  /** The idle time (default: the brand's). */
  idleTimeoutMs?: number;
  /** A fake clock for the idle timer only. */
  idleClock?: IdleClock;
  /** The channel between tabs (default: a BroadcastChannel, as in the browser). */
  tabChannel?: TabChannel;
  /**
   * 'first': start as the browser does, with the first part of the locale only, the rest loading
   * when a page asks for it (decision 108). Default 'whole': every text is there from the start.
   */
  locale?: 'first' | 'whole';
}

/** Renders the real app (providers, routes, guards, i18n, session, API client) at `path`. */
export async function renderApp(options: RenderAppOptions) {
  const brand =
    typeof options.brand === 'object' ? options.brand : getBrand(options.brand ?? 'pebble');
  const firstPartOnly = options.locale === 'first';
  const i18n = await createI18n(options.language ?? 'en', { loadRestAtOnce: !firstPartOnly });
  // Tests read any text at once: wait for the part of the locale the first page does not need.
  if (!firstPartOnly) await Promise.all([whenLocaleComplete(i18n), whenLocaleComplete(i18n, 'en')]);
  configureAnalytics({ baseUrl: options.apiBaseUrl ?? '', brand: brand.id });
  const queryClient = createQueryClient();
  const getLanguage = () => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
  const services = createSessionServices({
    baseUrl: options.apiBaseUrl ?? '',
    storage: sessionStore,
    queryClient,
    getLanguage,
    resolveIdleTimeoutMs: async () => options.idleTimeoutMs ?? brand.idleTimeoutMinutes * 60_000,
    ...(options.idleClock ? { clock: options.idleClock } : {}),
    ...(options.tabChannel ? { channel: options.tabChannel } : {}),
  });
  const { session, refresher, apiClient, manager } = services;
  options.prepareSession?.(session);
  // Where the app sent the browser away to (the old web client): jsdom cannot navigate.
  const leftFor: string[] = [];
  const router = createMemoryRouter(
    createRoutes({
      session,
      refresher,
      apiClient,
      queryClient,
      getLanguage,
      leaveApp: (url) => leftFor.push(url),
    }),
    { initialEntries: [options.path] },
  );
  const user = userEvent.setup();
  const view = render(
    <AppProviders
      brand={brand}
      i18n={i18n}
      session={session}
      sessionManager={manager}
      apiClient={apiClient}
      queryClient={queryClient}
      mantineEnv="test"
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
  // The manager's tab channel and idle timer must not outlive the test (nor hear the next one).
  onTestFinished(() => manager.dispose());
  return { ...view, router, session, manager, refresher, i18n, queryClient, user, leftFor };
}
