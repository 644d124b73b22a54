import { useCallback } from 'react';
import type { Account } from '@ledgerline/contract';
import { formatMoney } from '@ledgerline/domain/money';
import { intlLocale, useLanguage } from '@/i18n';
import { useAccountName } from '@/lib/account-name';

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

/** An account's name (lib/account-name's one rule), a card's masked number, and its balance. */
export function useAccountLabel(): (account: Account) => string {
  const accountName = useAccountName();
  const money = useFormatMoney();
  return useCallback(
    (account) => {
      const name = accountName(account);
      const card = account.maskedCardNumber ? ` ${account.maskedCardNumber}` : '';
      return `${name}${card} · ${money(String(account.balance), account.currencyCode)}`;
    },
    [accountName, money],
  );
}
