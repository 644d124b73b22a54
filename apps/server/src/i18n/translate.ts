import { readFileSync, readdirSync } from 'node:fs';
import i18next, { type Resource, type TOptions } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@ledgerline/domain/languages';

/*
 * The server's one translation path: every text the server writes for a person (e-mails, SMS,
 * push titles, PDFs, extra-parameter labels, notices) is a key in a namespaced JSON file per
 * language, `i18n/<lang>/<namespace>.json`, read through i18next as the web reads its own.
 * Placeholders are `{name}`; a value the caller does not give stays as written, so a missing
 * value shows up in a test rather than as an empty gap in a customer's e-mail.
 */

const DIRECTORY = new URL('.', import.meta.url);

/** The namespaces: one JSON file each, in every language. */
// eslint-disable-next-line security/detect-non-literal-fs-filename -- our own folder, next to this file
export const NAMESPACES = readdirSync(new URL(`${DEFAULT_LANGUAGE}/`, DIRECTORY))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length))
  .sort();

function loadResources(): Resource {
  return Object.fromEntries(
    LANGUAGES.map((lang) => [
      lang,
      Object.fromEntries(
        NAMESPACES.map((ns) => [
          ns,
          // eslint-disable-next-line security/detect-non-literal-fs-filename -- names from LANGUAGES and our own folder
          JSON.parse(readFileSync(new URL(`${lang}/${ns}.json`, DIRECTORY), 'utf8')) as object,
        ]),
      ),
    ]),
  );
}

const instance = i18next.createInstance();
void instance.init({
  resources: loadResources(),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  ns: NAMESPACES,
  initAsync: false,
  // An SMS's subject is empty on purpose: answer it, not the key.
  returnEmptyString: true,
  // A value not given stays as `{name}`, as the message tables did before.
  missingInterpolationHandler: (_text: string, match: RegExpExecArray) => match[0],
  interpolation: {
    prefix: '{',
    suffix: '}',
    // Plain text (e-mail bodies, SMS, PDF strings): nothing is HTML-escaped, nothing nests.
    escapeValue: false,
  },
});

export type TranslationValues = Readonly<Record<string, string | number>>;

/** The text of `ns:key` in `lang` with its `{placeholders}` filled in. */
export function t(lang: Language, key: string, values: TranslationValues = {}): string {
  const options: TOptions = { ...values, lng: lang };
  return instance.t(key, options);
}

/** A namespace's texts in a language as they are written (the PDF layouts read their labels from it). */
export function textsOf<T>(lang: Language, ns: string): T {
  return instance.getResourceBundle(lang, ns) as T;
}

/** Every key of a namespace in a language, nested keys joined by dots (for the completeness test). */
export function keysOf(lang: Language, ns: string): string[] {
  const walk = (value: unknown, prefix: string): string[] =>
    typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, inner]) =>
          walk(inner, prefix ? `${prefix}.${key}` : key),
        )
      : [prefix];
  return walk(instance.getResourceBundle(lang, ns), '');
}
