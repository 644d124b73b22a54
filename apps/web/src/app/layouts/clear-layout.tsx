import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID } from './skip-link';
import classes from './layouts.module.css';

/** A bare page without header or footer, for full-screen flows (embedded signing, OAuth consent). */
export function ClearLayout() {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.clearMain}>
      <Outlet />
    </main>
  );
}
