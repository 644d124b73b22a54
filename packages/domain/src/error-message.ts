import { ERROR_HEADER_CUTOFF } from './constants';

/** Fixed texts of the error catalogue (spec 1 §8, spec 2 §8). The web app translates them by these keys. */
export const ERROR_TEXTS = {
  serverNotAvailable: 'Server is not available',
  serverError: 'server error',
  networkError: 'Network error. Check your connection and try again.',
  unknownError: 'unknown error',
  transactionRejected: 'Transaction was rejected.',
  noOperationId: 'Not Operation Id, Fail Operation',
} as const;

type Bag = Record<string, unknown>;

function isBag(value: unknown): value is Bag {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function joinText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (Array.isArray(value)) {
    const parts = value
      .map((item) =>
        isBag(item) ? joinText(item.message ?? item.description ?? item.error) : joinText(item),
      )
      .filter((part): part is string => !!part);
    return parts.length > 0 ? parts.join(', ') : undefined;
  }
  if (isBag(value)) {
    const parts = Object.values(value)
      .map(joinText)
      .filter((part): part is string => !!part);
    return parts.length > 0 ? parts.join(', ') : undefined;
  }
  return undefined;
}

/**
 * The message of a failed answer, taken in the spec's order: validationErrors, errors.error,
 * errors, responseDescription, message, body; arrays are joined with commas (spec 2 §8).
 */
export function extractErrorMessage(data: unknown): string | undefined {
  if (typeof data === 'string') return joinText(data);
  if (!isBag(data)) return undefined;
  const errors = data.errors;
  const candidates: unknown[] = [
    data.validationErrors,
    isBag(errors) ? errors.error : undefined,
    errors,
    data.responseDescription,
    data.message,
    data.body,
  ];
  for (const candidate of candidates) {
    const text = joinText(candidate);
    if (text) return text;
  }
  return undefined;
}

/**
 * The error popup's header and body: the header is the response description, but a description
 * longer than 50 characters moves to the body under the header 'Error' (spec 2 §8).
 */
export function errorPopupParts(
  description: string,
  message?: string,
): { header: string; body: string | undefined } {
  if (description.length > ERROR_HEADER_CUTOFF) return { header: 'Error', body: description };
  return { header: description, body: message && message !== description ? message : undefined };
}
