import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Announcement } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { useLanguage } from '@/i18n';
import { newsKeys } from '../keys';

/** Puts a fresh copy of one announcement into the cached list, so the list agrees without a refetch. */
export function replaceInList(
  queryClient: QueryClient,
  customerId: number | undefined,
  language: string,
  announcement: Announcement,
): void {
  queryClient.setQueryData<Announcement[]>(newsKeys.list(customerId, language), (list) =>
    list?.map((item) => (item.id === announcement.id ? announcement : item)),
  );
}

/** One announcement. Reading it marks it read on the server; the cached list follows. */
export function useAnnouncement(id: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  const { language } = useLanguage();
  return useQuery({
    queryKey: newsKeys.detail(customerId, language, id),
    queryFn: async () => {
      const { announcement } = await client.main('getAnnouncement', { id });
      replaceInList(queryClient, customerId, language, announcement);
      return announcement;
    },
    enabled: Number.isInteger(id) && id > 0,
  });
}
