import { describe, expect, it } from 'vitest';
import { secondFactorCodeFormSchema, termsAcceptanceFormSchema } from './validation';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('the second-step code', () => {
  it.each([
    ['123456', '123456'],
    [' 123 456 ', '123456'],
    ['12-34-56', '123456'],
  ])('accepts %j as %s', (typed, sent) => {
    expect(secondFactorCodeFormSchema.parse({ otp: typed })).toEqual({ otp: sent });
  });

  it.each([
    ['', 'validation.required'],
    ['12345', 'validation.sixDigitCode'],
    ['1234567', 'validation.sixDigitCode'],
    ['12345a', 'validation.sixDigitCode'],
  ])('refuses %j with %s', (typed, message) => {
    expect(firstMessage(secondFactorCodeFormSchema.safeParse({ otp: typed }))).toBe(message);
  });
});

describe('the terms acceptance', () => {
  it('needs every term ticked', () => {
    expect(termsAcceptanceFormSchema.safeParse({ accepted: [true, true] }).success).toBe(true);
    expect(firstMessage(termsAcceptanceFormSchema.safeParse({ accepted: [true, false] }))).toBe(
      'validation.acceptAllTerms',
    );
    expect(firstMessage(termsAcceptanceFormSchema.safeParse({ accepted: [] }))).toBe(
      'validation.acceptAllTerms',
    );
  });
});
