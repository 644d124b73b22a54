export { createI18n, loadLocale } from './create-i18n';
export { initialLanguage, storeLanguage } from './language';
export { useLanguage } from './use-language';
export { translateErrorMessage } from './translate-error';
export { intlLocale } from './intl-locale';
