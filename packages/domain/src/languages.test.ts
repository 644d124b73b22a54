import { describe, expect, it } from 'vitest';
import { LANGUAGES, fromIsoLanguage, isLanguage, toIsoLanguage } from './languages';
import { isPlausibleEmail, loginFormSchema } from './validation';

describe('interface languages', () => {
  it('are the six of the spec, English first', () => {
    expect(LANGUAGES).toEqual(['en', 'es', 'ro', 'ru', 'ua', 'pt']);
  });

  it('map Ukrainian to uk for outside libraries and back', () => {
    expect(toIsoLanguage('ua')).toBe('uk');
    expect(toIsoLanguage('pt')).toBe('pt');
    expect(fromIsoLanguage('uk-UA')).toBe('ua');
    expect(fromIsoLanguage('pt-BR')).toBe('pt');
    expect(fromIsoLanguage('de')).toBe('en');
    expect(fromIsoLanguage(undefined)).toBe('en');
    expect(isLanguage('uk')).toBe(false);
  });
});

describe('the login form (spec 1 §5)', () => {
  it('trims the e-mail and requires a valid address', () => {
    expect(
      loginFormSchema.parse({ username: '  anna@pebble.example ', password: 'x' }).username,
    ).toBe('anna@pebble.example');
    const result = loginFormSchema.safeParse({ username: 'anna', password: '' });
    expect(result.success).toBe(false);
    const messages = result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
    expect(messages).toEqual(
      expect.arrayContaining(['username:validation.email', 'password:validation.required']),
    );
  });
});

describe('the e-mail pre-check (spec 2 §5)', () => {
  it('accepts empty, refuses short, at-less or dot-less values', () => {
    expect(isPlausibleEmail('')).toBe(true);
    expect(isPlausibleEmail('a@b.c')).toBe(false);
    expect(isPlausibleEmail('anna.pebble.example')).toBe(false);
    expect(isPlausibleEmail('anna@pebble')).toBe(false);
    expect(isPlausibleEmail('a@b.cd')).toBe(true);
  });
});
