import { AppError } from './errors';

/** How deep a request's values are searched; the contract's schemas nest far less. */
const MAX_DEPTH = 32;

/** A high surrogate without its low half, or a low surrogate without its high half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether a text can be stored: PostgreSQL refuses NUL in text and in jsonb (a 500 before decision
 * 116), and a lone UTF-16 surrogate is no character at all (jsonb refuses its escape). No field
 * of the contract has a use for either.
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** The path of the first key or text in a parsed request that cannot be stored, if any. */
function findUnstorableText(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path;
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return undefined;
  if (Buffer.isBuffer(value)) return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, '_'];
    const found = findUnstorableText(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * The refusal of a request part (a main-API body, a route's params, query or body) that carries
 * NUL or broken Unicode anywhere, on the field that carries it (docs/decisions.md #116); none for
 * storable text.
 */
export function unstorableTextError(value: unknown): AppError | undefined {
  const path = findUnstorableText(value);
  if (!path) return undefined;
  return AppError.invalid(
    { [path.length > 0 ? path.join('.') : '_']: 'validation.invalidValue' },
    'Text may not contain NUL characters or broken Unicode',
  );
}

/** Throws unstorableTextError's refusal, if any. */
export function assertStorableText(value: unknown): void {
  const error = unstorableTextError(value);
  if (error) throw error;
}
