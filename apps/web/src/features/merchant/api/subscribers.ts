import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@/app/session';
import { merchantKeys } from '../keys';

/*
 * The company's subscribers (issue 18; spec 2 §7 "Subscriber list and cancel; instalment list",
 * §9 50 a page): its customers' recurring pre-approvals, the instalments of one, and cancelling.
 */

const subscriberKeys = {
  all: (customerId: number) => [...merchantKeys.of(customerId), 'subscribers'] as const,
  page: (customerId: number, pageNumber: number) =>
    [...subscriberKeys.all(customerId), pageNumber] as const,
  instalments: (customerId: number, subscriptionId: number, pageNumber: number) =>
    [...subscriberKeys.all(customerId), 'instalments', subscriptionId, pageNumber] as const,
};

export function useSubscribers(customerId: number, pageNumber: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: subscriberKeys.page(customerId, pageNumber),
    queryFn: () => client.main('getSubscribers', { pageNumber }),
    placeholderData: keepPreviousData,
  });
}

export function useInstalments(
  customerId: number,
  subscriptionId: number | null,
  pageNumber: number,
) {
  const client = useApiClient();
  return useQuery({
    queryKey: subscriberKeys.instalments(customerId, subscriptionId ?? 0, pageNumber),
    queryFn: () =>
      client.main('getSubscriptionInstalments', { subscriptionId: subscriptionId!, pageNumber }),
    enabled: subscriptionId !== null,
  });
}

export function useCancelSubscription(customerId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionId: number) => client.main('cancelSubscription', { subscriptionId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriberKeys.all(customerId) }),
  });
}
