/*
 * The hosted pay page of a merchant's payment request (issue 18, /pay/:token): open to everyone,
 * paid by a signed-in customer of the merchant's brand through the shared transfer confirmation.
 */
export { HostedPayPage } from './components/hosted-pay-page';
