import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Account } from '@ledgerline/contract';
import { accountKind } from '@ledgerline/domain/accounts';

/**
 * The one name an account goes by on every screen and in every list: its own name, else its kind
 * and currency ("EUR account", "EUR wallet"). One rule, so a wallet never reads as a second
 * "EUR account" beside the payment account in a From list (issue 13).
 */
export function accountName(
  t: TFunction,
  account: Pick<Account, 'name' | 'type' | 'currencyCode'>,
): string {
  return (
    account.name?.trim() ||
    t(`accountNames.${accountKind(account.type)}`, { currency: account.currencyCode })
  );
}

/** accountName in the page's language, for components. */
export function useAccountName(): (
  account: Pick<Account, 'name' | 'type' | 'currencyCode'>,
) => string {
  const { t } = useTranslation();
  return useCallback((account) => accountName(t, account), [t]);
}
