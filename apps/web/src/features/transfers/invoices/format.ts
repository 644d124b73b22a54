import { useCallback } from 'react';
import type { InvoiceStatus } from '@ledgerline/contract';
import { formatCalendarDate } from '@ledgerline/domain/date-input';
import { intlLocale, useLanguage } from '@/i18n';
import type { BadgeTone } from '@/ui/status-badge';

/** A calendar day (the due date, YYYY-MM-DD) as the app prints dates in the page's language. */
export function useFormatDay(): (day: string) => string {
  const { language } = useLanguage();
  const locale = intlLocale(language);
  return useCallback((day) => formatCalendarDate(day, locale), [locale]);
}

/** A moment (sent, updated: ISO 8601) as a date in the page's language. */
export function useFormatMoment(): (iso: string) => string {
  const { language } = useLanguage();
  const locale = intlLocale(language);
  return useCallback(
    (iso) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime())
        ? iso
        : new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
    },
    [locale],
  );
}

/** The colour that repeats what a status says in words (never the only sign). */
export const STATUS_TONE: Record<InvoiceStatus, BadgeTone> = {
  unpaid: 'blue',
  awaitingPayment: 'orange',
  paid: 'teal',
  rejected: 'red',
  cancelled: 'gray',
  overdue: 'red',
};
