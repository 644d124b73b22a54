import { useQuery } from '@tanstack/react-query';
import { actingRights, type ActingRights } from '@ledgerline/domain/acting-rights';
import { isBusinessCustomerType } from '@ledgerline/domain/constants';
import { hasMerchantRights } from '@ledgerline/domain/merchant-api';
import { useApiClient, useSessionState } from './session-context';
import { accessInfoQueryOptions } from './customer-info';

/**
 * What the signed-in user may do for the customer the session acts for (packages/domain
 * acting-rights.ts), from the session's access info. Screens offer an action only when its right
 * is true; `rights` is undefined while the access info loads, so nothing is offered before it is
 * known.
 */
export function useActingRights(options: { enabled?: boolean } = {}) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  const access = useQuery({
    ...accessInfoQueryOptions(client, customerId),
    enabled: options.enabled ?? true,
  });
  const data = access.data;
  const acting = data?.accessibleCustomers.find((customer) => customer.id === data.customer.id);
  const rights: ActingRights | undefined = data
    ? actingRights({ accessRights: data.accessRights, balanceInfo: data.accessList.balanceInfo })
    : undefined;
  return {
    rights,
    access,
    /** The session acts for a company (its own business customer, or one it was granted). */
    isActingForCompany: acting !== undefined && isBusinessCustomerType(acting.customerType),
    /** The customer the session acts for (merchant calls name it as customerId, spec 2 §6). */
    actingCustomerId: data?.customer.id,
    /** Issue 18: a business and a full-access user: the merchant tools (spec 2 §2, §6). */
    hasMerchantRights:
      data !== undefined &&
      acting !== undefined &&
      hasMerchantRights({ customerType: acting.customerType, accessRights: data.accessRights }),
  };
}
