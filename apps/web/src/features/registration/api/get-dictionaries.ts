import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';
import { useLanguage } from '@/i18n';
import { registrationKeys } from '../keys';

export function countriesQueryOptions(client: ApiClient, lang: string) {
  return queryOptions({
    queryKey: registrationKeys.countries(lang),
    queryFn: async () => (await client.main('getCountries', {})).countries,
    staleTime: Infinity,
  });
}

export function industryGroupsQueryOptions(client: ApiClient, lang: string) {
  return queryOptions({
    queryKey: registrationKeys.industryGroups(lang),
    queryFn: async () => (await client.main('getIndustryGroups', {})).groups,
    staleTime: Infinity,
  });
}

/** Countries named in the page's language. */
export function useCountries() {
  const client = useApiClient();
  const { language } = useLanguage();
  return useQuery(countriesQueryOptions(client, language));
}

export function useIndustryGroups(options: { enabled: boolean }) {
  const client = useApiClient();
  const { language } = useLanguage();
  return useQuery({ ...industryGroupsQueryOptions(client, language), enabled: options.enabled });
}
