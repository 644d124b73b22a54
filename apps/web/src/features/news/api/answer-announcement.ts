import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Announcement } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { useLanguage } from '@/i18n';
import { newsKeys } from '../keys';
import { replaceInList } from './get-announcement';

export type AnnouncementChoice = NonNullable<Announcement['choice']>;

/** Accepts or declines an announcement that asks for confirmation (once; the server refuses a second answer). */
export function useAnswerAnnouncement(id: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  const { language } = useLanguage();
  return useMutation({
    mutationFn: async (choice: AnnouncementChoice) =>
      (await client.main('answerAnnouncement', { id, choice })).announcement,
    onSuccess: (announcement) => {
      queryClient.setQueryData(newsKeys.detail(customerId, language, id), announcement);
      replaceInList(queryClient, customerId, language, announcement);
    },
  });
}
