import { useQuery } from '@tanstack/react-query';
import { transferScreens, type TransferScreen } from '@ledgerline/domain/quick-actions';
import { ACCESS_LEVELS, isBusinessCustomerType } from '@ledgerline/domain/constants';
import { accessInfoQueryOptions, useApiClient, useSessionState } from '@/app/session';

/**
 * The transfer screens the acting user may open (spec 2 §6), from the session's access info:
 * their access level for transfers and the permission flags; the approvals list only when acting
 * for a company. `screens` is empty while the access info loads.
 */
export function useTransferScreens(options: { enabled?: boolean } = {}) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  const access = useQuery({
    ...accessInfoQueryOptions(client, customerId),
    enabled: options.enabled ?? true,
  });
  const data = access.data;
  let screens: TransferScreen[] = [];
  if (data) {
    const acting = data.accessibleCustomers.find((customer) => customer.id === data.customer.id);
    screens = transferScreens({
      accessList: data.accessList,
      permissions: data.permissions,
      actsForBusiness: acting !== undefined && isBusinessCustomerType(acting.customerType),
    });
  }
  return { screens, access, fullAccess: data?.accessList.transfers === ACCESS_LEVELS.fullAccess };
}
