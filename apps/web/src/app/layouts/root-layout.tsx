import { Outlet, ScrollRestoration } from 'react-router';
import { EmailConfirmation } from '../email-confirmation/email-confirmation';
import { UpdateCheck } from '../update-check/update-check';

/** Above every layout: the pieces that can appear on any page. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <EmailConfirmation />
      <UpdateCheck />
      <ScrollRestoration />
    </>
  );
}
