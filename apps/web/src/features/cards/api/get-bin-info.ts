import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';
import { cardKeys } from '../keys';

export function binInfoQueryOptions(client: ApiClient, bin: string) {
  return queryOptions({
    queryKey: cardKeys.binInfo(bin),
    queryFn: () => client.main('getBinInfo', { binNumber: bin }),
    // One lookup per BIN: typing the rest of the number, or the same BIN again, asks nothing.
    staleTime: Infinity,
    retry: false,
  });
}

/** What the BIN (the first six digits, spaces removed; spec 2 §5) says about the card; null BIN asks nothing. */
export function useBinInfo(bin: string | null) {
  const client = useApiClient();
  return useQuery({ ...binInfoQueryOptions(client, bin ?? ''), enabled: bin !== null });
}
