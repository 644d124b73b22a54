import type { Language } from '@ledgerline/domain/languages';

/** The e-mail that confirms a company payment address, in the user's language. */
const TEXTS: Record<Language, { subject: string; body: string }> = {
  en: {
    subject: '{brand}: confirm the payment e-mail of {company}',
    body: 'Your confirmation code is {code}. Enter it on the company e-mail page to add this address to {company}. The code is valid for {minutes} minutes. If you did not ask for this, ignore this e-mail.',
  },
  es: {
    subject: '{brand}: confirme el correo de pagos de {company}',
    body: 'Su código de confirmación es {code}. Introdúzcalo en la página de correos de la empresa para añadir esta dirección a {company}. El código es válido durante {minutes} minutos. Si no lo ha solicitado, ignore este correo.',
  },
  ro: {
    subject: '{brand}: confirmați adresa de plăți a {company}',
    body: 'Codul dumneavoastră de confirmare este {code}. Introduceți-l pe pagina de e-mailuri a companiei pentru a adăuga această adresă la {company}. Codul este valabil {minutes} minute. Dacă nu ați cerut acest lucru, ignorați acest e-mail.',
  },
  ru: {
    subject: '{brand}: подтвердите платёжный адрес {company}',
    body: 'Ваш код подтверждения: {code}. Введите его на странице адресов компании, чтобы добавить этот адрес для {company}. Код действует {minutes} минут. Если вы этого не запрашивали, просто проигнорируйте письмо.',
  },
  ua: {
    subject: '{brand}: підтвердьте платіжну адресу {company}',
    body: 'Ваш код підтвердження: {code}. Введіть його на сторінці адрес компанії, щоб додати цю адресу для {company}. Код дійсний {minutes} хвилин. Якщо ви цього не запитували, просто проігноруйте лист.',
  },
  pt: {
    subject: '{brand}: confirme o e-mail de pagamentos de {company}',
    body: 'Seu código de confirmação é {code}. Digite-o na página de e-mails da empresa para adicionar este endereço a {company}. O código vale por {minutes} minutos. Se você não pediu isso, ignore este e-mail.',
  },
};

export function paymentEmailMessage(
  lang: Language,
  values: { brand: string; company: string; code: string; minutes: number },
): { subject: string; body: string } {
  const text = TEXTS[lang];
  const fill = (template: string) =>
    template.replace(/\{(\w+)\}/g, (_, name: string) =>
      String(values[name as keyof typeof values] ?? ''),
    );
  return { subject: fill(text.subject), body: fill(text.body) };
}
