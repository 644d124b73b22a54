import type { ComponentType } from 'react';

export { LoginPage } from './components/login-page';
export { SignOutButton } from './components/sign-out-button';

/*
 * The other screens of the sign-in area load as their own chunks: the router asks for them by
 * these loaders, so the sign-in page's first download does not carry them (decision 11).
 */
type Loader = () => Promise<ComponentType>;
export const loadStartPage: Loader = () =>
  import('./components/start-page').then((m) => m.StartPage);
export const loadScpPage: Loader = () => import('./components/scp-page').then((m) => m.ScpPage);
export const loadScpMobilePage: Loader = () =>
  import('./components/scp-page').then((m) => m.ScpMobilePage);
export const loadAcceptTermsPage: Loader = () =>
  import('./components/accept-terms-page').then((m) => m.AcceptTermsPage);
export const loadCompanyChoicePage: Loader = () =>
  import('./components/company-choice-page').then((m) => m.CompanyChoicePage);
export const loadSelfCertificationSplashPage: Loader = () =>
  import('./components/self-certification-splash-page').then((m) => m.SelfCertificationSplashPage);
