import type { Language } from '@ledgerline/domain';
import { textsOf } from '../../i18n/translate';

/** The account-confirmation letter's texts; `{name}` style fields are filled in through t('account-letter:…'). */
export interface LetterTexts {
  locale: string;
  title: string;
  salutation: string;
  body: string;
  date: string;
  holder: string;
  currency: string;
  iban: string;
  accountNumber: string;
  sortCode: string;
  routingNumber: string;
  transitNumber: string;
  institutionNumber: string;
  swift: string;
  bank: string;
  bankAddress: string;
  opened: string;
  reference: string;
  closing: string;
  role: string;
  electronic: string;
  footerTrading: string;
  footerLicence: string;
}

/** The letter's labels in a language (i18n/<lang>/account-letter.json); fill `{name}` fields with t(). */
export function letterTexts(lang: Language): LetterTexts {
  return textsOf<LetterTexts>(lang, 'account-letter');
}
