import type { Language } from '@ledgerline/domain/languages';
import { intlLocale } from '@/i18n';

/** A moment in the page's language, e.g. "3 Mar 2026, 14:05"; the raw value if it is not a date. */
export function formatDateTime(value: string, language: Language): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

/** A day in the page's language, e.g. "3 Mar 2026". */
export function formatDate(value: string, language: Language): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(date);
}
