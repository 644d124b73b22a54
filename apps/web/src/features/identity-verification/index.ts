export { StartIdentityCheck } from './components/start-identity-check';
export { IdentityVerificationPage, VideoIdentityJobPage } from './components/provider-page';
