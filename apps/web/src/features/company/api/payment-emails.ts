import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient, useSessionState } from '@/app/session';
import { companyKeys } from '../keys';

/** The company's payment e-mail addresses (/company-emails). */
export function usePaymentEmails() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: companyKeys.paymentEmails(customerId),
    queryFn: async () => (await client.main('getCompanyPaymentEmails', {})).emails,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  return () => queryClient.invalidateQueries({ queryKey: companyKeys.paymentEmails(customerId) });
}

export function usePaymentEmailActions() {
  const client = useApiClient();
  const refresh = useRefresh();
  return {
    add: useMutation({
      mutationFn: async (email: string) =>
        (await client.main('addCompanyPaymentEmail', { email })).email,
      onSuccess: () => refresh(),
    }),
    confirm: useMutation({
      mutationFn: async (request: { emailId: number; confirmationCode: string }) =>
        (await client.main('confirmCompanyPaymentEmail', request)).email,
      onSuccess: () => refresh(),
    }),
    resend: useMutation({
      mutationFn: (emailId: number) => client.main('resendCompanyPaymentEmailCode', { emailId }),
    }),
    remove: useMutation({
      mutationFn: (emailId: number) => client.main('deleteCompanyPaymentEmail', { emailId }),
      onSuccess: () => refresh(),
    }),
  };
}
