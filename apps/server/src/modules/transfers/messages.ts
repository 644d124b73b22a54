import type { Language } from '@ledgerline/domain/languages';
import { t, type TranslationValues } from '../../i18n/translate';

/*
 * The texts of a transfer's second factor, in the customer's language (i18n/<lang>/
 * transfer-approval.json). What the customer approves names the amount and the payee (PSD2
 * dynamic linking). Placeholders: {brand}, {code}, {amount}, {payee}, {minutes}.
 */

type MessageKind = 'smsCode' | 'emailSubject' | 'emailBody' | 'pushTitle';

export function transferMessage(
  kind: MessageKind,
  lang: Language,
  values: TranslationValues,
): string {
  return t(lang, `transfer-approval:${kind}`, values);
}
