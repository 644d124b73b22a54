import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@ledgerline/domain/error-message';
import { LANGUAGES, type Language } from '@ledgerline/domain/languages';
import { loadLocale } from './create-i18n';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [childPath, childValue] of flatten(value, path)) out.set(childPath, childValue);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

const locales = new Map<Language, Map<string, string>>();
for (const language of LANGUAGES)
  locales.set(language, flatten((await loadLocale(language)) as Tree));
const english = locales.get('en')!;

describe('locales', () => {
  it.each(LANGUAGES.filter((language) => language !== 'en').map((language) => [language]))(
    '%s has every English key, no key English lacks, and no empty text',
    (language) => {
      const other = locales.get(language)!;
      const missing = [...english.keys()].filter((key) => !other.has(key));
      const extra = [...other.keys()].filter((key) => !english.has(key));
      const empty = [...other].filter(([, text]) => text.trim() === '').map(([key]) => key);
      expect({ missing, extra, empty }).toEqual({ missing: [], extra: [], empty: [] });
    },
  );

  it('has no empty English text', () => {
    expect([...english].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });

  it.each(LANGUAGES.map((language) => [language]))(
    '%s keeps the same {{placeholders}} as English',
    (language) => {
      const other = locales.get(language)!;
      const mismatched = [...english].filter(
        ([key, text]) =>
          JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(other.get(key) ?? '')),
      );
      expect(mismatched.map(([key]) => key)).toEqual([]);
    },
  );

  it.each(LANGUAGES.filter((language) => language !== 'en').map((language) => [language]))(
    '%s is a translation, not a copy of English',
    (language) => {
      const other = locales.get(language)!;
      // Texts that are the same in every language: placeholders only, codes, or brand-free proper names.
      const same = [...english].filter(
        ([key, text]) => other.get(key) === text && /[a-z]{3,}/i.test(text.replace(/{{\w+}}/g, '')),
      );
      expect(same.length / english.size).toBeLessThan(0.1);
    },
  );

  it('has the validation messages of the domain schemas', () => {
    for (const key of ['validation.required', 'validation.email', 'validation.tooLong'])
      expect(english.has(key)).toBe(true);
  });

  it('has a text for every entry of the client’s error catalogue', () => {
    for (const key of Object.keys(ERROR_TEXTS))
      expect(english.has(`errors.${key}`), `errors.${key}`).toBe(true);
  });
});
