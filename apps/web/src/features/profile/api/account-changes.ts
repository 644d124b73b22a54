import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '@/app/session';
import { useRefreshProfile } from './get-profile';

/** The tax number shows in the session's customer info too. */
export function useUpdateTaxNumber() {
  const client = useApiClient();
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: async (taxId: string) => (await client.main('updateTaxNumber', { taxId })).customer,
    onSuccess: () => refresh({ customerInfo: true }),
  });
}

/** A request to change the login e-mail; the bank reviews it. */
export function useRequestUsernameChange() {
  const client = useApiClient();
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: async (newUsername: string) =>
      (await client.main('requestUsernameChange', { newUsername })).request,
    onSuccess: () => refresh(),
  });
}

/** A business user's own personal customer; it joins the customers the user may act for (access info). */
export function useCreatePersonalAccount() {
  const client = useApiClient();
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: async () => (await client.main('createPersonalAccount', {})).customerId,
    onSuccess: () => refresh({ customerInfo: true }),
  });
}
