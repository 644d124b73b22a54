import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { isSafeInitialPath } from '@ledgerline/domain/safe-path';
import {
  accessInfoQueryOptions,
  customerInfoQueryOptions,
  getPendingSignIn,
  type SessionStore,
  type TokenRefresher,
} from './session';

/** What the route guards work with: the session, its refresher, the API client and the cache. */
export interface GuardDependencies {
  session: SessionStore;
  refresher: TokenRefresher;
  apiClient: ApiClient;
  queryClient: QueryClient;
  /** The language the API is asked in (a screen's loader keys language-bound reads by it). */
  getLanguage?: () => string;
  /** Leaves this app for another site (the old web client); the browser's own by default. */
  leaveApp?: (url: string) => void;
}

const FROM_CUSTOMER_ID = 'fromCustomerId';

/** Keeps the query string (e.g. ?emailConfirmation=success) when sending the visitor on. */
function withSearch(path: string, request: Request): string {
  return `${path}${new URL(request.url).search}`;
}

/** `?fromCustomerId=` acts on behalf of that customer (spec 1 §2): the session carries it as Customer-Id. */
function carryCustomerId(session: SessionStore, request: Request): void {
  const raw = new URL(request.url).searchParams.get(FROM_CUSTOMER_ID);
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return;
  const id = Number(raw);
  if (id <= 2_147_483_647 && session.getCustomerId() !== id) session.setCustomerId(id);
}

/**
 * Signed in with a token in memory, or — after a reload of the tab, when only the non-secret
 * isAuthed flag survived — restored by one refresh with the HttpOnly cookie (spec 1 §4).
 */
async function hasSession({ session, refresher }: GuardDependencies): Promise<boolean> {
  if (session.isAuthenticated()) return true;
  if (!session.getState().isAuthed) return false;
  return refresher.refresh();
}

/** Restricted layout: no session, no entry (spec 1 §2). */
export function requireSession(deps: GuardDependencies) {
  return async ({ request }: LoaderFunctionArgs) => {
    carryCustomerId(deps.session, request);
    if (!(await hasSession(deps))) throw redirect(withSearch('/login', request));
    return null;
  };
}

/**
 * Main layout: as requireSession, and a stored SEI path redirects first (spec 1 §2). A visitor
 * without a session goes to /login, and the page asked for is kept as the initial path, opened
 * once after sign-in (spec 1 §4 rule 5).
 */
export function requireMainSession(deps: GuardDependencies) {
  return async ({ request }: LoaderFunctionArgs) => {
    const { session } = deps;
    carryCustomerId(session, request);
    const url = new URL(request.url);
    if (!(await hasSession(deps))) {
      const wanted = `${url.pathname}${url.search}`;
      if (isSafeInitialPath(wanted) && url.pathname !== '/home') session.setInitialPath(wanted);
      throw redirect(withSearch('/login', request));
    }
    const seiPath = session.getState().seiPath;
    if (seiPath !== undefined) {
      session.setSeiPath(undefined);
      if (isSafeInitialPath(seiPath) && seiPath !== url.pathname) throw redirect(seiPath);
    }
    await loadNavigationFacts(deps);
    return null;
  };
}

/**
 * The navigation shows "Transfers" only to a user who may open a transfer screen, and home's
 * actions follow the same access info: read it before the layout's first paint, so the page does
 * not jump when it arrives (issue 13, CLS). The customer info the start page has just read is in
 * the cache already. A failure here is left to the screens, which show it.
 */
async function loadNavigationFacts({ session, apiClient, queryClient }: GuardDependencies) {
  // The frame's customer info (the forced KYC or terms screen, the greeting) starts beside it,
  // not after the layout's first render: one round trip fewer before the page (decision 119).
  void queryClient.prefetchQuery(customerInfoQueryOptions(apiClient, session.getCustomerId()));
  // One try: the screens' own queries retry, and a slow retry here would hold the page.
  await queryClient
    .ensureQueryData({
      ...accessInfoQueryOptions(apiClient, session.getCustomerId()),
      retry: false,
    })
    .catch(() => undefined);
}

/**
 * A screen's loader that starts its first reads once the session is there, and returns at once:
 * the layout's loader checks the session and redirects, and the navigation waits for nothing
 * here. (A loader that awaited even a cached read let a page being left, such as /cards about to
 * choose its tab, redirect before a quick Back had landed.)
 */
export function prefetchWhenSignedIn(
  deps: GuardDependencies,
  prefetch: (deps: GuardDependencies, args: LoaderFunctionArgs) => Promise<void>,
) {
  return (args: LoaderFunctionArgs) => {
    // A prefetch that fails (its code could not load) leaves the reads to the screen.
    void hasSession(deps)
      .then((signedIn) => (signedIn ? prefetch(deps, args) : undefined))
      .catch(() => undefined);
    return null;
  };
}

/**
 * Pages open to everyone (/terms, the 404 page): a tab that was signed in before a reload gets
 * its session back, so the page can keep the signed-in header; nobody is sent away.
 */
export function restoreSession(deps: GuardDependencies) {
  return async () => {
    await hasSession(deps);
    return null;
  };
}

export interface LoginLoaderData {
  /** Signing in with ?code=&codeVerifier= failed: why, for the page to show. */
  codeSignInError?: unknown;
}

/**
 * /login: `?code=&codeVerifier=` signs in from a code (spec 1 §2); a live session — also one a
 * reload left behind, refreshed once — goes home (spec 1 §2 "tokens are refreshed and the user
 * goes home").
 */
export function loginLoader(deps: GuardDependencies) {
  return async ({ request }: LoaderFunctionArgs): Promise<LoginLoaderData | null> => {
    const { session } = deps;
    carryCustomerId(session, request);
    const url = new URL(request.url);
    const code = url.searchParams.get('code');
    const codeVerifier = url.searchParams.get('codeVerifier');
    if (code && codeVerifier) {
      // The code and verifier never stay in the address (history, screenshots, referrers).
      url.searchParams.delete('code');
      url.searchParams.delete('codeVerifier');
      try {
        const { exchangeCodeForSession } = await import('./session/token-exchange');
        await exchangeCodeForSession(deps.apiClient, session, { code, codeVerifier });
      } catch (error) {
        return { codeSignInError: error };
      }
      throw redirect(`/start${url.search}`);
    }
    if (await hasSession(deps)) throw redirect(withSearch('/home', request));
    return null;
  };
}

export interface StartLoaderData {
  /** The old web client the customer is being sent to (spec 1 §4 rule 1). */
  oldWebUrl?: string;
}

/** /start: after every sign-in, the start-page rules of spec 1 §4 choose the first screen. */
export function startLoader(deps: GuardDependencies) {
  return async ({ request }: LoaderFunctionArgs): Promise<StartLoaderData | null> => {
    const { session } = deps;
    carryCustomerId(session, request);
    if (!(await hasSession(deps))) throw redirect('/login');
    const { resolveStartPage, safeOldWebUrl } = await import('./session/start-page');
    const destination = await resolveStartPage(deps);
    switch (destination.kind) {
      case 'navigate':
        throw redirect(destination.path);
      case 'terms':
        throw redirect('/accept-terms');
      case 'companyChoice':
        throw redirect('/company-access');
      case 'oldWeb': {
        const target = safeOldWebUrl(destination.url);
        if (!target) break;
        (deps.leaveApp ?? ((url: string) => window.location.assign(url)))(target);
        return { oldWebUrl: target };
      }
      case 'login':
        break;
    }
    // Nothing this sign-in may open: the session ends and the sign-in page says so.
    session.end('noAccess');
    throw redirect('/login');
  };
}

/** /scp: only with a login result to continue (spec 1 §2), or from a signed-in session (soft migration). */
export function requireSignInResult(deps: GuardDependencies) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (getPendingSignIn()) return null;
    if (await hasSession(deps)) return null;
    throw redirect(withSearch('/login', request));
  };
}

/** `/` goes to the sign-in page (spec 1 §2). */
export function redirectToLogin({ request }: LoaderFunctionArgs) {
  return redirect(withSearch('/login', request));
}
