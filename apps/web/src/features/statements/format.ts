import { useCallback } from 'react';
import type { Account } from '@ledgerline/contract';
import { formatMoney } from '@ledgerline/domain/money';
import type { Language } from '@ledgerline/domain/languages';
import { useTranslation } from 'react-i18next';
import { intlLocale, useLanguage } from '@/i18n';
import { accountName } from '@/lib/account-name';

/** Money in the page's language: spec symbols, 2 to 8 decimals, exact (spec 2 §9). */
export function useFormatMoney(): (amount: string, currencyCode: string) => string {
  const { language } = useLanguage();
  const locale = intlLocale(language);
  return useCallback((amount, currencyCode) => formatMoney(amount, currencyCode, locale), [locale]);
}

/** A statement month (YYYY-MM, UTC) as its name in the page's language, e.g. "March 2026", "marzo de 2026" (for use within a sentence). */
export function formatYearMonth(yearMonth: string, language: Language): string {
  const [year, month] = yearMonth.split('-').map(Number) as [number, number];
  if (!year || !month) return yearMonth;
  return new Intl.DateTimeFormat(intlLocale(language), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
}

/** A statement month as a heading or cell: Spanish, Portuguese, … write month names in lower case, a heading starts with a capital. */
export function yearMonthHeading(yearMonth: string, language: Language): string {
  const text = formatYearMonth(yearMonth, language);
  return text.charAt(0).toLocaleUpperCase(intlLocale(language)) + text.slice(1);
}

/** A moment in the page's language, e.g. "3 Mar 2026, 14:05"; the raw value if it is not a date. */
export function formatDateTime(value: string, language: Language): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

/** A file size in the page's language: bytes, kB or MB. */
export function formatFileSize(bytes: number, language: Language): string {
  const locale = intlLocale(language);
  if (bytes < 1024)
    return new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'byte',
      unitDisplay: 'short',
    }).format(bytes);
  if (bytes < 1024 * 1024)
    return new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'kilobyte',
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    }).format(bytes / 1024);
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'megabyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(bytes / (1024 * 1024));
}

/** An account as a choice reads: its name (or kind and currency), a card's last digits, its number. */
export function useAccountLabel(): (account: Account) => string {
  const { t } = useTranslation();
  return useCallback(
    (account) => {
      const name = accountName(t, account);
      const card = account.maskedCardNumber ? ` ${account.maskedCardNumber.slice(-4)}` : '';
      return `${name}${card} · ${t('statements.accountNumber', { id: account.accountId })}`;
    },
    [t],
  );
}
