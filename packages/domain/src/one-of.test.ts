import { describe, expect, it } from 'vitest';
import { oneOf } from './one-of';

describe('oneOf', () => {
  const STATES = ['pending', 'validated'] as const;

  it('answers a listed value as itself', () => {
    expect(oneOf(STATES, 'validated')).toBe('validated');
  });

  it('answers null for an unlisted, empty or missing value', () => {
    expect(oneOf(STATES, 'Validated')).toBeNull();
    expect(oneOf(STATES, '')).toBeNull();
    expect(oneOf(STATES, null)).toBeNull();
    expect(oneOf(STATES, undefined)).toBeNull();
  });
});
