import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocaleComplete, whenLocaleComplete } from './create-i18n';

/**
 * True once every text of the current language is loaded, or when `needed` is false (the sign-in
 * page, which the first part of the locale covers). The rest downloads once this has rendered:
 * after the first page is on screen, never in its way.
 */
export function useLocaleComplete(needed: boolean): boolean {
  // useTranslation re-renders this component when the rest of the locale is added.
  const { i18n } = useTranslation();
  const complete = isLocaleComplete(i18n);
  useEffect(() => {
    if (!complete) void whenLocaleComplete(i18n).catch(() => undefined);
  }, [complete, i18n]);
  return complete || !needed;
}
