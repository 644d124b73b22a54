import { describe, expect, it } from 'vitest';
import { createAttemptKeys, newIdempotencyKey } from './idempotency-key';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('idempotency keys', () => {
  it('are UUID v4, different each time', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  it('are made without randomUUID too (a page served over plain HTTP)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newIdempotencyKey()).toMatch(UUID_V4);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it('stay the same for a retry of the same choices and change with the choices', () => {
    const attempts = createAttemptKeys();
    const first = attempts.keyFor({ cardType: 2006, currencyCode: 'EUR', feeAccountId: 1 });
    expect(attempts.keyFor({ cardType: 2006, currencyCode: 'EUR', feeAccountId: 1 })).toBe(first);
    const changed = attempts.keyFor({ cardType: 2006, currencyCode: 'USD', feeAccountId: 1 });
    expect(changed).not.toBe(first);
    expect(attempts.keyFor({ cardType: 2006, currencyCode: 'USD', feeAccountId: 1 })).toBe(changed);
  });

  it('give the very same choices a new key after a success', () => {
    const attempts = createAttemptKeys();
    const first = attempts.keyFor({ amount: '10.00' });
    attempts.renew();
    expect(attempts.keyFor({ amount: '10.00' })).not.toBe(first);
  });
});
