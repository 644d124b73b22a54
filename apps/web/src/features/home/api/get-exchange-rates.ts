import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/app/session';
import { homeKeys } from '../keys';

/** The EUR-based reference rates of the latest date the server holds (one set per day). */
export function useDefaultExchangeRates(options: { enabled: boolean }) {
  const client = useApiClient();
  return useQuery({
    queryKey: homeKeys.exchangeRates(),
    queryFn: () => client.main('getDefaultExchangeRates', {}),
    staleTime: 10 * 60_000,
    enabled: options.enabled,
  });
}
