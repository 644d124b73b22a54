import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router';
import { SignOutButton } from '@/features/auth';
import {
  customerInfoQueryOptions,
  useApiClient,
  useIsAuthenticated,
  useSessionState,
} from '@/app/session';
import { RealtimeProvider } from '@/app/session/realtime-provider';
import { isApiError } from '@/lib/api-error';
import { LanguagePicker } from '@/ui/language-picker';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { MainNav } from './main-nav';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import classes from './layouts.module.css';

/**
 * Online banking proper; requires a session (spec 1 §2 "Main layout"). The route loader checks on
 * entry; this check follows the session while the page is open (sign-out, expiry in another call).
 */
export function MainLayout() {
  const isAuthenticated = useIsAuthenticated();
  const forcedTo = useForcedScreen(isAuthenticated);
  if (!isAuthenticated) return <Navigate to="/login" replace />;
  if (forcedTo) return <Navigate to={forcedTo} replace />;
  return (
    // The tab's one realtime channel lives as long as the signed-in layout (closed on sign-out).
    <RealtimeProvider>
      <div className={classes.page}>
        <SkipLink />
        <SiteHeader homePath="/home">
          <LanguagePicker />
          <SignOutButton />
        </SiteHeader>
        <MainNav enabled={!forcedTo} />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
          <Outlet />
        </main>
        <SiteFooter />
      </div>
    </RealtimeProvider>
  );
}

/**
 * Screens the customer cannot skip (spec 1 §2 "A logged-in user who needs KYC is forced to KYC"):
 * KYC, and the terms while they wait to be accepted (TE). Read from the same customer info the
 * screens use, so it costs no extra call.
 */
function useForcedScreen(enabled: boolean): string | undefined {
  const client = useApiClient();
  const { customerId } = useSessionState();
  const info = useQuery({ ...customerInfoQueryOptions(client, customerId), enabled });
  if (info.data?.customer.isNeedKyc) return '/kyc';
  const code = isApiError(info.error) ? info.error.responseCode : undefined;
  if (code === 'TE' || code === 'TERMS_ERROR') return '/accept-terms';
  return undefined;
}
