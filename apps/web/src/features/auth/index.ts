export { LoginPage } from './components/login-page';
export { SignOutButton } from './components/sign-out-button';
