import { Navigate, Outlet } from 'react-router';
import { SignOutButton } from '@/features/auth';
import { useIsAuthenticated } from '@/app/session';
import { LanguagePicker } from '@/ui/language-picker';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import classes from './layouts.module.css';

/**
 * Online banking proper; requires a session (spec 1 §2 "Main layout"). The route loader checks on
 * entry; this check follows the session while the page is open (sign-out, expiry in another call).
 */
export function MainLayout() {
  const isAuthenticated = useIsAuthenticated();
  if (!isAuthenticated) return <Navigate to="/login" replace />;
  return (
    <div className={classes.page}>
      <SkipLink />
      <SiteHeader homePath="/home">
        <LanguagePicker />
        <SignOutButton />
      </SiteHeader>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
