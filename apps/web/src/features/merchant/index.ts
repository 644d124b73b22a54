/*
 * Merchant tools (issue 18; spec 2 §2 merchant sub-pages): the company's API keys and allowed IP
 * ranges at /merchant/internal/api_key, a key's request log at /merchant/internal/api_log, the
 * webhook endpoints and their delivery log at /merchant/internal/webhook_log, and the IPN
 * history and settings at /merchant/ipn/history and /merchant/ipn/settings; identity
 * verification requests, their history and reputation under /merchant/security/.
 */
export { MerchantIndexPage, MerchantLayout } from './components/merchant-layout';
export { ApiKeysPage } from './components/api-keys-page';
export { ApiLogPage } from './components/api-log-page';
export { SavedButtonsPage } from './components/saved-buttons-page';
export { BusinessLogosPage } from './components/business-logos-page';
export { PbnSettingsPage } from './components/pbn-settings-page';
export { SubscribersPage } from './components/subscribers-page';
export { VerificationPage } from './components/verification-page';
export { VerificationHistoryPage } from './components/verification-history-page';
export { ReputationPage } from './components/reputation-page';
export { WebhookLogPage } from './components/webhook-log-page';
export { IpnHistoryPage } from './components/ipn-history-page';
export { IpnSettingsPage } from './components/ipn-settings-page';
