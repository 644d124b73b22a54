import type { Language } from '@ledgerline/domain/languages';
import { t, type TranslationValues } from '../../i18n/translate';

/*
 * The texts of a pre-approval's second factor in the customer's language (i18n/<lang>/
 * preapproved.json): they name the merchant, the most a pull may take and how often, so the
 * customer approves what the merchant will be allowed to do. Placeholders: {brand}, {code},
 * {amount}, {payee}, {frequency}, {minutes}.
 */

type MessageKind =
  'smsCode' | 'emailSubject' | 'emailBody' | 'pushTitle' | 'once' | 'weekly' | 'monthly';

export function preapprovalMessage(
  kind: MessageKind,
  lang: Language,
  values: TranslationValues = {},
): string {
  return t(lang, `preapproved:${kind}`, values);
}
