import { brandLanguages, type BrandConfig } from '@ledgerline/domain/brands';
import {
  DEFAULT_LANGUAGE,
  fromIsoLanguage,
  isLanguage,
  type Language,
} from '@ledgerline/domain/languages';
import { STORAGE_KEYS, type KeyValueStorage } from '@/lib/storage';

/**
 * The language to start in: the stored choice, else the browser's language, else English —
 * each only when the brand offers it (quillpay offers en and es only).
 */
export function initialLanguage(input: {
  brand: Pick<BrandConfig, 'availableLangs'>;
  storage: KeyValueStorage;
  browserLanguages: readonly string[];
}): Language {
  const offered = brandLanguages(input.brand);
  const stored = input.storage.get(STORAGE_KEYS.language);
  if (isLanguage(stored) && offered.includes(stored)) return stored;
  for (const candidate of input.browserLanguages) {
    const language = fromIsoLanguage(candidate);
    // fromIsoLanguage falls back to English for unknown codes; only take a real match.
    if (
      offered.includes(language) &&
      (language !== DEFAULT_LANGUAGE || candidate.toLowerCase().startsWith('en'))
    )
      return language;
  }
  return offered.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : (offered[0] ?? DEFAULT_LANGUAGE);
}

export function storeLanguage(storage: KeyValueStorage, language: Language): void {
  storage.set(STORAGE_KEYS.language, language);
}
