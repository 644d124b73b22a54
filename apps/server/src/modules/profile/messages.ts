import type { Language } from '@ledgerline/domain/languages';
import { t, type TranslationValues } from '../../i18n/translate';

/*
 * The e-mails and SMS of the profile's contact data, in the customer's language (i18n/<lang>/
 * profile.json). Plain text: nothing in them runs or loads anything. Placeholders: {brand},
 * {code}, {link}, {minutes}, {email}, {support}. An SMS has an empty subject.
 */

interface MessageText {
  subject: string;
  body: string;
}

type MessageKind = 'emailConfirmation' | 'phoneConfirmation' | 'primaryEmailChanged';

export function renderMessage(
  kind: MessageKind,
  lang: Language,
  values: TranslationValues,
): MessageText {
  return {
    subject: t(lang, `profile:${kind}.subject`, values),
    body: t(lang, `profile:${kind}.body`, values),
  };
}
