export { UnverifiedAccountPage } from './components/unverified-account-page';
export { LimitedAccountPage } from './components/limited-account-page';
