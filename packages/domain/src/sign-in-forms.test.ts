import { describe, expect, it } from 'vitest';
import {
  actForCustomerFormSchema,
  secondFactorCodeFormSchema,
  termsAcceptanceFormSchema,
} from './validation';

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

describe('the customer number an administrator acts for', () => {
  it.each([['1'], ['70'], [' 2147483647 ']])('accepts %j', (value) => {
    expect(actForCustomerFormSchema.safeParse({ customerId: value }).success).toBe(true);
  });
  it.each([
    ['', 'validation.required'],
    ['0', 'validation.customerNumber'],
    ['12ab', 'validation.customerNumber'],
    ['2147483648', 'validation.customerNumber'],
  ])('refuses %j with %s', (value, message) => {
    expect(firstMessage(actForCustomerFormSchema.safeParse({ customerId: value }))).toBe(message);
  });
});
