import { useDebouncedValue } from '@mantine/hooks';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { PROFILE_PHONE_TYPE, phoneNumberInputSchema, type ApiClient } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';
import { profileKeys } from '../keys';
import { useRefreshProfile } from './get-profile';

/** The digits of a number as typed: what the check is cached by ("+44 7700-900 123" = "447700900123"). */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * A number worth asking about: the contract's format, and no more digits than an international
 * number has (E.164: 15). Lookups are skipped otherwise (spec 2 §5).
 */
export function isCheckablePhone(value: string): boolean {
  return phoneNumberInputSchema.safeParse(value).success && phoneDigits(value).length <= 15;
}

export function phoneCheckQueryOptions(client: ApiClient, countryCode: string, phone: string) {
  return queryOptions({
    queryKey: profileKeys.phoneCheck(countryCode, phoneDigits(phone)),
    queryFn: () =>
      client.main('checkPhone', { phoneCountryCode: countryCode, phone: phone.trim() }),
    // An answer stays good for the visit: the same value is not asked twice (spec 2 §5).
    staleTime: Infinity,
    retry: false,
  });
}

export type PhoneCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'failed' }
  | { state: 'checked'; valid: boolean; exists: boolean };

/** The check of the number being typed, once it has settled and looks like a number. */
export function usePhoneCheck(countryCode: string, phone: string): PhoneCheck {
  const client = useApiClient();
  const [settled] = useDebouncedValue(phone.trim(), 400);
  const enabled = countryCode !== '' && settled === phone.trim() && isCheckablePhone(settled);
  const query = useQuery({ ...phoneCheckQueryOptions(client, countryCode, settled), enabled });
  if (!enabled) return { state: 'idle' };
  if (query.isError) return { state: 'failed' };
  if (!query.data) return { state: 'checking' };
  return { state: 'checked', valid: query.data.valid, exists: query.data.exists };
}

/** Adds a mobile phone, or with phoneId a replacement of it (spec 2 §7 "phoneType 2, phoneId"). */
export function useAddPhone() {
  const client = useApiClient();
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: async (request: { phoneCountryCode: string; phone: string; phoneId?: number }) =>
      (await client.main('addPhone', { ...request, phoneType: PROFILE_PHONE_TYPE })).phone,
    onSuccess: () => refresh(),
  });
}

export function useConfirmPhone() {
  const client = useApiClient();
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: async (request: { phoneId: number; code: string }) =>
      (await client.main('confirmPhone', request)).phone,
    onSuccess: () => refresh(),
  });
}

export function useRequestPhoneConfirmation() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (phoneId: number) => client.main('requestPhoneConfirmation', { phoneId }),
  });
}
