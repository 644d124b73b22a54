/*
 * The hosted pay page of a merchant's payment request (issue 18, /pay/:token): open to everyone,
 * paid by a signed-in customer of the merchant's brand through the shared transfer confirmation;
 * a saved button's page (/pay/button/:publicId) and pay-by-name's (/pay/name/:handle) start one.
 */
export { HostedPayPage } from './components/hosted-pay-page';
export { ButtonPayPage, NamePayPage } from './components/pay-link-pages';
