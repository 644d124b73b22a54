import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@/app/session';
import { adminKeys } from './keys';

/** The admin powers of spec 2 §6; the customer's summary is fetched again afterwards. */
export function useAdminPowers() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  return {
    assignDocument: useMutation({
      mutationFn: (input: { documentId: number; targetCustomerId: number }) =>
        client.main('adminAssignDocument', input),
      onSettled,
    }),
    removeDocument: useMutation({
      mutationFn: (documentId: number) => client.main('adminRemoveDocument', { documentId }),
      onSettled,
    }),
    deleteRepresentative: useMutation({
      mutationFn: (input: { customerId: number; userId: number }) =>
        client.main('adminDeleteRepresentative', input),
      onSettled,
    }),
  };
}
