import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '@/lib/idempotency-key';

export interface IdempotencyKeys {
  /**
   * The key for this payload: the same payload again (a retry after a lost answer or an error)
   * gets the same key, so the server answers the first result; a changed payload is another
   * attempt and gets a new key (the server refuses an old key with other details).
   */
  keyFor: (payload: unknown) => string;
  /** After a success: the next transfer, even with the very same details, is a new one. */
  renew: () => void;
}

/** One idempotency key per attempt of a money-moving form, made before the submit (STYLE.md "Money"). */
export function useIdempotencyKey(): IdempotencyKeys {
  const current = useRef<{ signature: string; key: string } | null>(null);
  const keyFor = useCallback((payload: unknown) => {
    const signature = JSON.stringify(payload);
    if (current.current?.signature !== signature) current.current = { signature, key: newIdempotencyKey() };
    return current.current.key;
  }, []);
  const renew = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, renew };
}
