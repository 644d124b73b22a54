import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/app/session';
import { useLanguage } from '@/i18n';
import { profileKeys } from '../keys';

/** Calling codes by country (the phone form's country list). */
export function usePhoneCodes() {
  const client = useApiClient();
  return useQuery({
    queryKey: profileKeys.phoneCodes(),
    queryFn: async () => (await client.main('getPhoneCodes', {})).phoneCodes,
    staleTime: Infinity,
  });
}

/** Countries named in the page's language. */
export function useCountries() {
  const client = useApiClient();
  const { language } = useLanguage();
  return useQuery({
    queryKey: profileKeys.countries(language),
    queryFn: async () => (await client.main('getCountries', {})).countries,
    staleTime: Infinity,
  });
}

/** The states an address in the country names; empty where the country has none listed. */
export function useStates(countryCode: string) {
  const client = useApiClient();
  const { language } = useLanguage();
  return useQuery({
    queryKey: profileKeys.states(language, countryCode),
    queryFn: async () => (await client.main('getStates', { countryCode })).states,
    staleTime: Infinity,
    enabled: /^[A-Z]{2}$/.test(countryCode),
  });
}
