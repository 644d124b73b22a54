import type { Language } from '@ledgerline/domain/languages';
import { intlLocale } from '@/i18n';

/** The publication date in the page's language ("3 March 2026"); the raw value if it is not a date. */
export function formatNewsDate(value: string, language: Language): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long' }).format(date);
}

/** The body's paragraphs: announcements are plain text with blank lines between paragraphs. */
export function paragraphs(body: string): string[] {
  return body
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
