import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account, ApiClient, MainRequest } from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { useLanguage } from '@/i18n';
import { cardKeys } from '../keys';
import { upsertAccount } from './get-accounts';

export function applyInfoQueryOptions(
  client: ApiClient,
  customerId: number | undefined,
  language: string,
) {
  return queryOptions({
    queryKey: cardKeys.applyInfo(customerId, language),
    queryFn: () => client.main('getCardApplyInfo', {}),
  });
}

/** The products the customer may apply for in their country (spec 2 §7 "Apply-for-card info"). */
export function useCardApplyInfo(options: { enabled: boolean }) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  const { language } = useLanguage();
  return useQuery({
    ...applyInfoQueryOptions(client, customerId, language),
    enabled: options.enabled,
  });
}

export function cardFeesQueryOptions(
  client: ApiClient,
  customerId: number | undefined,
  cardType: number,
  currencyCode: string,
) {
  return queryOptions({
    queryKey: cardKeys.fees(customerId, cardType, currencyCode),
    queryFn: () => client.main('getCardFees', { cardType, currencyCode }),
    // The shipping list's disabled reasons depend on the fee account's balance: ask again when the step opens.
    staleTime: 0,
  });
}

/** Annual, issue and monthly fees with the shipping choices (and why some cannot be picked). */
export function useCardFees(choice: { cardType: number; currencyCode: string } | null) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    ...cardFeesQueryOptions(client, customerId, choice?.cardType ?? 0, choice?.currencyCode ?? ''),
    enabled: choice !== null,
  });
}

export type ApplyCardRequest = MainRequest<'applyCard'>;

/** Records the application; nothing is charged yet. The request carries the attempt's idempotency key. */
export function useApplyCard() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (request: ApplyCardRequest) => client.main('applyCard', request),
  });
}

/** Pays the fees and creates the card (status submitted); the new card joins the cached list at once. */
export function useConfirmCardApplication() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  return useMutation({
    mutationFn: (applicationId: number) => client.main('confirmCardApplication', { applicationId }),
    onSuccess: async ({ account }) => {
      const key = cardKeys.accounts(customerId);
      queryClient.setQueryData<Account[]>(key, (list) =>
        list ? upsertAccount(list, account) : list,
      );
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
