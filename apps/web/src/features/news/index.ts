export { NewsPage } from './components/news-page';
export { AnnouncementPage } from './components/announcement-page';
export { useUnreadAnnouncementCount } from './api/get-announcements';
