import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { LanguagePicker } from '@/ui/language-picker';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import classes from './layouts.module.css';

/** Pages for visitors who are not signed in: sign-in, registration, recovery. */
export function ExternalLayout() {
  return (
    <ExternalFrame>
      <Outlet />
    </ExternalFrame>
  );
}

/** The visitor's header (brand, language) and footer around a page. */
export function ExternalFrame({ children }: { children: ReactNode }) {
  return (
    <div className={classes.page}>
      <SkipLink />
      <SiteHeader homePath="/login">
        <LanguagePicker />
      </SiteHeader>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
