import { useCallback } from 'react';
import { formatCalendarDate } from '@ledgerline/domain/date-input';
import { intlLocale, useLanguage } from '@/i18n';

/** A moment (ISO 8601) with its time, or a calendar day, in the page's language. */
export function useFormatWhen(): (value: string, withTime?: boolean) => string {
  const { language } = useLanguage();
  const locale = intlLocale(language);
  return useCallback(
    (value, withTime = true) => {
      if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatCalendarDate(value, locale);
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) return value;
      return new Intl.DateTimeFormat(locale, {
        dateStyle: 'medium',
        ...(withTime ? { timeStyle: 'medium' } : {}),
      }).format(date);
    },
    [locale],
  );
}
