import { useCallback } from 'react';
import type { TFunction } from 'i18next';
import type { Account } from '@ledgerline/contract';
import { formatMoney } from '@ledgerline/domain/money';
import { intlLocale, useLanguage } from '@/i18n';
import { accountName } from '@/lib/account-name';

/** Money in the page's language: spec symbols, 2 to 8 decimals, exact (spec 2 §9). */
export function useFormatMoney(): (amount: string, currencyCode: string) => string {
  const { language } = useLanguage();
  const locale = intlLocale(language);
  return useCallback((amount, currencyCode) => formatMoney(amount, currencyCode, locale), [locale]);
}

/** MM/YY, as printed on a card; null when the card has no expiry yet. */
export function formatExpiry(month: number | null, year: number | null): string | null {
  if (month === null || year === null) return null;
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}

const BRAND_NAMES = { visa: 'Visa', mastercard: 'Mastercard' } as const;

/** Card scheme names are trademarks: the same in every language. */
export function brandName(brand: keyof typeof BRAND_NAMES | null): string | null {
  return brand ? BRAND_NAMES[brand] : null;
}

/**
 * The name a card goes by: the customer's alias, else the product's name (ours in the page's
 * language when we know the product — a card account's type is its product — else the server's),
 * else its kind.
 */
export function cardTitle(t: TFunction, account: Account): string {
  const alias = account.cardAliasName?.trim();
  if (alias) return alias;
  const name = account.name?.trim();
  const fallback =
    name || t(account.cardIsVirtual ? 'cards.kind.virtualCard' : 'cards.kind.physicalCard');
  return t(`cards.products.${account.type}`, { defaultValue: fallback });
}

/** The last four digits as a screen reader should say them ("ending 1234"), from the masked number. */
export function lastFour(account: Pick<Account, 'maskedCardNumber'>): string | null {
  const digits = account.maskedCardNumber?.replace(/\D/g, '') ?? '';
  return digits.length >= 4 ? digits.slice(-4) : null;
}

/** A 16-digit number in groups of four, as it is printed and read. */
export function groupCardNumber(value: string): string {
  return value.replace(/\D/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** How a fee account is offered: its name (or kind and currency) and its balance. */
export function feeAccountLabel(
  t: TFunction,
  money: (amount: string, currencyCode: string) => string,
  account: Account,
): string {
  return t('cards.apply.feeAccountOption', {
    name: accountName(t, account),
    balance: money(account.balance, account.currencyCode),
  });
}
