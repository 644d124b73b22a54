import { useMutation } from '@tanstack/react-query';
import type { ApiClient, MainResponse } from '@ledgerline/contract';
import type { ActivationAction } from '@ledgerline/domain/registration';
import { useApiClient } from '@/app/session';

export interface ActivationRequest {
  action: ActivationAction;
  email: string;
  code: string;
}

/** activationBusiness uses the business call (email, activationCode); the others activateAccount (username, activationCode). */
export function activateAccount(
  client: ApiClient,
  request: ActivationRequest,
): Promise<MainResponse<'activateAccount'>> {
  if (request.action === 'activationBusiness') {
    return client.main('activateBusiness', { email: request.email, activationCode: request.code });
  }
  return client.main('activateAccount', { username: request.email, activationCode: request.code });
}

export function useActivateAccount() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (request: ActivationRequest) => activateAccount(client, request),
  });
}
