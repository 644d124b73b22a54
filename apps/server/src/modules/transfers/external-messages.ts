import type { Language } from '@ledgerline/domain/languages';
import { t } from '../../i18n/translate';

/*
 * Texts of external transfers the server writes in the customer's language (i18n/<lang>/
 * external-transfers.json): the labels of the extra parameters (getExtraParams answers them ready
 * to show, since which parameters exist depends on the country and is server data) and the
 * notice of a returned payment. Placeholders: {brand}, {amount}, {payee}, {reason}.
 */

export type ExtraParamName =
  | 'purposeOfPayment'
  | 'purposeDetails'
  | 'chargeBearer'
  | 'accountType'
  | 'beneficiaryTaxId'
  | 'beneficiaryNameKana'
  | 'walletOwnership'
  | 'beneficiaryAddress'
  | 'message';

export type ExtraParamValueCode =
  | 'GDDS'
  | 'SCVE'
  | 'SALA'
  | 'RENT'
  | 'OTHR'
  | 'SHA'
  | 'OUR'
  | 'BEN'
  | 'checking'
  | 'savings'
  | 'ordinary'
  | 'current'
  | 'self'
  | 'thirdParty';

export function extraParamLabel(lang: Language, name: ExtraParamName): string {
  return t(lang, `external-transfers:extraParamLabels.${name}`);
}

export function extraParamValueLabel(lang: Language, value: ExtraParamValueCode): string {
  return t(lang, `external-transfers:extraParamValues.${value}`);
}

export function returnMessage(
  kind: 'subject' | 'body' | 'result',
  lang: Language,
  values: Record<string, string>,
): string {
  return t(lang, `external-transfers:returned.${kind}`, values);
}
