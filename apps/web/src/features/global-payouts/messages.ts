import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-error';
import { describeApiError, fieldMessage } from '@/ui/field-message';

/**
 * A message of a global-pay call for display: the server names each refusal with a key of its
 * own (`globalPay.*`, spec 2 §8: these calls' errors are the screen's), the forms and the
 * contract use `validation.*`; anything else is already text in the page's language.
 */
export function globalPayMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (message.startsWith('globalPay.'))
    return t(`globalPayouts.errors.${message.slice('globalPay.'.length)}`, {
      defaultValue: t('globalPayouts.errors.generic'),
    });
  return fieldMessage(t, message);
}

/** The text of a failed global-pay call: its field reasons when it has them, else its message. */
export function describeGlobalPayError(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.validationErrors) {
    const parts = Object.values(error.validationErrors)
      .map((message) => globalPayMessage(t, message))
      .filter((part): part is string => !!part);
    if (parts.length > 0) return [...new Set(parts)].join(', ');
  }
  return describeApiError(t, error);
}
