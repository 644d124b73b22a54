import { formatMoney } from '@ledgerline/domain/money';
import { intlLocale, useLanguage } from '@/i18n';

/** Money as the customer reads it in the page's language (spec 2 §9: 2 to 8 decimals). */
export function useMoneyFormat(): (amount: string, currencyCode: string) => string {
  const { language } = useLanguage();
  const locale = intlLocale(language);
  return (amount, currencyCode) => formatMoney(amount, currencyCode, locale);
}
