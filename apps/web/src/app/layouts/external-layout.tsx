import { Outlet } from 'react-router';
import { LanguagePicker } from '@/ui/language-picker';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import classes from './layouts.module.css';

/** Pages for visitors who are not signed in: sign-in, registration, recovery, legal terms, 404. */
export function ExternalLayout() {
  return (
    <div className={classes.page}>
      <SkipLink />
      <SiteHeader homePath="/login">
        <LanguagePicker />
      </SiteHeader>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
