import { useMutation } from '@tanstack/react-query';
import type { MainRequest } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';

/** Employee activation, first step: checks the link and answers the TOTP secret to scan (issue 15A). */
export function useStartEmployeeActivation() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (request: MainRequest<'startEmployeeActivation'>) =>
      client.main('startEmployeeActivation', request),
  });
}

/** Employee activation, last step: password and the authenticator's code; the link is used up. */
export function useActivateEmployee() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (request: MainRequest<'activateEmployee'>) =>
      client.main('activateEmployee', request),
  });
}
