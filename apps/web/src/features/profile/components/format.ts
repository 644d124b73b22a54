import { intlLocale } from '@/i18n';
import type { Language } from '@ledgerline/domain/languages';

/** A calendar date ("2026-05-01") in the page's language; noon UTC keeps the date in every time zone. */
export function formatCalendarDate(isoDate: string, language: Language): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(isoDate)
    ? new Date(`${isoDate}T12:00:00Z`)
    : new Date(isoDate);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(date);
}

/** A moment (ISO timestamp) as a date in the customer's own time zone. */
export function formatMomentDate(timestamp: string, language: Language): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(date);
}
