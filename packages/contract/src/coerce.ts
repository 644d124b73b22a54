/**
 * Number-looking strings in main-API answers become numbers (spec 1 §5), except in address,
 * name, description and bank text fields. We read "number-looking" narrowly so no value loses
 * meaning: no leading zeros ("007" stays a code), no exponent, and only values a double holds
 * exactly (a 16-digit card number stays a string). See docs/decisions.md.
 */
// eslint-disable-next-line security/detect-unsafe-regex -- bounded quantifiers, linear on any input
const NUMBER_LOOKING = /^-?(0|[1-9]\d{0,14})(\.\d{1,8})?$/;
const TEXT_FIELD = /address|name|description|bank/i;

export function coerceNumbers(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    if (key !== '' && TEXT_FIELD.test(key)) return value;
    return NUMBER_LOOKING.test(value) ? Number(value) : value;
  }
  if (Array.isArray(value)) return value.map((item) => coerceNumbers(item, key));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [childKey, child] of Object.entries(value)) {
      // Response codes are codes ('00', '13'), not numbers.
      out[childKey] =
        childKey === 'responseCode'
          ? child
          : coerceNumbers(child, TEXT_FIELD.test(key) ? key : childKey);
    }
    return out;
  }
  return value;
}

/**
 * Null (and undefined) fields are stripped from request bodies (spec 1 §7). Array items keep
 * their positions: a null inside a list is a value, not an absent field.
 */
export function stripNulls<T>(value: T): T {
  if (Array.isArray(value))
    return value.map((item) => (item === null ? item : stripNulls(item))) as T;
  if (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Blob) &&
    !(value instanceof FormData)
  ) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (child === null || child === undefined) continue;
      out[key] = stripNulls(child);
    }
    return out as T;
  }
  return value;
}
