import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_STATUS, ACCOUNT_TYPES } from '@ledgerline/domain/accounts';
import {
  identityListFilter,
  identityRequestFee,
  type IdentityRequestStatus,
} from '@ledgerline/domain/merchant-trust';
import { useApiClient } from '@/app/session';
import { merchantKeys } from '../keys';

/*
 * Identity verification requests and reputation (issue 18; spec 2 §3, §5, §7): main-API calls for
 * the company the session acts for (the client names it in the Customer-Id header). Errors are the
 * screen's to show.
 */

/** The identity list; empty filter values are dropped before the call (spec 2 §5). */
export function useIdentities(customerId: number, input: { status: string; query: string }) {
  const client = useApiClient();
  const { filter } = identityListFilter(input);
  return useQuery({
    queryKey: merchantKeys.identityList(customerId, filter),
    queryFn: ({ signal }) =>
      client.main(
        'getIdentities',
        {
          ...(filter.status ? { status: filter.status as IdentityRequestStatus } : {}),
          ...(filter.query ? { query: filter.query } : {}),
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useIdentityHistory(customerId: number, id: number | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: merchantKeys.identityHistory(customerId, id),
    queryFn: async ({ signal }) =>
      (await client.main('getIdentityVerificationHistory', id ? { id } : {}, { signal })).events,
  });
}

/** The company's accounts that can pay the fee: active payment accounts and wallets in a currency with a fee. */
export function useFeeAccounts(customerId: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: merchantKeys.feeAccounts(customerId),
    queryFn: async ({ signal }) =>
      (await client.main('getAccounts', {}, { signal })).accounts.filter(
        (account) =>
          (account.type === ACCOUNT_TYPES.payment ||
            account.type === ACCOUNT_TYPES.prepaidFunding) &&
          account.accountStatusId === ACCOUNT_STATUS.active &&
          identityRequestFee(account.currencyCode) !== null,
      ),
  });
}

/** The fee of a request paid from the account, asked for when the merchant moves on to confirm. */
export function useIdentityFee(customerId: number, accountId: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: merchantKeys.identityFee(customerId, accountId ?? 0),
    enabled: accountId !== null,
    queryFn: async ({ signal }) =>
      (await client.main('getIdentityVerificationFee', { accountId: accountId ?? 0 }, { signal }))
        .fee,
    staleTime: 0,
  });
}

export interface IdentityRequestDraft {
  name: string;
  email: string;
  accountId: number;
  reference?: string;
  fee: string;
  idempotencyKey: string;
}

export function useCreateIdentityRequest(customerId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: IdentityRequestDraft) =>
      (await client.main('createIdentityVerificationRequest', input)).identity,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: merchantKeys.identities(customerId) }),
        queryClient.invalidateQueries({ queryKey: merchantKeys.feeAccounts(customerId) }),
      ]),
  });
}

/** Reputation for an e-mail (trimmed before the call, spec 2 §5); nothing is asked for an empty one. */
export function useReputation(customerId: number, email: string, pageNumber: number) {
  const client = useApiClient();
  const trimmed = email.trim();
  return useQuery({
    queryKey: merchantKeys.reputation(customerId, trimmed.toLowerCase(), pageNumber),
    enabled: trimmed !== '',
    queryFn: ({ signal }) =>
      client.main('getReputation', { email: trimmed, pageNumber }, { signal }),
  });
}
