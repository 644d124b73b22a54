import { useQuery } from '@tanstack/react-query';
import type { MainRequest } from '@ledgerline/contract';
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

export function useP2pBeneficiaries() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: transferKeys.beneficiaries(customerId),
    queryFn: async () => (await client.main('getP2pBeneficiaries', {})).beneficiaries,
  });
}

/** The latest transfers of a type; disabled ones are hidden unless asked for. */
export function useRecentTransfers(request: MainRequest<'getRecentTransfers'>) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: transferKeys.recent(customerId, request),
    queryFn: async () => (await client.main('getRecentTransfers', request)).transfers,
  });
}
