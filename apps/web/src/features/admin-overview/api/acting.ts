import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { sessionKeys, useApiClient, useSessionStore } from '@/app/session';

/**
 * "Act for this customer": the server records it (audit, the customer's login history), then the
 * session carries the customer's id as Customer-Id (kept in session storage, so a reload keeps it).
 */
export function useStartActing() {
  const client = useApiClient();
  const session = useSessionStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (customerId: number) => client.main('startActingForCustomer', { customerId }),
    onSuccess: async (answer) => {
      // Nothing cached for the administrator's own customer may show for this one.
      queryClient.removeQueries({ queryKey: sessionKeys.all });
      session.setCustomerId(answer.customerId);
      await navigate('/home');
    },
  });
}

/** "Stop acting": recorded on the server, then the session forgets the customer and the overview opens. */
export function useStopActing() {
  const client = useApiClient();
  const session = useSessionStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (customerId: number) => client.main('stopActingForCustomer', { customerId }),
    // Stopping happens in the browser whatever the server answers: the banner must not trap anyone.
    onSettled: async () => {
      session.setCustomerId(undefined);
      queryClient.removeQueries({ queryKey: sessionKeys.all });
      await navigate('/admin-overview');
    },
  });
}
