import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useLocaleComplete } from '@/i18n';
import { PageLoader } from '@/ui/page-loader';
import { needsWholeLocale } from '../whole-locale';
import { ReconnectingNotice } from '../connection/reconnecting-notice';
import { EmailConfirmation } from '../email-confirmation/email-confirmation';
import { UpdateCheck } from '../update-check/update-check';

/** Above every layout: the pieces that can appear on any page. */
export function RootLayout() {
  // The sign-in page needs only the first part of the locale; any other page waits for all of it.
  const { pathname } = useLocation();
  const textsReady = useLocaleComplete(needsWholeLocale(pathname));
  if (!textsReady) return <PageLoader />;
  return (
    <>
      <Outlet />
      <EmailConfirmation />
      <UpdateCheck />
      <ReconnectingNotice />
      <ScrollRestoration />
    </>
  );
}
