import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account } from '@ledgerline/contract';
import { sortAccounts } from '@ledgerline/domain/accounts';
import { useApiClient, useSessionState } from '@/app/session';
import { useLanguage } from '@/i18n';
import { homeKeys } from '../keys';

/** The currencies the bank offers, named in the page's language. */
export function useCurrencies(options: { enabled: boolean }) {
  const client = useApiClient();
  const { language } = useLanguage();
  return useQuery({
    queryKey: homeKeys.currencies(language),
    queryFn: async () => (await client.main('getCurrencies', {})).currencies,
    staleTime: Infinity,
    enabled: options.enabled,
  });
}

/** A payment account in another currency (addCurrency) or a prepaid funding wallet (createWallet). */
export type OpenAccountKind = 'currency' | 'wallet';

/** Opens the account; it joins the cached list at once, then the list is read again from the server. */
export function useOpenAccount(kind: OpenAccountKind) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  return useMutation({
    mutationFn: async (currencyCode: string) =>
      (await client.main(kind === 'currency' ? 'addCurrency' : 'createWallet', { currencyCode }))
        .account,
    onSuccess: async (account) => {
      queryClient.setQueryData<Account[]>(homeKeys.accounts(customerId), (list) =>
        list
          ? sortAccounts([...list.filter((item) => item.accountId !== account.accountId), account])
          : list,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: homeKeys.accounts(customerId) }),
        queryClient.invalidateQueries({ queryKey: homeKeys.paymentInstructions(customerId) }),
      ]);
    },
  });
}
