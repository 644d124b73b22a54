import { describe, expect, it } from 'vitest';
import { errorPopupParts, extractErrorMessage } from './error-message';

describe('the message of a failed answer (spec 2 §8)', () => {
  it('takes validationErrors first, joining several with commas', () => {
    expect(
      extractErrorMessage({
        validationErrors: { email: 'Invalid e-mail', amount: 'Too small' },
        responseDescription: 'Invalid parameters',
      }),
    ).toBe('Invalid e-mail, Too small');
    expect(extractErrorMessage({ validationErrors: ['One', 'Two'], message: 'x' })).toBe(
      'One, Two',
    );
  });

  it('then errors.error, then errors, then responseDescription, message and body', () => {
    expect(
      extractErrorMessage({ errors: { error: 'Card blocked' }, responseDescription: 'x' }),
    ).toBe('Card blocked');
    expect(extractErrorMessage({ errors: ['A', 'B'], responseDescription: 'x' })).toBe('A, B');
    expect(extractErrorMessage({ responseDescription: 'Closed account', message: 'y' })).toBe(
      'Closed account',
    );
    expect(extractErrorMessage({ message: 'Forbidden' })).toBe('Forbidden');
    expect(extractErrorMessage({ body: 'Plain body' })).toBe('Plain body');
  });

  it('skips empty candidates and answers nothing when there is no text', () => {
    expect(
      extractErrorMessage({
        validationErrors: {},
        errors: [],
        responseDescription: '  ',
        message: 'Used',
      }),
    ).toBe('Used');
    expect(extractErrorMessage({})).toBeUndefined();
    expect(extractErrorMessage(null)).toBeUndefined();
  });
});

describe('the error popup header', () => {
  it('uses the description as header up to 50 characters', () => {
    expect(errorPopupParts('Closed account')).toEqual({
      header: 'Closed account',
      body: undefined,
    });
    expect(errorPopupParts('x'.repeat(50))).toEqual({ header: 'x'.repeat(50), body: undefined });
  });

  it("moves a longer description to the body under 'Error'", () => {
    const long = 'x'.repeat(51);
    expect(errorPopupParts(long)).toEqual({ header: 'Error', body: long });
  });
});
