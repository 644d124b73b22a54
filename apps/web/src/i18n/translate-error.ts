import type { TFunction } from 'i18next';
import { ERROR_TEXTS } from '@ledgerline/domain/error-message';

const KEY_BY_TEXT = new Map<string, keyof typeof ERROR_TEXTS>(
  Object.entries(ERROR_TEXTS).map(([key, text]) => [text, key as keyof typeof ERROR_TEXTS]),
);

/**
 * The text to show for a failed call. The client's own catalogue texts (spec 1 §8) are
 * translated by key; a message the server wrote is shown as it came, because the server already
 * answers in the Accept-Language we sent.
 */
export function translateErrorMessage(t: TFunction, error: unknown): string {
  const message = error instanceof Error ? error.message : undefined;
  if (!message) return t('errors.unknownError');
  const key = KEY_BY_TEXT.get(message);
  return key ? t(`errors.${key}`) : message;
}
