export { KycPage } from './components/kyc-page';
export { ProfileUpdatePage } from './components/profile-update-page';
