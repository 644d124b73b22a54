import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '@/ui/page-loader';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorPage } from './pages/route-error-page';
import { redirectToLogin, redirectWhenSignedIn, requireSession } from './guards';
import type { SessionStore } from './session';

export interface RouterDependencies {
  session: SessionStore;
}

/**
 * Every route of the app. Layouts and screens are lazy modules, so the first load carries only
 * what the first page needs. Guards are loaders and run before a screen's code is fetched.
 * Routes not built yet (/register, /account-recovery, …) fall through to the 404 page.
 */
export function createRoutes({ session }: RouterDependencies): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: PageLoader,
      ErrorBoundary: RouteErrorPage,
      children: [
        // The loader redirects before anything renders; the component only satisfies the router.
        { index: true, loader: redirectToLogin, Component: PageLoader },
        {
          id: 'external',
          lazy: () =>
            import('./layouts/external-layout').then((m) => ({ Component: m.ExternalLayout })),
          children: [
            {
              path: 'login',
              loader: redirectWhenSignedIn(session),
              lazy: () => import('@/features/auth').then((m) => ({ Component: m.LoginPage })),
            },
            {
              path: 'terms',
              lazy: () => import('@/features/legal').then((m) => ({ Component: m.TermsPage })),
            },
            {
              path: '*',
              lazy: () =>
                import('./pages/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
            },
          ],
        },
        {
          id: 'restricted',
          loader: requireSession(session),
          lazy: () =>
            import('./layouts/restricted-layout').then((m) => ({ Component: m.RestrictedLayout })),
          // /scp, /kyc, /self-certification-*, /company-documents, … arrive with their issues.
          children: [],
        },
        {
          id: 'clear',
          lazy: () => import('./layouts/clear-layout').then((m) => ({ Component: m.ClearLayout })),
          children: [],
        },
        {
          id: 'main',
          loader: requireSession(session),
          lazy: () => import('./layouts/main-layout').then((m) => ({ Component: m.MainLayout })),
          children: [
            {
              path: 'home',
              lazy: () => import('@/features/home').then((m) => ({ Component: m.HomePage })),
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(dependencies: RouterDependencies) {
  return createBrowserRouter(createRoutes(dependencies));
}
