import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  toIsoLanguage,
  type Language,
} from '@ledgerline/domain/languages';
import { mergeLocaleParts, type LocalePart } from './locale-parts';

// Two chunks per locale (locale-parts.ts): the sign-in page's texts, and the rest. Only the
// chosen language (and English, the fallback) is downloaded.
const LOCALE_PARTS: Record<LocalePart, Record<string, () => Promise<ResourceKey>>> = {
  first: import.meta.glob<ResourceKey>('./locales/*.json', {
    import: 'default',
    query: '?part=first',
  }),
  rest: import.meta.glob<ResourceKey>('./locales/*.json', {
    import: 'default',
    query: '?part=rest',
  }),
};

function loadLocalePart(language: Language, part: LocalePart): Promise<ResourceKey> {
  const load = LOCALE_PARTS[part][`./locales/${language}.json`];
  if (!load) return Promise.reject(new Error(`No locale file for ${language}`));
  return load();
}

/** A whole locale (both parts), as the files hold it. */
export async function loadLocale(language: Language): Promise<ResourceKey> {
  const [first, rest] = await Promise.all([
    loadLocalePart(language, 'first'),
    loadLocalePart(language, 'rest'),
  ]);
  return mergeLocaleParts(first as Record<string, unknown>, rest as Record<string, unknown>);
}

/** Keeps `<html lang>` on the chosen language; Ukrainian is `uk` outside our code (spec 1 §9). */
function syncDocumentLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = toIsoLanguage(language as Language);
}

interface RestState {
  pending: Map<string, Promise<void>>;
  done: Set<string>;
  load: (language: Language) => Promise<void>;
}

// Kept on the instance itself (a WeakMap keyed by it did not find it again in the production build).
const REST_STATE = Symbol.for('ledgerline.i18n.rest');
type WithRestState = I18n & { [REST_STATE]?: RestState };
const restStates = {
  get: (instance: I18n): RestState | undefined => (instance as WithRestState)[REST_STATE],
  set: (instance: I18n, state: RestState): void => {
    (instance as WithRestState)[REST_STATE] = state;
  },
};

/**
 * Resolves once every text of the language is there (the rest part too), starting its download
 * now if it has not started. Screens re-render when it arrives anyway (`bindI18nStore: 'added'`).
 */
export function whenLocaleComplete(instance: I18n, language = instance.language): Promise<void> {
  const state = restStates.get(instance);
  return state ? state.load(language as Language) : Promise.resolve();
}

/** True when every text of the instance's current language is loaded. */
export function isLocaleComplete(instance: I18n): boolean {
  return restStates.get(instance)?.done.has(instance.language) ?? true;
}

/** A fresh i18next instance with `language` loaded; other languages load when chosen. */
export async function createI18n(
  language: Language,
  options: {
    /**
     * true (the default): the rest of a locale downloads beside its first part. false: only when
     * asked for (whenLocaleComplete), so the sign-in page, which needs only the first part, does
     * not load it by itself.
     */
    loadRestAtOnce?: boolean;
  } = {},
): Promise<I18n> {
  const instance = i18next.createInstance();
  const loadRestAtOnce = options.loadRestAtOnce ?? true;
  const state: RestState = {
    pending: new Map(),
    done: new Set(),
    load(lang) {
      let loading = state.pending.get(lang);
      if (!loading) {
        // Both parts: a language loaded this way (before switching to it) then counts as loaded
        // for i18next, which would not ask the backend for its first part any more. The first
        // part is usually there already (the module is cached; no second download).
        loading = Promise.all([loadLocalePart(lang, 'first'), loadLocalePart(lang, 'rest')]).then(
          ([first, more]) => {
            instance.addResourceBundle(
              lang,
              'translation',
              structuredClone(
                mergeLocaleParts(first as Record<string, unknown>, more as Record<string, unknown>),
              ),
              true,
              false,
            );
            state.done.add(lang);
          },
          (error: unknown) => {
            // A failed download is tried again the next time it is asked for.
            state.pending.delete(lang);
            throw error;
          },
        );
        state.pending.set(lang, loading);
      }
      return loading;
    },
  };
  restStates.set(instance, state);

  // The first part answers i18next's load; the rest follows without holding the first render.
  const twoPartBackend: BackendModule = {
    type: 'backend',
    callbackApi: true,
    init() {},
    read(lng, _namespace, callback) {
      const lang = lng as Language;
      loadLocalePart(lang, 'first').then(
        (resources) => {
          // A copy: i18next merges later bundles into the objects it was given, and a section
          // split between the parts (validation) would otherwise grow the shared module's data.
          callback(null, structuredClone(resources));
          if (loadRestAtOnce) void state.load(lang).catch(() => undefined);
        },
        (error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error)), false),
      );
    },
  };

  // The downloads start now: i18next reads its backend only in a timer after init, once the
  // caller's synchronous start (the router's) has run, and the first page waits for this part
  // (decision 124). With loadRestAtOnce the rest's download runs beside it, not after it; it is
  // added to i18next once the first part is in (read, above), which i18next's shallow merge of a
  // language's first bundle needs. A module asked for twice is downloaded once. i18next also
  // loads the fallback language's first part before it starts.
  for (const lang of new Set([language, DEFAULT_LANGUAGE]))
    void loadLocalePart(lang, 'first').catch(() => undefined);
  if (loadRestAtOnce) void loadLocalePart(language, 'rest').catch(() => undefined);

  instance.on('languageChanged', syncDocumentLanguage);
  await instance
    .use(twoPartBackend)
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
      // Screens re-render when the rest of a locale arrives.
      react: { useSuspense: false, bindI18nStore: 'added' },
    });
  return instance;
}
