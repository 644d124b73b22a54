import type { ComponentType } from 'react';

/** On every page of the main layout while an administrator acts for a customer (issue 15). */
export { ActingBanner } from './components/acting-banner';

/* The overview's screens load as their own chunks (the banner alone rides with the main layout). */
type Loader = () => Promise<ComponentType>;
export const loadAdminOverviewPage: Loader = () =>
  import('./components/admin-overview-page').then((m) => m.AdminOverviewPage);
export const loadAdminCustomerPage: Loader = () =>
  import('./components/admin-customer-page').then((m) => m.AdminCustomerPage);
