import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { SessionStore } from './session';

/** Keeps the query string (e.g. ?emailConfirmation=success) when sending the visitor on. */
function withSearch(path: string, request: Request): string {
  return `${path}${new URL(request.url).search}`;
}

/** Main and restricted layouts: no session, no entry (spec 1 §2). */
export function requireSession(session: SessionStore) {
  return ({ request }: LoaderFunctionArgs) => {
    if (!session.isAuthenticated()) throw redirect(withSearch('/login', request));
    return null;
  };
}

/** /login with a live session goes home instead (spec 1 §2 "the user goes home"). */
export function redirectWhenSignedIn(session: SessionStore) {
  return ({ request }: LoaderFunctionArgs) => {
    if (session.isAuthenticated()) throw redirect(withSearch('/home', request));
    return null;
  };
}

/** `/` goes to the sign-in page (spec 1 §2). */
export function redirectToLogin({ request }: LoaderFunctionArgs) {
  return redirect(withSearch('/login', request));
}
