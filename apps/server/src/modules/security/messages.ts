import type { Language } from '@ledgerline/domain/languages';
import { t, type TranslationValues } from '../../i18n/translate';

/*
 * The e-mails and SMS of the security centre, in the language the customer uses (i18n/<lang>/
 * security.json). Plain text: nothing in them runs or loads anything. Placeholders: {brand},
 * {code}, {minutes}, {support}. An SMS has an empty subject.
 */

interface MessageText {
  subject: string;
  body: string;
}

type MessageKind = 'passwordChangeCode' | 'passwordChanged' | 'twoStepEmailCode' | 'twoStepSmsCode';

export function renderMessage(
  kind: MessageKind,
  lang: Language,
  values: TranslationValues,
): MessageText {
  return {
    subject: t(lang, `security:${kind}.subject`, values),
    body: t(lang, `security:${kind}.body`, values),
  };
}
