import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@ledgerline/domain/languages';
import { localStore } from '@/lib/storage';
import { whenLocaleComplete } from './create-i18n';
import { storeLanguage } from './language';

/** The current language and a setter that loads the locale, switches and remembers the choice. */
export function useLanguage(): {
  language: Language;
  changeLanguage: (language: Language) => Promise<void>;
} {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const changeLanguage = useCallback(
    async (next: Language) => {
      storeLanguage(localStore, next);
      // Both parts of the locale first, so no screen shows a text in the old language meanwhile.
      await whenLocaleComplete(i18n, next).catch(() => undefined);
      await i18n.changeLanguage(next);
    },
    [i18n],
  );
  return { language, changeLanguage };
}
