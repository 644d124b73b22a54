import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Announcement, ApiClient } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { useLanguage } from '@/i18n';
import { newsKeys } from '../keys';

export function announcementsQueryOptions(
  client: ApiClient,
  customerId: number | undefined,
  language: string,
) {
  return queryOptions({
    queryKey: newsKeys.list(customerId, language),
    queryFn: async () => (await client.main('getAnnouncements', {})).announcements,
  });
}

/** Every announcement for the acting customer, newest first as the server sends them. */
export function useAnnouncements() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  const { language } = useLanguage();
  return useQuery(announcementsQueryOptions(client, customerId, language));
}

const countUnread = (list: Announcement[]): number => list.filter((item) => !item.isRead).length;

/** How many announcements wait to be read (the navigation's badge); 0 until they are loaded. */
export function useUnreadAnnouncementCount(options: { enabled: boolean }): number {
  const client = useApiClient();
  const { customerId } = useSessionState();
  const { language } = useLanguage();
  const query = useQuery({
    ...announcementsQueryOptions(client, customerId, language),
    select: countUnread,
    enabled: options.enabled,
  });
  return query.data ?? 0;
}
