import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSetting, NotificationSettingId } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { profileKeys } from '../keys';

export function useNotificationSettings() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: profileKeys.notificationSettings(customerId),
    queryFn: async () => (await client.main('getNotificationSettings', {})).settings,
  });
}

/**
 * Saves one switch. The screen shows the value being saved while the call runs (the mutation's
 * variables) and writes the server's answer into the list; a failed save leaves the list as it
 * was, so the switch goes back by itself.
 */
export function useSetNotificationSetting() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  return useMutation({
    mutationFn: async (request: { identified: NotificationSettingId; value: boolean }) =>
      (await client.main('setNotificationSetting', request)).setting,
    onSuccess: (saved) => {
      queryClient.setQueryData<NotificationSetting[]>(
        profileKeys.notificationSettings(customerId),
        (list) => list?.map((item) => (item.identified === saved.identified ? saved : item)),
      );
    },
  });
}
