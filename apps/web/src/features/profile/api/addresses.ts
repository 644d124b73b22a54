import { useMutation, useQuery } from '@tanstack/react-query';
import type { MainRequest } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { profileKeys } from '../keys';
import { useRefreshProfile } from './get-profile';

export type AddressFields = MainRequest<'createAddress'>;

export function useCreateAddress() {
  const client = useApiClient();
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: async (address: AddressFields) =>
      (await client.main('createAddress', address)).address,
    onSuccess: () => refresh(),
  });
}

/**
 * Whether the address may be replaced by one in the chosen country now, and whether a document
 * will be needed (spec 2 §7 "address replacement check (countryCode, oldAddressId)"). Asked again
 * each time the dialog opens: a replacement started elsewhere changes the answer.
 */
export function useAddressReplacementCheck(oldAddressId: number, countryCode: string) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: profileKeys.replacementCheck(customerId, oldAddressId, countryCode),
    queryFn: () => client.main('checkAddressReplacement', { countryCode, oldAddressId }),
    enabled: /^[A-Z]{2}$/.test(countryCode),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useReplaceAddress() {
  const client = useApiClient();
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: async (request: AddressFields & { oldAddressId: number }) =>
      (await client.main('replaceAddress', request)).address,
    onSuccess: () => refresh(),
  });
}

export function useConfirmAddress() {
  const client = useApiClient();
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: async (addressId: number) =>
      (await client.main('confirmAddress', { addressId })).address,
    onSuccess: () => refresh(),
  });
}

export function useDeleteAddress() {
  const client = useApiClient();
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: (addressId: number) => client.main('deleteAddress', { addressId }),
    onSuccess: () => refresh(),
  });
}
