export { ProfilePage } from './components/profile-page';
export { NotificationSettingsPage } from './components/notification-settings-page';
