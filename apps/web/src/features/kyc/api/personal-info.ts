import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PersonalInfoUpdate } from '@ledgerline/contract';
import { sessionKeys, useApiClient, useSessionState } from '@/app/session';
import { kycKeys } from '../keys';

/** What personal information must be updated and why (/profile-update). */
export function usePersonalInfo() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: kycKeys.personalInfo(customerId),
    queryFn: ({ signal }) => client.main('getPersonalInfo', {}, { signal }),
  });
}

export function useUpdatePersonalInfo() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  return useMutation({
    mutationFn: (input: PersonalInfoUpdate) => client.main('updatePersonalInfo', input),
    onSuccess: async (answer) => {
      queryClient.setQueryData(kycKeys.personalInfo(customerId), answer);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.customerInfo(customerId) });
    },
  });
}
