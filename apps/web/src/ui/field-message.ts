import type { TFunction } from 'i18next';
import { translateErrorMessage } from '@/i18n';
import { isApiError } from '@/lib/api-error';

/**
 * A form field's message for display: domain and server messages are i18n keys ('validation.*');
 * anything else came from a server as text in the requested language and is shown as it is.
 */
export function fieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return message.startsWith('validation.') ? t(message) : message;
}

/** The text for a failed call: its field errors when it has them (translated), else its message. */
export function describeApiError(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.validationErrors) {
    const parts = Object.values(error.validationErrors)
      .map((message) => fieldMessage(t, message))
      .filter((part): part is string => !!part);
    if (parts.length > 0) return [...new Set(parts)].join(', ');
  }
  return translateErrorMessage(t, error);
}
