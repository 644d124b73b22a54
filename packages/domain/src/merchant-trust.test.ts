import { describe, expect, it } from 'vitest';
import { identityListFilter, identityRequestFee, normaliseReputationEmail } from './merchant-trust';

describe('the trust rules', () => {
  it('trims a reputation e-mail and ignores its case (spec 2 §5)', () => {
    expect(normaliseReputationEmail('  Payer@Example.COM \t')).toBe('payer@example.com');
  });

  it('drops empty identity-list filter values and says whether any is left (spec 2 §5)', () => {
    expect(identityListFilter({ status: '', query: '   ' })).toEqual({ filter: {}, isEmpty: true });
    expect(identityListFilter({ status: 'sent', query: ' ana ' })).toEqual({
      filter: { status: 'sent', query: 'ana' },
      isEmpty: false,
    });
    expect(identityListFilter({ query: 'x' }).isEmpty).toBe(false);
  });

  it('knows the fee of the currencies it lists and no other', () => {
    expect(identityRequestFee('EUR')).toBe('2.50');
    expect(identityRequestFee('XYZ')).toBeNull();
    expect(identityRequestFee('constructor')).toBeNull();
  });
});
