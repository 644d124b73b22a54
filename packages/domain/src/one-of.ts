/**
 * `value` as one of `values` (a stored text read back as its union type), or null when it is none
 * of them: the caller says what an unknown value means (`oneOf(STATES, row.state) ?? 'none'`).
 */
export function oneOf<T extends string>(
  values: readonly T[],
  value: string | null | undefined,
): T | null {
  return value != null && (values as readonly string[]).includes(value) ? (value as T) : null;
}
