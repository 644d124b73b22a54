import type { Language } from '@ledgerline/domain/languages';

/*
 * The e-mails and SMS of the security centre, in the language the customer uses. Plain text:
 * nothing in them runs or loads anything. Placeholders: {brand}, {code}, {minutes}, {support}.
 */

interface MessageText {
  subject: string;
  body: string;
}

type MessageKind = 'passwordChangeCode' | 'passwordChanged' | 'twoStepEmailCode' | 'twoStepSmsCode';

const TEXTS: Record<MessageKind, Record<Language, MessageText>> = {
  passwordChangeCode: {
    en: {
      subject: 'Your {brand} code to change your password',
      body: 'Your code to change the password of your {brand} account is {code}. It is valid for {minutes} minutes.\n\nNever share it with anyone: {brand} staff will never ask for it.\n\nIf you did not ask to change your password, sign in and change it now, and contact us at {support}.',
    },
    es: {
      subject: 'Tu código de {brand} para cambiar la contraseña',
      body: 'Tu código para cambiar la contraseña de tu cuenta de {brand} es {code}. Es válido durante {minutes} minutos.\n\nNo lo compartas con nadie: el personal de {brand} nunca te lo pedirá.\n\nSi no has pedido cambiar la contraseña, inicia sesión y cámbiala ahora, y escríbenos a {support}.',
    },
    pt: {
      subject: 'Seu código da {brand} para alterar a senha',
      body: 'Seu código para alterar a senha da sua conta {brand} é {code}. Ele é válido por {minutes} minutos.\n\nNão o compartilhe com ninguém: a equipe da {brand} nunca vai pedi-lo.\n\nSe você não pediu para alterar a senha, entre na conta e altere-a agora, e fale conosco em {support}.',
    },
    ro: {
      subject: 'Codul tău {brand} pentru schimbarea parolei',
      body: 'Codul tău pentru schimbarea parolei contului {brand} este {code}. Este valabil {minutes} minute.\n\nNu-l comunica nimănui: angajații {brand} nu ți-l vor cere niciodată.\n\nDacă nu ai cerut schimbarea parolei, autentifică-te și schimb-o acum, apoi scrie-ne la {support}.',
    },
    ru: {
      subject: 'Ваш код {brand} для смены пароля',
      body: 'Ваш код для смены пароля учётной записи {brand}: {code}. Он действует {minutes} минут.\n\nНикому его не сообщайте: сотрудники {brand} никогда его не попросят.\n\nЕсли вы не запрашивали смену пароля, войдите и смените его сейчас, а также напишите нам: {support}.',
    },
    ua: {
      subject: 'Ваш код {brand} для зміни пароля',
      body: 'Ваш код для зміни пароля облікового запису {brand}: {code}. Він дійсний {minutes} хвилин.\n\nНікому його не повідомляйте: працівники {brand} ніколи його не попросять.\n\nЯкщо ви не просили змінити пароль, увійдіть і змініть його зараз, а також напишіть нам: {support}.',
    },
  },
  passwordChanged: {
    en: {
      subject: 'Your {brand} password was changed',
      body: 'The password of your {brand} account has just been changed. Every other device that was signed in has been signed out.\n\nIf this was not you, contact us at once at {support}.',
    },
    es: {
      subject: 'Se ha cambiado tu contraseña de {brand}',
      body: 'Se acaba de cambiar la contraseña de tu cuenta de {brand}. Se ha cerrado la sesión en todos los demás dispositivos.\n\nSi no has sido tú, escríbenos de inmediato a {support}.',
    },
    pt: {
      subject: 'Sua senha da {brand} foi alterada',
      body: 'A senha da sua conta {brand} acabou de ser alterada. A sessão foi encerrada em todos os outros dispositivos.\n\nSe não foi você, fale conosco imediatamente em {support}.',
    },
    ro: {
      subject: 'Parola ta {brand} a fost schimbată',
      body: 'Parola contului tău {brand} tocmai a fost schimbată. Toate celelalte dispozitive conectate au fost deconectate.\n\nDacă nu ai fost tu, contactează-ne imediat la {support}.',
    },
    ru: {
      subject: 'Пароль {brand} изменён',
      body: 'Пароль вашей учётной записи {brand} только что изменён. На всех остальных устройствах выполнен выход.\n\nЕсли это были не вы, немедленно свяжитесь с нами: {support}.',
    },
    ua: {
      subject: 'Пароль {brand} змінено',
      body: 'Пароль вашого облікового запису {brand} щойно змінено. На всіх інших пристроях виконано вихід.\n\nЯкщо це були не ви, негайно зв’яжіться з нами: {support}.',
    },
  },
  twoStepEmailCode: {
    en: {
      subject: 'Your {brand} code to change two-step verification',
      body: 'Your code to change the two-step verification of your {brand} account is {code}. It is valid for {minutes} minutes.\n\nNever share it with anyone: {brand} staff will never ask for it.\n\nIf this was not you, change your password now and contact us at {support}.',
    },
    es: {
      subject: 'Tu código de {brand} para cambiar la verificación en dos pasos',
      body: 'Tu código para cambiar la verificación en dos pasos de tu cuenta de {brand} es {code}. Es válido durante {minutes} minutos.\n\nNo lo compartas con nadie: el personal de {brand} nunca te lo pedirá.\n\nSi no has sido tú, cambia tu contraseña ahora y escríbenos a {support}.',
    },
    pt: {
      subject: 'Seu código da {brand} para alterar a verificação em duas etapas',
      body: 'Seu código para alterar a verificação em duas etapas da sua conta {brand} é {code}. Ele é válido por {minutes} minutos.\n\nNão o compartilhe com ninguém: a equipe da {brand} nunca vai pedi-lo.\n\nSe não foi você, altere sua senha agora e fale conosco em {support}.',
    },
    ro: {
      subject: 'Codul tău {brand} pentru schimbarea verificării în doi pași',
      body: 'Codul tău pentru schimbarea verificării în doi pași a contului {brand} este {code}. Este valabil {minutes} minute.\n\nNu-l comunica nimănui: angajații {brand} nu ți-l vor cere niciodată.\n\nDacă nu ai fost tu, schimbă-ți parola acum și scrie-ne la {support}.',
    },
    ru: {
      subject: 'Ваш код {brand} для изменения двухэтапной проверки',
      body: 'Ваш код для изменения двухэтапной проверки учётной записи {brand}: {code}. Он действует {minutes} минут.\n\nНикому его не сообщайте: сотрудники {brand} никогда его не попросят.\n\nЕсли это были не вы, смените пароль сейчас и напишите нам: {support}.',
    },
    ua: {
      subject: 'Ваш код {brand} для зміни двоетапної перевірки',
      body: 'Ваш код для зміни двоетапної перевірки облікового запису {brand}: {code}. Він дійсний {minutes} хвилин.\n\nНікому його не повідомляйте: працівники {brand} ніколи його не попросять.\n\nЯкщо це були не ви, змініть пароль зараз і напишіть нам: {support}.',
    },
  },
  // SMS: short, no subject.
  twoStepSmsCode: {
    en: {
      subject: '',
      body: '{code} is your {brand} code to change two-step verification. Valid {minutes} min. Never share it.',
    },
    es: {
      subject: '',
      body: '{code} es tu código de {brand} para cambiar la verificación en dos pasos. Válido {minutes} min. No lo compartas.',
    },
    pt: {
      subject: '',
      body: '{code} é seu código {brand} para alterar a verificação em duas etapas. Válido por {minutes} min. Não compartilhe.',
    },
    ro: {
      subject: '',
      body: '{code} este codul tău {brand} pentru schimbarea verificării în doi pași. Valabil {minutes} min. Nu-l comunica.',
    },
    ru: {
      subject: '',
      body: '{code} — ваш код {brand} для изменения двухэтапной проверки. Действует {minutes} мин. Никому не сообщайте.',
    },
    ua: {
      subject: '',
      body: '{code} — ваш код {brand} для зміни двоетапної перевірки. Дійсний {minutes} хв. Нікому не повідомляйте.',
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
