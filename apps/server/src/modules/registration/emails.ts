import type { Language } from '@ledgerline/domain/languages';

/*
 * The e-mails of registration and account recovery, in the customer's language. Plain text:
 * nothing in them runs or loads anything. Placeholders are {name}, {brand}, {link}, {code},
 * {minutes}, {hours} and {support}.
 */

interface EmailText {
  subject: string;
  body: string;
}

type EmailKind = 'activation' | 'passwordResetCode' | 'passwordChanged';

const TEXTS: Record<EmailKind, Record<Language, EmailText>> = {
  activation: {
    en: {
      subject: 'Activate your {brand} account',
      body: 'Hello {name},\n\nThank you for opening an account with {brand}. To activate it, open this link within {hours} hours:\n\n{link}\n\nIf you did not ask for an account, ignore this e-mail: nothing will be activated.\n\n{brand}',
    },
    es: {
      subject: 'Activa tu cuenta de {brand}',
      body: 'Hola, {name}:\n\nGracias por abrir una cuenta en {brand}. Para activarla, abre este enlace en las próximas {hours} horas:\n\n{link}\n\nSi no has solicitado una cuenta, ignora este correo: no se activará nada.\n\n{brand}',
    },
    ro: {
      subject: 'Activează-ți contul {brand}',
      body: 'Bună, {name},\n\nÎți mulțumim că ți-ai deschis un cont la {brand}. Pentru a-l activa, deschide acest link în următoarele {hours} de ore:\n\n{link}\n\nDacă nu ai cerut un cont, ignoră acest e-mail: nu se va activa nimic.\n\n{brand}',
    },
    ru: {
      subject: 'Активируйте учётную запись {brand}',
      body: 'Здравствуйте, {name}!\n\nСпасибо, что открыли счёт в {brand}. Чтобы активировать учётную запись, откройте эту ссылку в течение {hours} часов:\n\n{link}\n\nЕсли вы не запрашивали учётную запись, просто проигнорируйте это письмо: ничего не будет активировано.\n\n{brand}',
    },
    ua: {
      subject: 'Активуйте обліковий запис {brand}',
      body: 'Вітаємо, {name}!\n\nДякуємо, що відкрили рахунок у {brand}. Щоб активувати обліковий запис, відкрийте це посилання протягом {hours} годин:\n\n{link}\n\nЯкщо ви не запитували обліковий запис, просто проігноруйте цей лист: нічого не буде активовано.\n\n{brand}',
    },
    pt: {
      subject: 'Ative a sua conta {brand}',
      body: 'Olá, {name},\n\nObrigado por abrir uma conta na {brand}. Para a ativar, abra esta ligação nas próximas {hours} horas:\n\n{link}\n\nSe não pediu uma conta, ignore este e-mail: nada será ativado.\n\n{brand}',
    },
  },
  passwordResetCode: {
    en: {
      subject: 'Your {brand} password reset code',
      body: 'Your code to reset your {brand} password is {code}.\n\nIt is valid for {minutes} minutes. Never share it with anyone: {brand} staff will never ask for it.\n\nIf you did not ask to reset your password, ignore this e-mail; your password stays as it is.',
    },
    es: {
      subject: 'Tu código para restablecer la contraseña de {brand}',
      body: 'Tu código para restablecer la contraseña de {brand} es {code}.\n\nEs válido durante {minutes} minutos. No lo compartas con nadie: el personal de {brand} nunca te lo pedirá.\n\nSi no has pedido restablecer la contraseña, ignora este correo; tu contraseña no cambia.',
    },
    ro: {
      subject: 'Codul tău pentru resetarea parolei {brand}',
      body: 'Codul tău pentru resetarea parolei {brand} este {code}.\n\nEste valabil {minutes} minute. Nu-l comunica nimănui: angajații {brand} nu ți-l vor cere niciodată.\n\nDacă nu ai cerut resetarea parolei, ignoră acest e-mail; parola ta rămâne neschimbată.',
    },
    ru: {
      subject: 'Код для сброса пароля {brand}',
      body: 'Ваш код для сброса пароля {brand}: {code}.\n\nОн действует {minutes} минут. Никому его не сообщайте: сотрудники {brand} никогда не попросят этот код.\n\nЕсли вы не запрашивали сброс пароля, проигнорируйте это письмо; ваш пароль останется прежним.',
    },
    ua: {
      subject: 'Код для скидання пароля {brand}',
      body: 'Ваш код для скидання пароля {brand}: {code}.\n\nВін дійсний {minutes} хвилин. Нікому його не повідомляйте: працівники {brand} ніколи не попросять цей код.\n\nЯкщо ви не запитували скидання пароля, проігноруйте цей лист; ваш пароль залишиться незмінним.',
    },
    pt: {
      subject: 'O seu código para repor a palavra-passe {brand}',
      body: 'O seu código para repor a palavra-passe {brand} é {code}.\n\nÉ válido durante {minutes} minutos. Não o partilhe com ninguém: a equipa da {brand} nunca lho vai pedir.\n\nSe não pediu para repor a palavra-passe, ignore este e-mail; a sua palavra-passe mantém-se.',
    },
  },
  passwordChanged: {
    en: {
      subject: 'Your {brand} password was changed',
      body: 'The password of your {brand} account has just been changed, and every device that was signed in has been signed out.\n\nIf this was not you, contact us at once at {support}.',
    },
    es: {
      subject: 'Se ha cambiado la contraseña de {brand}',
      body: 'Se acaba de cambiar la contraseña de tu cuenta de {brand} y se ha cerrado la sesión en todos los dispositivos.\n\nSi no has sido tú, escríbenos de inmediato a {support}.',
    },
    ro: {
      subject: 'Parola ta {brand} a fost schimbată',
      body: 'Parola contului tău {brand} tocmai a fost schimbată, iar toate dispozitivele conectate au fost deconectate.\n\nDacă nu ai fost tu, contactează-ne imediat la {support}.',
    },
    ru: {
      subject: 'Пароль {brand} изменён',
      body: 'Пароль вашей учётной записи {brand} только что был изменён, и на всех устройствах выполнен выход.\n\nЕсли это были не вы, немедленно свяжитесь с нами: {support}.',
    },
    ua: {
      subject: 'Пароль {brand} змінено',
      body: 'Пароль вашого облікового запису {brand} щойно було змінено, і на всіх пристроях виконано вихід.\n\nЯкщо це були не ви, негайно зв’яжіться з нами: {support}.',
    },
    pt: {
      subject: 'A sua palavra-passe {brand} foi alterada',
      body: 'A palavra-passe da sua conta {brand} acabou de ser alterada e a sessão foi terminada em todos os dispositivos.\n\nSe não foi você, contacte-nos de imediato através de {support}.',
    },
  },
};

export function renderEmail(
  kind: EmailKind,
  lang: Language,
  values: Record<string, string | number>,
): EmailText {
  const text = TEXTS[kind][lang];
  const fill = (template: string) =>
    template.replace(/\{(\w+)\}/g, (whole, key: string) =>
      Object.hasOwn(values, key) ? String(values[key]) : whole,
    );
  return { subject: fill(text.subject), body: fill(text.body) };
}
