import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MainRequest } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { useLanguage } from '@/i18n';
import { externalKeys } from '../keys';

/*
 * The lookups of the external-transfer form (spec 2 §5, §7 "External transfers"). Each one runs
 * only when its inputs are present: the caller passes null until then.
 */

/** Which countries SEPA, ACH and Faster Payments reach (a dictionary: fetched once per visit). */
export function usePaymentSchemeCountries() {
  const client = useApiClient();
  return useQuery({
    queryKey: externalKeys.schemes(),
    queryFn: () => client.main('getPaymentSchemeCountries', {}),
    staleTime: Infinity,
  });
}

export function useBlockedBins(enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: externalKeys.blockedBins(),
    queryFn: async () => (await client.main('getBlockedBins', {})).bins,
    staleTime: Infinity,
    enabled,
  });
}

export function useBankList(countryCode: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: externalKeys.banks(countryCode ?? ''),
    queryFn: async () =>
      (await client.main('getBankList', { countryCode: countryCode ?? '' })).banks,
    staleTime: Infinity,
    enabled: countryCode !== null,
  });
}

export function useBranchCodes(request: { countryCode: string; bankCode: string } | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: externalKeys.branches(request?.countryCode ?? '', request?.bankCode ?? ''),
    queryFn: async () =>
      (await client.main('getBranchCodes', request ?? { countryCode: '', bankCode: '' }))
        .bankBranches,
    staleTime: Infinity,
    enabled: request !== null,
  });
}

/** The bank an IBAN belongs to (one lookup per IBAN: the answer does not change during a visit). */
export function useBankByIban(iban: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: externalKeys.bankByIban(iban ?? ''),
    queryFn: async () => (await client.main('getBankByIban', { iban: iban ?? '' })).bank,
    staleTime: Infinity,
    retry: false,
    enabled: iban !== null,
  });
}

export function useBankBySwift(swift: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: externalKeys.bankBySwift(swift ?? ''),
    queryFn: async () => (await client.main('getBankBySwift', { swift: swift ?? '' })).bank,
    staleTime: Infinity,
    retry: false,
    enabled: swift !== null,
  });
}

export function useInstantInfo(countryCode: string | null) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: externalKeys.instantInfo(customerId, countryCode ?? ''),
    queryFn: () => client.main('getInstantInfo', { countryCode: countryCode ?? '' }),
    retry: false,
    enabled: countryCode !== null,
  });
}

export function useExtraParams(request: MainRequest<'getExtraParams'> | null) {
  const client = useApiClient();
  const { language } = useLanguage();
  return useQuery({
    queryKey: externalKeys.extraParams(
      language,
      request?.type ?? '',
      request?.countryCode ?? '',
      request?.currency ?? '',
      request?.scheme ?? '',
    ),
    queryFn: async () =>
      (
        await client.main(
          'getExtraParams',
          request ?? { type: 'wire', countryCode: '', currency: '' },
        )
      ).extraParams,
    staleTime: Infinity,
    enabled: request !== null,
  });
}

/** Whether the customer's address and details allow the transfer, and what to fix if not. */
export function useTransferDetails(request: MainRequest<'getTransferDetails'> | null) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: externalKeys.details(customerId, request ?? {}),
    queryFn: () =>
      client.main(
        'getTransferDetails',
        request ?? { type: 'wire', fromAccount: 0, countryCode: '' },
      ),
    enabled: request !== null,
  });
}

/** The fee: needs the account, the country, the currency and a positive amount. Keeps the last answer while the next loads. */
export function useExternalFee(request: MainRequest<'getExternalTransferFee'> | null) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: externalKeys.fee(customerId, request ?? {}),
    queryFn: () =>
      client.main(
        'getExternalTransferFee',
        request ?? { type: 'wire', fromAccount: 0, countryCode: '', amount: '0', currency: '' },
      ),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The most that can be sent: needs the source, the country, the currency and the operation (spec 2 §5). */
export function useExternalMaxAmount(request: MainRequest<'getExternalMaxAmount'> | null) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: externalKeys.maxAmount(customerId, request ?? {}),
    queryFn: () =>
      client.main(
        'getExternalMaxAmount',
        request ?? { type: 'wire', fromAccount: 0, countryCode: '', currency: '' },
      ),
    enabled: request !== null,
    retry: false,
  });
}

/** The limits: need the country and the source account (spec 2 §5). */
export function useExternalLimits(request: MainRequest<'getExternalLimits'> | null) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: externalKeys.limits(customerId, request ?? {}),
    queryFn: () =>
      client.main(
        'getExternalLimits',
        request ?? { type: 'wire', fromAccount: 0, countryCode: '' },
      ),
    enabled: request !== null,
    retry: false,
  });
}

/** The latest transfers (limit 5 outside P2P, spec 2 §9); disabled ones stay hidden. */
export function useRecentTransfers() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: externalKeys.recent(customerId),
    queryFn: async () => (await client.main('getRecentTransfers', { limit: 5 })).transfers,
  });
}

/** Saved wire or EFT payees. */
export function usePaymentTemplates(type: 'wire' | 'eft' | null) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: externalKeys.templates(customerId, type ?? ''),
    queryFn: async () =>
      (await client.main('getPaymentTemplates', { type: type ?? 'wire' })).templates,
    enabled: type !== null,
  });
}

export function useSavePaymentTemplate() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  return useMutation({
    mutationFn: (request: MainRequest<'savePaymentTemplate'>) =>
      client.main('savePaymentTemplate', request),
    onSuccess: ({ template }) =>
      queryClient.invalidateQueries({
        queryKey: externalKeys.templates(customerId, template.type),
      }),
  });
}

export function useDeletePaymentTemplate(type: 'wire' | 'eft') {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  return useMutation({
    mutationFn: (id: number) => client.main('deletePaymentTemplate', { id }),
    onSuccess: ({ templates }) =>
      queryClient.setQueryData(
        externalKeys.templates(customerId, type),
        templates.filter((item) => item.type === type),
      ),
  });
}
