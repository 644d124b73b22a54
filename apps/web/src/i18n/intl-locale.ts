import type { Language } from '@ledgerline/domain/languages';

/**
 * The Intl locale for dates, numbers and money in each interface language. English follows
 * British conventions (1 March 2025, £1,234.56) as the brands are UK and EU institutions.
 */
const INTL_LOCALES: Record<Language, string> = {
  en: 'en-GB',
  es: 'es-ES',
  ro: 'ro-RO',
  ru: 'ru-RU',
  ua: 'uk-UA',
  pt: 'pt-PT',
};

export function intlLocale(language: Language): string {
  return INTL_LOCALES[language];
}
