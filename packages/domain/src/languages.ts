/** Interface languages (spec 1 §1). `ua` is our code for Ukrainian; `uk` is used where an outside mapping (ISO 639-1, Intl, i18n-iso-countries) needs it. */
export const LANGUAGES = ['en', 'es', 'ro', 'ru', 'ua', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The ISO 639-1 code for outside libraries: Ukrainian maps to `uk` (spec 1 §9). */
export function toIsoLanguage(lang: Language): string {
  return lang === 'ua' ? 'uk' : lang;
}

/** Reads a language from an outside value (`uk`, `en-GB`, `pt-BR`), falling back to the default. */
export function fromIsoLanguage(value: string | null | undefined): Language {
  const base = (value ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  const mapped = base === 'uk' ? 'ua' : base;
  return isLanguage(mapped) ? mapped : DEFAULT_LANGUAGE;
}

/** Endonyms shown in a language picker; they stay the same in every locale. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  ro: 'Română',
  ru: 'Русский',
  ua: 'Українська',
  pt: 'Português',
};
