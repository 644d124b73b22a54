import { useCallback } from 'react';
import { formatMoney, formatRate } from '@ledgerline/domain/money';
import { formatCalendarDate } from '@ledgerline/domain/date-input';
import { intlLocale, useLanguage } from '@/i18n';

/** Money in the page's language: spec symbols, 2 to 8 decimals, exact (spec 2 §9). */
export function useFormatMoney(): (amount: string, currencyCode: string) => string {
  const { language } = useLanguage();
  const locale = intlLocale(language);
  return useCallback((amount, currencyCode) => formatMoney(amount, currencyCode, locale), [locale]);
}

/** An exchange rate in the page's language (the domain's one rate format). */
export function useFormatRate(): (rate: string) => string {
  const { language } = useLanguage();
  const locale = intlLocale(language);
  return useCallback((rate) => formatRate(rate, locale), [locale]);
}

/** A moment (ISO 8601) or a calendar day as a date in the page's language. */
export function useFormatDate(): (iso: string) => string {
  const { language } = useLanguage();
  const locale = intlLocale(language);
  return useCallback(
    (iso) => {
      if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return formatCalendarDate(iso, locale);
      const date = new Date(iso);
      return Number.isNaN(date.getTime())
        ? iso
        : new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
    },
    [locale],
  );
}

/** A country's name in the page's language, from its ISO code (the browser's own names). */
export function useCountryName(): (code: string) => string {
  const { language } = useLanguage();
  const locale = intlLocale(language);
  return useCallback(
    (code) => {
      try {
        return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
      } catch {
        return code;
      }
    },
    [locale],
  );
}
