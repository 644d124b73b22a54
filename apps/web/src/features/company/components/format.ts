import type { TFunction } from 'i18next';
import type { CompanyAddress } from '@ledgerline/contract';
import type { Language } from '@ledgerline/domain/languages';
import { intlLocale } from '@/i18n';

/** Field messages: validation keys and this feature's own keys are translated, server text shown as it is. */
export function companyFieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return message.startsWith('validation.') || message.startsWith('companyInfo.')
    ? t(message)
    : message;
}

/** A date of the calendar (YYYY-MM-DD) in the page's language, read in UTC so it never shifts a day. */
export function formatDay(day: string | null, language: Language): string | null {
  if (!day) return null;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(date);
}

export function addressLines(
  address: CompanyAddress,
  countryName: (code: string) => string,
): string[] {
  return [
    address.address1,
    address.address2,
    [address.postalCode, address.city].filter(Boolean).join(' '),
    countryName(address.countryCode),
  ].filter((line): line is string => !!line);
}
