import type { ReactNode } from 'react';
import { SignOutButton } from '@/features/auth';
import { ActingBanner } from '@/features/admin-overview';
import { BatchPartiallyNotice } from '@/features/transfers/nav';
import { RealtimeProvider } from '@/app/session/realtime-provider';
import { LanguagePicker } from '@/ui/language-picker';
import { CompanySwitcher } from './company-switcher';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { MainNav } from './main-nav';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { useIsPhone } from './use-is-phone';
import classes from './layouts.module.css';

/**
 * What a signed-in customer sees around every page: the brand's header, the main navigation
 * (a bar at the bottom on a phone, where Sign out moves into its "More" sheet with its name) and
 * the footer. Used by the main layout and by the pages open to everyone (/terms, the 404 page).
 */
export function SignedInFrame({
  isNavEnabled,
  children,
}: {
  isNavEnabled: boolean;
  children: ReactNode;
}) {
  const isPhone = useIsPhone();
  return (
    // The tab's one realtime channel lives as long as the signed-in layout (closed on sign-out).
    <RealtimeProvider>
      <div className={isPhone ? `${classes.page} ${classes.withPhoneNav}` : classes.page}>
        <SkipLink />
        <SiteHeader homePath="/home">
          <CompanySwitcher />
          <LanguagePicker />
          {!isPhone && <SignOutButton />}
        </SiteHeader>
        {/* Issue 15: whom an administrator acts for, with "Stop acting". */}
        <ActingBanner />
        {!isPhone && <MainNav enabled={isNavEnabled} isPhone={false} />}
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className={`${classes.main} ${classes.signedInMain}`}
        >
          {children}
        </main>
        <SiteFooter />
        {/* Issue 17B: a mass batch ended partly paid (the batchPartially notification). */}
        <BatchPartiallyNotice />
        {/* Last in the page, as it is last on the screen: after the content in the tab order. */}
        {isPhone && <MainNav enabled={isNavEnabled} isPhone />}
      </div>
    </RealtimeProvider>
  );
}
