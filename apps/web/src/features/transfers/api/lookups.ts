import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MainRequest } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { transferKeys } from '../keys';

/*
 * The lookups beside a transfer form (spec 2 §5). Each runs only once its inputs are present: the
 * caller passes the request, or null while something is missing, and nothing is asked for then.
 * The last answer stays on screen while the next one loads, so the figures do not flicker.
 */

const LOOKUP_STALE_MS = 10_000;

export function useTransferFee(request: MainRequest<'getTransferFee'> | null) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: transferKeys.fee(customerId, request ?? {}),
    queryFn: () => client.main('getTransferFee', request ?? ({} as MainRequest<'getTransferFee'>)),
    enabled: request !== null,
    staleTime: LOOKUP_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useMaxAmount(request: MainRequest<'getMaxAmount'> | null) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: transferKeys.maxAmount(customerId, request ?? {}),
    queryFn: () => client.main('getMaxAmount', request ?? ({} as MainRequest<'getMaxAmount'>)),
    enabled: request !== null,
    staleTime: LOOKUP_STALE_MS,
  });
}

export function useCustomerLimits(request: MainRequest<'getCustomerLimits'> | null) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: transferKeys.limits(customerId, request ?? {}),
    queryFn: () =>
      client.main('getCustomerLimits', request ?? ({} as MainRequest<'getCustomerLimits'>)),
    enabled: request !== null,
    staleTime: LOOKUP_STALE_MS,
  });
}

/** Units of `to` per one `from`; only asked when the currencies differ (the rate is 1 otherwise, spec 2 §5). */
export function useExchangeRate(from: string | undefined, to: string | undefined) {
  const client = useApiClient();
  const enabled = !!from && !!to && from !== to;
  return useQuery({
    queryKey: [...transferKeys.rates(), from ?? '', to ?? ''],
    queryFn: () =>
      client.main('getTransferExchangeRate', { fromCurrencyCode: from, toCurrencyCode: to }),
    enabled,
    staleTime: 60_000,
  });
}
