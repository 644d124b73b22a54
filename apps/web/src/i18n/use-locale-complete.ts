import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocaleComplete, whenLocaleComplete } from './create-i18n';

/**
 * True once every text of the current language is loaded, or when `needed` is false (the sign-in
 * page, which the first part of the locale covers). A page that needs the rest loads it at once.
 * The sign-in page does not load it by itself: its form asks for it on the first focus, when the
 * customer starts on the way to the next pages (decision 108), so a visitor who only looks
 * downloads none of it.
 */
export function useLocaleComplete(needed: boolean): boolean {
  // useTranslation re-renders this component when the rest of the locale is added.
  const { i18n } = useTranslation();
  const complete = isLocaleComplete(i18n);
  useEffect(() => {
    if (complete || !needed) return;
    void whenLocaleComplete(i18n).catch(() => undefined);
  }, [complete, needed, i18n]);
  return complete || !needed;
}
