import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '@/app/session';
import { useRefreshProfile } from './get-profile';

/*
 * The e-mail calls of spec 2 §7 "E-mail: … add, confirm (emailId, confirmationCode), request,
 * delete, set primary". Each reads the profile again afterwards.
 */

/** Adds an unconfirmed address; the server e-mails it a 6-digit code. */
export function useAddEmail() {
  const client = useApiClient();
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: async (email: string) => (await client.main('addEmail', { email })).email,
    onSuccess: () => refresh(),
  });
}

export function useConfirmEmail() {
  const client = useApiClient();
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: async (request: { emailId: number; confirmationCode: string }) =>
      (await client.main('confirmEmail', request)).email,
    onSuccess: () => refresh(),
  });
}

/** A new code for an unconfirmed address (the earlier one stops working). */
export function useRequestEmailConfirmation() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (emailId: number) => client.main('requestEmailConfirmation', { emailId }),
  });
}

export function useDeleteEmail() {
  const client = useApiClient();
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: (emailId: number) => client.main('deleteEmail', { emailId }),
    onSuccess: () => refresh(),
  });
}

/** Where the bank writes; the sign-in e-mail changes only through a reviewed username-change request. */
export function useSetPrimaryEmail() {
  const client = useApiClient();
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: async (emailId: number) =>
      (await client.main('setPrimaryEmail', { emailId })).email,
    onSuccess: () => refresh(),
  });
}
