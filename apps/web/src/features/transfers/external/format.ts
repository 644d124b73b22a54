import { useCallback } from 'react';
import type { TFunction } from 'i18next';
import { ApiError } from '@ledgerline/contract';
import { formatMoney } from '@ledgerline/domain/money';
import { intlLocale, useLanguage } from '@/i18n';
import { isApiError } from '@/lib/api-error';

/** Money in the page's language: spec symbols, 2 to 8 decimals, exact (spec 2 §9). */
export function useFormatMoney(): (amount: string, currencyCode: string) => string {
  const { language } = useLanguage();
  const locale = intlLocale(language);
  return useCallback((amount, currencyCode) => formatMoney(amount, currencyCode, locale), [locale]);
}

/**
 * A message for a field or a popup. Server and schema messages are i18n keys ('validation.*'):
 * the app-wide ones live in the shared `validation` section, the ones only external transfers use
 * in this screen's own section; anything else is server text in the page's language, shown as is.
 */
export function externalMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (!message.startsWith('validation.')) return message;
  const own = `externalTransfer.${message}`;
  return t(own, { defaultValue: t(message) });
}

/**
 * The same failure with its field messages in words: the shared error popup translates only the
 * app-wide `validation.*` keys, this screen's own ones (an IBAN, a blocked BIN, an address to
 * update…) are translated here first.
 */
export function localizedApiError(t: TFunction, error: unknown): unknown {
  if (!isApiError(error) || !error.validationErrors) return error;
  const translated = Object.fromEntries(
    Object.entries(error.validationErrors).map(([field, message]) => [
      field,
      externalMessage(t, message) ?? message,
    ]),
  );
  const data = typeof error.data === 'object' && error.data !== null ? error.data : {};
  return new ApiError(error.kind, error.message, {
    status: error.status,
    responseCode: error.responseCode,
    data: { ...data, validationErrors: translated },
  });
}
