import { Outlet } from 'react-router';
import { useIsAuthenticated } from '@/app/session';
import { ExternalFrame } from './external-layout';
import { useForcedScreen } from './main-layout';
import { SignedInFrame } from './signed-in-frame';

/**
 * Pages open to everyone (/terms, the 404 page). A signed-in customer keeps the signed-in header
 * and navigation there (issue 13: these pages offered "Back to sign in" and lost the navigation);
 * a visitor, or a customer held on a screen they cannot skip (KYC, new terms), sees the visitor's.
 */
export function EitherLayout() {
  const isAuthenticated = useIsAuthenticated();
  const forcedTo = useForcedScreen(isAuthenticated);
  if (isAuthenticated && !forcedTo) {
    return (
      <SignedInFrame isNavEnabled>
        <Outlet />
      </SignedInFrame>
    );
  }
  return (
    <ExternalFrame>
      <Outlet />
    </ExternalFrame>
  );
}
