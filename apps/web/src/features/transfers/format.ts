import { useCallback } from 'react';
import { positiveAmountSchema, type Account } from '@ledgerline/contract';
import { normalizeAmountInput } from '@ledgerline/domain/transfers';
import { formatMoney, formatRate } from '@ledgerline/domain/money';
import { intlLocale, useLanguage } from '@/i18n';
import { useAccountName as useSharedAccountName } from '@/lib/account-name';

/** Money in the page's language: spec symbols, 2 to 8 decimals, exact (spec 2 §9). */
export function useFormatMoney(): (amount: string, currencyCode: string) => string {
  const { language } = useLanguage();
  const locale = intlLocale(language);
  return useCallback((amount, currencyCode) => formatMoney(amount, currencyCode, locale), [locale]);
}

/** An exchange rate in the page's language, to 4–6 decimals (domain's one rate format). */
export function useFormatRate(): (rate: string) => string {
  const { language } = useLanguage();
  const locale = intlLocale(language);
  return useCallback((rate) => formatRate(rate, locale), [locale]);
}

/** An account's name: the app's one rule (lib/account-name), re-exported for the transfer screens. */
export { useAccountName } from '@/lib/account-name';

/** An account as a choice reads: its name, then its balance. */
export function useAccountLabel(): (account: Account) => string {
  const name = useSharedAccountName();
  const money = useFormatMoney();
  return useCallback(
    (account) => `${name(account)} · ${money(String(account.balance), account.currencyCode)}`,
    [name, money],
  );
}

/** A typed amount the lookups may use: a valid positive amount, else null (no lookup yet, spec 2 §5). */
export function lookupAmount(text: string): string | null {
  const normalized = normalizeAmountInput(text);
  return positiveAmountSchema.safeParse(normalized).success ? normalized : null;
}
