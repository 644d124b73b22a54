import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient, MainRequest } from '@ledgerline/contract';
import { sessionKeys, useApiClient, useSessionState } from '@/app/session';
import { securityKeys } from '../keys';

export function securitySettingsQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: securityKeys.settings(),
    queryFn: () => client.main('getSecuritySettings', {}),
  });
}

/** The second-factor modes for sign-in and transactions, and the ones the user may switch to. */
export function useSecuritySettings() {
  return useQuery(securitySettingsQueryOptions(useApiClient()));
}

/**
 * After a second-factor change (here, in another tab, or announced by the realtime events):
 * the settings and the customer info (login2faMode, transactionApproveMode) are read again.
 */
export function useRefreshSecondFactor() {
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: securityKeys.settings() }),
      queryClient.invalidateQueries({ queryKey: sessionKeys.customerInfo(customerId) }),
    ]);
}

export type SetTwoStepRequest = MainRequest<'setTwoStepVerification'>;
export type ConfirmTwoStepRequest = MainRequest<'confirmTwoStepVerification'>;

/** Starts a change; the answer says how to confirm it (code by e-mail or SMS, the app, the phone). */
export function useSetTwoStepVerification() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (request: SetTwoStepRequest) => client.main('setTwoStepVerification', request),
  });
}

export function useConfirmTwoStepVerification() {
  const client = useApiClient();
  const refresh = useRefreshSecondFactor();
  return useMutation({
    mutationFn: (request: ConfirmTwoStepRequest) =>
      client.main('confirmTwoStepVerification', request),
    onSuccess: () => refresh(),
  });
}
