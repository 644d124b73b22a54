/**
 * A new idempotency key (a UUID v4) for one attempt of a money-moving call: made before the first
 * submit and sent again on a retry, so the server answers the first result instead of moving the
 * money twice (STYLE.md "Money"). crypto.randomUUID exists only in secure contexts; a page served
 * over plain HTTP from a LAN address still has getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface AttemptKeys {
  /**
   * The key for these choices: the same choices again (a retry after a lost answer or an error)
   * get the same key, so the server answers the first result; changed choices are another attempt
   * and get a new key (the server refuses an old key with other details).
   */
  keyFor: (choices: unknown) => string;
  /** After a success: the next attempt, even with the very same choices, is a new one. */
  renew: () => void;
}

/** One key per attempt of a money-moving form (STYLE.md "Money"); hold it for the form's life. */
export function createAttemptKeys(): AttemptKeys {
  let current: { signature: string; key: string } | undefined;
  return {
    keyFor(choices) {
      const signature = JSON.stringify(choices);
      if (current?.signature !== signature) current = { signature, key: newIdempotencyKey() };
      return current.key;
    },
    renew() {
      current = undefined;
    },
  };
}
