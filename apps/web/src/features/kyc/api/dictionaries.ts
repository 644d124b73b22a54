import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/app/session';
import { useLanguage } from '@/i18n';
import { kycKeys } from '../keys';

/** The document categories with the types offered in a country, named in the page's language. */
export function useDocumentCategories(countryCode: string) {
  const client = useApiClient();
  const { language } = useLanguage();
  return useQuery({
    queryKey: kycKeys.categories(language, countryCode),
    queryFn: async () => (await client.main('getDocumentCategories', { countryCode })).categories,
    staleTime: Infinity,
    enabled: /^[A-Z]{2}$/.test(countryCode),
  });
}

/** Countries named in the page's language. */
export function useCountries() {
  const client = useApiClient();
  const { language } = useLanguage();
  return useQuery({
    queryKey: kycKeys.countries(language),
    queryFn: async () => (await client.main('getCountries', {})).countries,
    staleTime: Infinity,
  });
}
