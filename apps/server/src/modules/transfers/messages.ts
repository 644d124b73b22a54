import type { Language } from '@ledgerline/domain/languages';

/*
 * The texts of a transfer's second factor, in the customer's language. What the customer approves
 * names the amount and the payee (PSD2 dynamic linking). Placeholders: {brand}, {code}, {amount},
 * {payee}, {minutes}.
 */

type MessageKind = 'smsCode' | 'emailSubject' | 'emailBody' | 'pushTitle';

const TEXTS: Record<MessageKind, Record<Language, string>> = {
  smsCode: {
    en: '{code} is your {brand} code to send {amount} to {payee}. Valid {minutes} min. Never share it.',
    es: '{code} es tu código de {brand} para enviar {amount} a {payee}. Válido {minutes} min. No lo compartas.',
    pt: '{code} é seu código da {brand} para enviar {amount} a {payee}. Válido por {minutes} min. Não o compartilhe.',
    ro: '{code} este codul tău {brand} pentru a trimite {amount} către {payee}. Valabil {minutes} min. Nu-l comunica nimănui.',
    ru: '{code} — ваш код {brand} для перевода {amount} получателю {payee}. Действует {minutes} мин. Никому не сообщайте.',
    ua: '{code} — ваш код {brand} для переказу {amount} отримувачу {payee}. Дійсний {minutes} хв. Нікому не повідомляйте.',
  },
  emailSubject: {
    en: 'Your {brand} approval code for a transfer',
    es: 'Tu código de aprobación de {brand} para una transferencia',
    pt: 'Seu código de aprovação da {brand} para uma transferência',
    ro: 'Codul tău de aprobare {brand} pentru un transfer',
    ru: 'Ваш код подтверждения {brand} для перевода',
    ua: 'Ваш код підтвердження {brand} для переказу',
  },
  emailBody: {
    en: 'Your code to send {amount} to {payee} is {code}. It is valid for {minutes} minutes.\n\nNever share it with anyone. If you did not make this transfer, do not enter the code and contact us.',
    es: 'Tu código para enviar {amount} a {payee} es {code}. Es válido durante {minutes} minutos.\n\nNo lo compartas con nadie. Si no has hecho esta transferencia, no introduzcas el código y contáctanos.',
    pt: 'Seu código para enviar {amount} a {payee} é {code}. Ele é válido por {minutes} minutos.\n\nNão o compartilhe com ninguém. Se você não fez esta transferência, não digite o código e fale conosco.',
    ro: 'Codul tău pentru a trimite {amount} către {payee} este {code}. Este valabil {minutes} minute.\n\nNu-l comunica nimănui. Dacă nu ai făcut acest transfer, nu introduce codul și contactează-ne.',
    ru: 'Ваш код для перевода {amount} получателю {payee}: {code}. Он действует {minutes} минут.\n\nНикому его не сообщайте. Если вы не делали этот перевод, не вводите код и свяжитесь с нами.',
    ua: 'Ваш код для переказу {amount} отримувачу {payee}: {code}. Він дійсний {minutes} хвилин.\n\nНікому його не повідомляйте. Якщо ви не робили цей переказ, не вводьте код і зв’яжіться з нами.',
  },
  pushTitle: {
    en: 'Send {amount} to {payee}?',
    es: '¿Enviar {amount} a {payee}?',
    pt: 'Enviar {amount} a {payee}?',
    ro: 'Trimiți {amount} către {payee}?',
    ru: 'Перевести {amount} получателю {payee}?',
    ua: 'Переказати {amount} отримувачу {payee}?',
  },
};

export function transferMessage(
  kind: MessageKind,
  lang: Language,
  values: Record<string, string | number>,
): string {
  return TEXTS[kind][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
