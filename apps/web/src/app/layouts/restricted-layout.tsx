import { Navigate, Outlet } from 'react-router';
import { SignOutButton } from '@/features/auth';
import { useIsAuthenticated } from '@/app/session';
import { RealtimeProvider } from '@/app/session/realtime-provider';
import { LanguagePicker } from '@/ui/language-picker';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import classes from './layouts.module.css';

/**
 * Signed in, but not yet let into online banking: second-factor set-up, KYC, self-certification,
 * company documents (spec 1 §2 "Restricted layout"). No navigation, only the way out.
 */
export function RestrictedLayout() {
  const isAuthenticated = useIsAuthenticated();
  if (!isAuthenticated) return <Navigate to="/login" replace />;
  return (
    // Realtime here too (issue 14): /kyc follows the identity provider's and compliance's answers.
    <RealtimeProvider>
      <div className={classes.page}>
        <SkipLink />
        <SiteHeader homePath="/login">
          <LanguagePicker />
          <SignOutButton />
        </SiteHeader>
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
          <Outlet />
        </main>
        <SiteFooter />
      </div>
    </RealtimeProvider>
  );
}
