import { useState } from 'react';
import { createAttemptKeys, type AttemptKeys } from '@/lib/idempotency-key';

export type IdempotencyKeys = AttemptKeys;

/** One idempotency key per attempt of a money-moving form, made before the submit (STYLE.md "Money"). */
export function useIdempotencyKey(): IdempotencyKeys {
  const [keys] = useState(createAttemptKeys);
  return keys;
}
