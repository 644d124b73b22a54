import { useCallback } from 'react';
import type { IdentityRequestStatus } from '@ledgerline/domain/merchant-trust';
import { formatMoney } from '@ledgerline/domain/money';
import { intlLocale, useLanguage } from '@/i18n';
import type { BadgeTone } from '@/ui/status-badge';

/** Money in the page's language, exact (spec 2 §9). */
export function useFormatMoney(): (amount: string, currencyCode: string) => string {
  const { language } = useLanguage();
  const locale = intlLocale(language);
  return useCallback((amount, currencyCode) => formatMoney(amount, currencyCode, locale), [locale]);
}

/** The tone of a request's status badge: the words say it, the colour repeats it. */
export const IDENTITY_STATUS_TONE: Record<IdentityRequestStatus, BadgeTone> = {
  sent: 'blue',
  submitted: 'orange',
  accepted: 'teal',
  rejected: 'red',
  nameMismatch: 'red',
  expired: 'gray',
};

/** A `YYYY-MM` month as its name and year in the page's language ("customer since"). */
export function useFormatMonth(): (value: string) => string {
  const { language } = useLanguage();
  const locale = intlLocale(language);
  return useCallback(
    (value) => {
      const match = /^(\d{4})-(\d{2})$/.exec(value);
      if (!match) return value;
      return new Intl.DateTimeFormat(locale, {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
    },
    [locale],
  );
}
