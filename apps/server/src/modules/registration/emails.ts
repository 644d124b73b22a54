import type { Language } from '@ledgerline/domain/languages';
import { t, type TranslationValues } from '../../i18n/translate';

/*
 * The e-mails of registration and account recovery, in the customer's language (i18n/<lang>/
 * registration.json). Plain text: nothing in them runs or loads anything. Placeholders are
 * {name}, {brand}, {link}, {code}, {minutes}, {hours} and {support}.
 */

interface EmailText {
  subject: string;
  body: string;
}

type EmailKind = 'activation' | 'passwordResetCode' | 'passwordChanged';

export function renderEmail(kind: EmailKind, lang: Language, values: TranslationValues): EmailText {
  return {
    subject: t(lang, `registration:${kind}.subject`, values),
    body: t(lang, `registration:${kind}.body`, values),
  };
}
