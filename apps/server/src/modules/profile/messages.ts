import type { Language } from '@ledgerline/domain/languages';

/*
 * The e-mails and SMS of the profile's contact data, in the customer's language. Plain text:
 * nothing in them runs or loads anything. Placeholders: {brand}, {code}, {link}, {minutes},
 * {email}, {support}.
 */

interface MessageText {
  subject: string;
  body: string;
}

type MessageKind = 'emailConfirmation' | 'phoneConfirmation' | 'primaryEmailChanged';

const TEXTS: Record<MessageKind, Record<Language, MessageText>> = {
  emailConfirmation: {
    en: {
      subject: 'Confirm your e-mail address for {brand}',
      body: 'Your code to confirm this e-mail address at {brand} is {code}.\n\nOr open this link:\n\n{link}\n\nThe code and the link are valid for {minutes} minutes. Never share them with anyone: {brand} staff will never ask for them.\n\nIf you did not add this address, ignore this e-mail: nothing will change.',
    },
    es: {
      subject: 'Confirma tu dirección de correo en {brand}',
      body: 'Tu código para confirmar esta dirección de correo en {brand} es {code}.\n\nO abre este enlace:\n\n{link}\n\nEl código y el enlace son válidos durante {minutes} minutos. No los compartas con nadie: el personal de {brand} nunca te los pedirá.\n\nSi no has añadido esta dirección, ignora este correo: no cambiará nada.',
    },
    pt: {
      subject: 'Confirme seu endereço de e-mail na {brand}',
      body: 'Seu código para confirmar este endereço de e-mail na {brand} é {code}.\n\nOu abra este link:\n\n{link}\n\nO código e o link são válidos por {minutes} minutos. Não os compartilhe com ninguém: a equipe da {brand} nunca vai pedi-los.\n\nSe você não adicionou este endereço, ignore este e-mail: nada vai mudar.',
    },
    ro: {
      subject: 'Confirmă adresa de e-mail la {brand}',
      body: 'Codul tău pentru confirmarea acestei adrese de e-mail la {brand} este {code}.\n\nSau deschide acest link:\n\n{link}\n\nCodul și linkul sunt valabile {minutes} minute. Nu le comunica nimănui: angajații {brand} nu ți le vor cere niciodată.\n\nDacă nu ai adăugat această adresă, ignoră acest e-mail: nu se va schimba nimic.',
    },
    ru: {
      subject: 'Подтвердите адрес электронной почты в {brand}',
      body: 'Ваш код для подтверждения этого адреса электронной почты в {brand}: {code}.\n\nИли откройте ссылку:\n\n{link}\n\nКод и ссылка действуют {minutes} минут. Никому их не сообщайте: сотрудники {brand} никогда их не попросят.\n\nЕсли вы не добавляли этот адрес, проигнорируйте письмо: ничего не изменится.',
    },
    ua: {
      subject: 'Підтвердьте адресу електронної пошти в {brand}',
      body: 'Ваш код для підтвердження цієї адреси електронної пошти в {brand}: {code}.\n\nАбо відкрийте посилання:\n\n{link}\n\nКод і посилання дійсні {minutes} хвилин. Нікому їх не повідомляйте: працівники {brand} ніколи їх не попросять.\n\nЯкщо ви не додавали цю адресу, проігноруйте лист: нічого не зміниться.',
    },
  },
  // SMS: short, one segment where the alphabet allows; no subject.
  phoneConfirmation: {
    en: {
      subject: '',
      body: '{code} is your {brand} code to confirm this phone number. Valid {minutes} min. Never share it.',
    },
    es: {
      subject: '',
      body: '{code} es tu código de {brand} para confirmar este número. Válido {minutes} min. No lo compartas.',
    },
    pt: {
      subject: '',
      body: '{code} é seu código {brand} para confirmar este número. Válido por {minutes} min. Não compartilhe.',
    },
    ro: {
      subject: '',
      body: '{code} este codul tău {brand} pentru confirmarea acestui număr. Valabil {minutes} min. Nu-l comunica.',
    },
    ru: {
      subject: '',
      body: '{code} — ваш код {brand} для подтверждения номера. Действует {minutes} мин. Никому не сообщайте.',
    },
    ua: {
      subject: '',
      body: '{code} — ваш код {brand} для підтвердження номера. Дійсний {minutes} хв. Нікому не повідомляйте.',
    },
  },
  primaryEmailChanged: {
    en: {
      subject: 'Your {brand} e-mail address was changed',
      body: 'From now on {brand} writes to {email} instead of this address.\n\nIf this was not you, contact us at once at {support}.',
    },
    es: {
      subject: 'Se ha cambiado tu dirección de correo de {brand}',
      body: 'A partir de ahora {brand} escribirá a {email} en lugar de a esta dirección.\n\nSi no has sido tú, escríbenos de inmediato a {support}.',
    },
    pt: {
      subject: 'Seu endereço de e-mail na {brand} foi alterado',
      body: 'A partir de agora a {brand} vai escrever para {email} em vez deste endereço.\n\nSe não foi você, entre em contato conosco imediatamente em {support}.',
    },
    ro: {
      subject: 'Adresa ta de e-mail {brand} a fost schimbată',
      body: 'De acum înainte {brand} îți scrie la {email} în loc de această adresă.\n\nDacă nu ai fost tu, contactează-ne imediat la {support}.',
    },
    ru: {
      subject: 'Адрес электронной почты в {brand} изменён',
      body: 'Теперь {brand} будет писать на {email}, а не на этот адрес.\n\nЕсли это были не вы, немедленно свяжитесь с нами: {support}.',
    },
    ua: {
      subject: 'Адресу електронної пошти в {brand} змінено',
      body: 'Відтепер {brand} писатиме на {email}, а не на цю адресу.\n\nЯкщо це були не ви, негайно зв’яжіться з нами: {support}.',
    },
  },
};

export function renderMessage(
  kind: MessageKind,
  lang: Language,
  values: Record<string, string | number>,
): MessageText {
  const text = TEXTS[kind][lang];
  const fill = (template: string) =>
    template.replace(/\{(\w+)\}/g, (whole, key: string) =>
      Object.hasOwn(values, key) ? String(values[key]) : whole,
    );
  return { subject: fill(text.subject), body: fill(text.body) };
}
