import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient, MainRequest } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { transferKeys } from '../keys';

/** Whether the e-mail belongs to a customer who can receive; answers are cached per e-mail (spec 2 §5). */
export function useCheckPayee(email: string | null) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: transferKeys.payee(customerId, email ?? ''),
    queryFn: () => client.main('checkPayee', { email: email ?? '' }),
    enabled: email !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** P2P recent transfers shown (spec 2 §7: limit 3, disabled ones hidden). */
export const P2P_RECENT_LIMIT = 3;

export function p2pBeneficiariesQueryOptions(client: ApiClient, customerId: number | undefined) {
  return queryOptions({
    queryKey: transferKeys.beneficiaries(customerId),
    queryFn: async () => (await client.main('getP2pBeneficiaries', {})).beneficiaries,
  });
}

export function useP2pBeneficiaries() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery(p2pBeneficiariesQueryOptions(client, customerId));
}

export function recentTransfersQueryOptions(
  client: ApiClient,
  customerId: number | undefined,
  request: MainRequest<'getRecentTransfers'>,
) {
  return queryOptions({
    queryKey: transferKeys.recent(customerId, request),
    queryFn: async () => (await client.main('getRecentTransfers', request)).transfers,
  });
}

/** The latest transfers of a type; disabled ones are hidden unless asked for. */
export function useRecentTransfers(request: MainRequest<'getRecentTransfers'>) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery(recentTransfersQueryOptions(client, customerId, request));
}
