import { useMutation } from '@tanstack/react-query';
import type { ApiClient, MainRequest, MainResponse } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';

export type PersonalRegistrationRequest = MainRequest<'registerPersonal'>;
export type BusinessRegistrationRequest = MainRequest<'registerBusiness'>;
export type RegistrationAnswer = MainResponse<'registerPersonal'>;

export function registerPersonal(client: ApiClient, request: PersonalRegistrationRequest) {
  return client.main('registerPersonal', request);
}

export function registerBusiness(client: ApiClient, request: BusinessRegistrationRequest) {
  return client.main('registerBusiness', request);
}

export function useRegisterPersonal() {
  const client = useApiClient();
  return useMutation<RegistrationAnswer, Error, PersonalRegistrationRequest>({
    mutationFn: (request) => registerPersonal(client, request),
  });
}

export function useRegisterBusiness() {
  const client = useApiClient();
  return useMutation<RegistrationAnswer, Error, BusinessRegistrationRequest>({
    mutationFn: (request) => registerBusiness(client, request),
  });
}
