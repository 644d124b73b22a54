import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MainMethods } from '@ledgerline/contract';
import type { z } from 'zod';
import { useApiClient } from '@/app/session';
import { merchantKeys } from '../keys';

/*
 * Instant payment notifications (spec 2 §3, §4, §7 IPN settings, list, get, confirm): main-API
 * methods acting for the session's company. The history is 25 a page; pages append, and more
 * exist while pageSize × pageNumber ≤ total (spec 2 §4).
 */
export type IpnSettingsUpdate = z.input<MainMethods['updateIpnSettings']['request']>;

export function useIpnSettings(customerId: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: merchantKeys.ipnSettings(customerId),
    queryFn: async () => (await client.main('getIpnSettings', {})).settings,
  });
}

/** Saves the settings; the answer replaces the cached ones and holds a new secret when one was made. */
export function useUpdateIpnSettings(customerId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IpnSettingsUpdate) => client.main('updateIpnSettings', input),
    onSuccess: (answer) =>
      queryClient.setQueryData(merchantKeys.ipnSettings(customerId), answer.settings),
  });
}

export function useIpnList(customerId: number) {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: merchantKeys.ipnList(customerId),
    initialPageParam: 1,
    queryFn: ({ pageParam }) => client.main('getIpnList', { pageNumber: pageParam }),
    getNextPageParam: (page) =>
      page.pageSize * page.pageNumber <= page.total && page.ipnMessages.length > 0
        ? page.pageNumber + 1
        : undefined,
  });
}

/** One notification, fetched when it is opened. */
export function useIpn(customerId: number, id: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: merchantKeys.ipn(customerId, id ?? 0),
    enabled: id !== null,
    queryFn: async () => (await client.main('getIpn', { id: id ?? 0 })).ipnMessage,
  });
}

export function useConfirmIpn(customerId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await client.main('confirmIpn', { id })).ipnMessage,
    onSuccess: (message) => {
      queryClient.setQueryData(merchantKeys.ipn(customerId, message.id), message);
      return queryClient.invalidateQueries({ queryKey: merchantKeys.ipnList(customerId) });
    },
  });
}
