import { describe, expect, it } from 'vitest';
import { ENVELOPE_KEYS, envelopeFieldsSchema } from './envelope';

describe('the envelope', () => {
  it('lists every field of its schema in ENVELOPE_KEYS, and nothing else', () => {
    expect([...ENVELOPE_KEYS].sort()).toEqual(Object.keys(envelopeFieldsSchema.shape).sort());
  });
});
