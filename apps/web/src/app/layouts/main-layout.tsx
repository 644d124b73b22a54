import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router';
import {
  customerInfoQueryOptions,
  useApiClient,
  useIsAuthenticated,
  useSessionState,
} from '@/app/session';
import { isApiError } from '@/lib/api-error';
import { SignedInFrame } from './signed-in-frame';

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
    <SignedInFrame isNavEnabled={!forcedTo}>
      <Outlet />
    </SignedInFrame>
  );
}

/**
 * Screens the customer cannot skip (spec 1 §2 "A logged-in user who needs KYC is forced to KYC"):
 * KYC, and the terms while they wait to be accepted (TE). Read from the same customer info the
 * screens use, so it costs no extra call.
 */
export function useForcedScreen(enabled: boolean): string | undefined {
  const client = useApiClient();
  const { customerId } = useSessionState();
  const info = useQuery({ ...customerInfoQueryOptions(client, customerId), enabled });
  if (info.data?.customer.isNeedKyc) return '/kyc';
  const code = isApiError(info.error) ? info.error.responseCode : undefined;
  if (code === 'TE' || code === 'TERMS_ERROR') return '/accept-terms';
  return undefined;
}
