export { createI18n, isLocaleComplete, loadLocale, whenLocaleComplete } from './create-i18n';
export { useLocaleComplete } from './use-locale-complete';
export { initialLanguage, storeLanguage } from './language';
export { useLanguage } from './use-language';
export { translateErrorMessage } from './translate-error';
export { intlLocale } from './intl-locale';
