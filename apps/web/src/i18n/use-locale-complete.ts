import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocaleComplete, whenLocaleComplete } from './create-i18n';

/**
 * True once every text of the current language is loaded, or when `needed` is false (the sign-in
 * page, which the first part of the locale covers). Asking starts the download of the rest at once.
 */
export function useLocaleComplete(needed: boolean): boolean {
  // useTranslation re-renders this component when the rest of the locale is added.
  const { i18n } = useTranslation();
  const complete = isLocaleComplete(i18n);
  useEffect(() => {
    if (needed && !complete) void whenLocaleComplete(i18n).catch(() => undefined);
  }, [needed, complete, i18n]);
  return complete || !needed;
}
