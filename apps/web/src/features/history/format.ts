import { useCallback } from 'react';
import type { Account } from '@ledgerline/contract';
import { accountKind } from '@ledgerline/domain/accounts';
import { formatMoney } from '@ledgerline/domain/money';
import { useTranslation } from 'react-i18next';
import { intlLocale, useLanguage } from '@/i18n';

/** Money in the page's language: spec symbols, 2 to 8 decimals, exact (spec 2 §9). */
export function useFormatMoney(): (amount: string, currencyCode: string) => string {
  const { language } = useLanguage();
  const locale = intlLocale(language);
  return useCallback((amount, currencyCode) => formatMoney(amount, currencyCode, locale), [locale]);
}

/** Date and time of a movement in the page's language (the reader's time zone). */
export function useFormatDateTime(): (iso: string) => string {
  const { language } = useLanguage();
  const locale = intlLocale(language);
  return useCallback(
    (iso) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      ),
    [locale],
  );
}

/** A count in the page's language ("1,000"). */
export function useFormatCount(): (count: number) => string {
  const { language } = useLanguage();
  const locale = intlLocale(language);
  return useCallback((count) => new Intl.NumberFormat(locale).format(count), [locale]);
}

/** An account's own name, else its kind and currency ("Payment account EUR"), and its balance. */
export function useAccountLabel(): (account: Account) => string {
  const { t } = useTranslation();
  const money = useFormatMoney();
  return useCallback(
    (account) => {
      const name =
        account.name?.trim() ||
        t(`history.accountKind.${accountKind(account.type)}`, { currency: account.currencyCode });
      const card = account.maskedCardNumber ? ` ${account.maskedCardNumber}` : '';
      return `${name}${card} · ${money(String(account.balance), account.currencyCode)}`;
    },
    [t, money],
  );
}
