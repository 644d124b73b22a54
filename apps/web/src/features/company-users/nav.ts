import { useQuery } from '@tanstack/react-query';
import { isBusinessCustomerType } from '@ledgerline/domain/constants';
import { accessInfoQueryOptions, useApiClient, useSessionState } from '@/app/session';

/** True while the session acts for a company: the navigation then offers its users (/company-access/users). */
export function useActsForCompany(options: { enabled?: boolean } = {}): boolean {
  const client = useApiClient();
  const { customerId } = useSessionState();
  const access = useQuery({
    ...accessInfoQueryOptions(client, customerId),
    enabled: options.enabled ?? true,
  });
  const data = access.data;
  if (!data) return false;
  const acting = data.accessibleCustomers.find((customer) => customer.id === data.customer.id);
  return acting !== undefined && isBusinessCustomerType(acting.customerType);
}
