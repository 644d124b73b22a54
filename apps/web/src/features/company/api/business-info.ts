import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient, BusinessInfo, MainMethods } from '@ledgerline/contract';
import type { z } from 'zod';
import { useApiClient, useSessionState } from '@/app/session';
import { useLanguage } from '@/i18n';
import { companyKeys } from '../keys';

export function businessInfoQueryOptions(client: ApiClient, customerId: number | undefined) {
  return queryOptions({
    queryKey: companyKeys.info(customerId),
    queryFn: async () => (await client.main('getBusinessInfo', {})).businessInfo,
  });
}

/** The business company info of the company the session acts for (spec 2 §7 "Business info get"). */
export function useBusinessInfo() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery(businessInfoQueryOptions(client, customerId));
}

type Payload<M extends keyof MainMethods> = z.input<MainMethods[M]['request']>;

/** The three changes the company (full access) makes; each answer replaces the cached info. */
export function useUpdateBusinessInfo() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  const queryClient = useQueryClient();
  const keep = (info: BusinessInfo) => queryClient.setQueryData(companyKeys.info(customerId), info);
  return {
    contact: useMutation({
      mutationFn: async (payload: Payload<'updateBusinessContact'>) =>
        (await client.main('updateBusinessContact', payload)).businessInfo,
      onSuccess: keep,
    }),
    financial: useMutation({
      mutationFn: async (payload: Payload<'updateBusinessFinancialDetail'>) =>
        (await client.main('updateBusinessFinancialDetail', payload)).businessInfo,
      onSuccess: keep,
    }),
    dueDiligence: useMutation({
      mutationFn: async (payload: Payload<'updateBusinessDueDiligence'>) =>
        (await client.main('updateBusinessDueDiligence', payload)).businessInfo,
      onSuccess: keep,
    }),
  };
}

/** Countries named in the page's language (addresses and countries of business). */
export function useCountries() {
  const client = useApiClient();
  const { language } = useLanguage();
  return useQuery({
    queryKey: companyKeys.countries(language),
    queryFn: async () => (await client.main('getCountries', {})).countries,
    staleTime: Infinity,
  });
}
