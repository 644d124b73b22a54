export { SettingsPage } from './components/settings-page';
export { LoginHistoryPage } from './components/login-history-page';
export { PayoutBlacklistPage } from './components/payout-blacklist-page';
