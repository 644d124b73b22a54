import { describe, expect, it } from 'vitest';
import { createI18n, isLocaleComplete, loadLocale, whenLocaleComplete } from './create-i18n';
import { FIRST_PAGE_LOCALE_SECTIONS, mergeLocaleParts, pickLocalePart } from './locale-parts';

describe('locales in two parts (first-load budget)', () => {
  it('starts with the sign-in page’s sections only, and adds the rest when asked', async () => {
    const i18n = await createI18n('en', { loadRestAtOnce: false });
    expect(i18n.t('signIn.submit')).toBe('Sign in');
    expect(i18n.t('kyc.pageTitle')).toBe('kyc.pageTitle');
    // Of the form messages, only the sign-in form's three come with the first part.
    expect(i18n.t('validation.required')).toBe('This field is required');
    expect(i18n.t('validation.adminTargetCustomer')).toBe('validation.adminTargetCustomer');
    expect(isLocaleComplete(i18n)).toBe(false);
    await whenLocaleComplete(i18n);
    expect(isLocaleComplete(i18n)).toBe(true);
    expect(i18n.t('kyc.pageTitle')).toBe('Identity verification');
    expect(i18n.t('validation.required')).toBe('This field is required');
    expect(i18n.t('validation.adminTargetCustomer')).toBe('Choose another customer of your brand.');
  });

  it('switches language with both parts, after loading the rest ahead of the switch', async () => {
    const i18n = await createI18n('en', { loadRestAtOnce: false });
    await whenLocaleComplete(i18n, 'es');
    await i18n.changeLanguage('es');
    expect(i18n.t('signIn.submit')).toBe('Iniciar sesión');
    expect(i18n.t('kyc.pageTitle')).toBe('Verificación de identidad');
  });

  it('splits every file along the same sections, losing nothing', async () => {
    const whole = (await loadLocale('ru')) as Record<string, unknown>;
    for (const section of FIRST_PAGE_LOCALE_SECTIONS) expect(whole).toHaveProperty(section);
    expect(whole).toHaveProperty('kyc');
  });

  it('puts single keys of a section in the first part and merges the section back whole', () => {
    const tree = {
      signIn: { submit: 'Sign in' },
      validation: { required: 'Required', iban: 'Bad IBAN' },
      kyc: { pageTitle: 'KYC' },
    };
    const first = pickLocalePart(tree, 'first');
    const rest = pickLocalePart(tree, 'rest');
    expect(first).toEqual({ signIn: { submit: 'Sign in' }, validation: { required: 'Required' } });
    expect(rest).toEqual({ validation: { iban: 'Bad IBAN' }, kyc: { pageTitle: 'KYC' } });
    expect(mergeLocaleParts(first, rest)).toEqual(tree);
  });

  it('loads every language whole: the two parts hold the same keys as the file', async () => {
    const file = (await import('./locales/ua.json')).default as Record<string, unknown>;
    expect(await loadLocale('ua')).toEqual(file);
  });
});
