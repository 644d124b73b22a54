export { answerAnnouncementAudited, listAnnouncements, readAnnouncement } from './announcements';
