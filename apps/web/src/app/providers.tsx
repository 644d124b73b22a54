import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { ApiClient } from '@ledgerline/contract';
import type { BrandConfig } from '@ledgerline/domain';
import { BrandContext, accessibleCssVariables, createBrandTheme } from '@/brands';
import { ViewportProvider } from '@/lib/viewport';
import { SessionProvider, type SessionManager, type SessionStore } from './session';

export interface AppProvidersProps {
  brand: BrandConfig;
  i18n: I18n;
  session: SessionStore;
  sessionManager: SessionManager;
  apiClient: ApiClient;
  queryClient: QueryClient;
  /** Mantine's 'test' environment turns off transitions and portals (component tests). */
  mantineEnv?: 'default' | 'test';
  children: ReactNode;
}

/** Everything a screen may ask for: brand and theme, translations, server state, session, viewport. */
export function AppProviders({
  brand,
  i18n,
  session,
  sessionManager,
  apiClient,
  queryClient,
  mantineEnv = 'default',
  children,
}: AppProvidersProps) {
  const theme = useMemo(() => createBrandTheme(brand), [brand]);
  return (
    <BrandContext value={brand}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={accessibleCssVariables}
        forceColorScheme="light"
        env={mantineEnv}
      >
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <SessionProvider session={session} apiClient={apiClient} manager={sessionManager}>
              <ViewportProvider>{children}</ViewportProvider>
            </SessionProvider>
          </QueryClientProvider>
        </I18nextProvider>
      </MantineProvider>
    </BrandContext>
  );
}
