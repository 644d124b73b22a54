import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  toIsoLanguage,
  type Language,
} from '@ledgerline/domain/languages';

// One chunk per locale: only the chosen language (and English, the fallback) is downloaded.
const LOCALE_LOADERS = import.meta.glob<ResourceKey>('./locales/*.json', { import: 'default' });

export function loadLocale(language: Language): Promise<ResourceKey> {
  const load = LOCALE_LOADERS[`./locales/${language}.json`];
  if (!load) return Promise.reject(new Error(`No locale file for ${language}`));
  return load();
}

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, _namespace, callback) {
    loadLocale(language as Language).then(
      (resources) => callback(null, resources),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Keeps `<html lang>` on the chosen language; Ukrainian is `uk` outside our code (spec 1 §9). */
function syncDocumentLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = toIsoLanguage(language as Language);
}

/** A fresh i18next instance with `language` loaded; other languages load when chosen. */
export async function createI18n(language: Language): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.on('languageChanged', syncDocumentLanguage);
  await instance
    .use(lazyLocaleBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      returnNull: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  return instance;
}
