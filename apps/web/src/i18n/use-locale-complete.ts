import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocaleComplete, whenLocaleComplete } from './create-i18n';

/** After the first page has settled: a second, then whenever the browser is idle. */
const SETTLE_MS = 1_000;

function afterSettling(run: () => void): () => void {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') {
      idle = window.requestIdleCallback(run, { timeout: 2_000 });
    } else run();
  }, SETTLE_MS);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/**
 * True once every text of the current language is loaded, or when `needed` is false (the sign-in
 * page, which the first part of the locale covers). A page that needs the rest loads it at once;
 * the sign-in page loads it once it has settled (or when the form gets focus), never in its way.
 */
export function useLocaleComplete(needed: boolean): boolean {
  // useTranslation re-renders this component when the rest of the locale is added.
  const { i18n } = useTranslation();
  const complete = isLocaleComplete(i18n);
  useEffect(() => {
    if (complete) return;
    const load = () => void whenLocaleComplete(i18n).catch(() => undefined);
    if (needed) {
      load();
      return;
    }
    return afterSettling(load);
  }, [complete, needed, i18n]);
  return complete || !needed;
}
