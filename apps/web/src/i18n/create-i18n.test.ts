import { describe, expect, it } from 'vitest';
import { createI18n, isLocaleComplete, loadLocale, whenLocaleComplete } from './create-i18n';
import { FIRST_PAGE_LOCALE_SECTIONS } from './locale-parts';

describe('locales in two parts (first-load budget)', () => {
  it('starts with the sign-in page’s sections only, and adds the rest when asked', async () => {
    const i18n = await createI18n('en', { loadRestAtOnce: false });
    expect(i18n.t('signIn.submit')).toBe('Sign in');
    expect(i18n.t('kyc.pageTitle')).toBe('kyc.pageTitle');
    expect(isLocaleComplete(i18n)).toBe(false);
    await whenLocaleComplete(i18n);
    expect(isLocaleComplete(i18n)).toBe(true);
    expect(i18n.t('kyc.pageTitle')).toBe('Identity verification');
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
});
