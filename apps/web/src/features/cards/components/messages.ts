import type { TFunction } from 'i18next';

/**
 * A form message for display: our own keys ('validation.*', 'cards.*', from the domain, the
 * contract or the server's validationErrors) are translated; anything else came from a server as
 * text in the requested language and is shown as it is.
 */
export function cardMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return /^(validation|cards)\.[A-Za-z.]+$/.test(message) ? t(message) : message;
}
