import type { Language } from '@ledgerline/domain/languages';

/*
 * Texts of external transfers the server writes in the customer's language: the labels of the
 * extra parameters (getExtraParams answers them ready to show, since which parameters exist
 * depends on the country and is server data) and the notice of a returned payment. Placeholders:
 * {brand}, {amount}, {payee}, {reason}.
 */

type Texts = Record<Language, string>;

export const EXTRA_PARAM_LABELS = {
  purposeOfPayment: {
    en: 'Purpose of the payment',
    es: 'Finalidad del pago',
    pt: 'Finalidade do pagamento',
    ro: 'Scopul plății',
    ru: 'Назначение платежа',
    ua: 'Призначення платежу',
  },
  purposeDetails: {
    en: 'Describe the purpose',
    es: 'Describe la finalidad',
    pt: 'Descreva a finalidade',
    ro: 'Descrie scopul',
    ru: 'Опишите назначение',
    ua: 'Опишіть призначення',
  },
  chargeBearer: {
    en: 'Who pays the bank charges',
    es: 'Quién paga las comisiones bancarias',
    pt: 'Quem paga as tarifas bancárias',
    ro: 'Cine plătește comisioanele bancare',
    ru: 'Кто оплачивает банковские комиссии',
    ua: 'Хто сплачує банківські комісії',
  },
  accountType: {
    en: 'Account type',
    es: 'Tipo de cuenta',
    pt: 'Tipo de conta',
    ro: 'Tipul contului',
    ru: 'Тип счёта',
    ua: 'Тип рахунку',
  },
  beneficiaryTaxId: {
    en: 'Beneficiary’s CPF or CNPJ',
    es: 'CPF o CNPJ del beneficiario',
    pt: 'CPF ou CNPJ do favorecido',
    ro: 'CPF sau CNPJ al beneficiarului',
    ru: 'CPF или CNPJ получателя',
    ua: 'CPF або CNPJ отримувача',
  },
  beneficiaryNameKana: {
    en: 'Beneficiary’s name in katakana',
    es: 'Nombre del beneficiario en katakana',
    pt: 'Nome do favorecido em katakana',
    ro: 'Numele beneficiarului în katakana',
    ru: 'Имя получателя катаканой',
    ua: 'Ім’я отримувача катаканою',
  },
  walletOwnership: {
    en: 'Whose wallet is it?',
    es: '¿De quién es el monedero?',
    pt: 'De quem é a carteira?',
    ro: 'Al cui este portofelul?',
    ru: 'Чей это кошелёк?',
    ua: 'Чий це гаманець?',
  },
  beneficiaryAddress: {
    en: 'Wallet owner’s address',
    es: 'Dirección del titular del monedero',
    pt: 'Endereço do titular da carteira',
    ro: 'Adresa titularului portofelului',
    ru: 'Адрес владельца кошелька',
    ua: 'Адреса власника гаманця',
  },
  message: {
    en: 'Message to the recipient',
    es: 'Mensaje para el destinatario',
    pt: 'Mensagem para o destinatário',
    ro: 'Mesaj pentru destinatar',
    ru: 'Сообщение получателю',
    ua: 'Повідомлення отримувачу',
  },
} satisfies Record<string, Texts>;

export const EXTRA_PARAM_VALUE_LABELS = {
  GDDS: {
    en: 'Purchase of goods',
    es: 'Compra de bienes',
    pt: 'Compra de mercadorias',
    ro: 'Achiziție de bunuri',
    ru: 'Оплата товаров',
    ua: 'Оплата товарів',
  },
  SCVE: {
    en: 'Purchase of services',
    es: 'Compra de servicios',
    pt: 'Compra de serviços',
    ro: 'Achiziție de servicii',
    ru: 'Оплата услуг',
    ua: 'Оплата послуг',
  },
  SALA: {
    en: 'Salary',
    es: 'Salario',
    pt: 'Salário',
    ro: 'Salariu',
    ru: 'Заработная плата',
    ua: 'Заробітна плата',
  },
  RENT: { en: 'Rent', es: 'Alquiler', pt: 'Aluguel', ro: 'Chirie', ru: 'Аренда', ua: 'Оренда' },
  OTHR: { en: 'Other', es: 'Otra', pt: 'Outra', ro: 'Altul', ru: 'Другое', ua: 'Інше' },
  SHA: {
    en: 'Shared (each side pays its bank)',
    es: 'Compartidas (cada parte paga a su banco)',
    pt: 'Compartilhadas (cada lado paga o seu banco)',
    ro: 'Partajate (fiecare parte își plătește banca)',
    ru: 'Пополам (каждая сторона платит своему банку)',
    ua: 'Навпіл (кожна сторона платить своєму банку)',
  },
  OUR: {
    en: 'I pay all charges',
    es: 'Pago yo todas las comisiones',
    pt: 'Eu pago todas as tarifas',
    ro: 'Plătesc eu toate comisioanele',
    ru: 'Все комиссии плачу я',
    ua: 'Усі комісії сплачую я',
  },
  BEN: {
    en: 'The beneficiary pays all charges',
    es: 'El beneficiario paga todas las comisiones',
    pt: 'O favorecido paga todas as tarifas',
    ro: 'Beneficiarul plătește toate comisioanele',
    ru: 'Все комиссии платит получатель',
    ua: 'Усі комісії сплачує отримувач',
  },
  checking: {
    en: 'Checking account',
    es: 'Cuenta corriente',
    pt: 'Conta corrente',
    ro: 'Cont curent',
    ru: 'Текущий счёт',
    ua: 'Поточний рахунок',
  },
  savings: {
    en: 'Savings account',
    es: 'Cuenta de ahorro',
    pt: 'Conta poupança',
    ro: 'Cont de economii',
    ru: 'Сберегательный счёт',
    ua: 'Ощадний рахунок',
  },
  ordinary: {
    en: 'Ordinary (futsū)',
    es: 'Ordinaria (futsū)',
    pt: 'Comum (futsū)',
    ro: 'Obișnuit (futsū)',
    ru: 'Обычный (фуцу)',
    ua: 'Звичайний (фуцу)',
  },
  current: {
    en: 'Current (tōza)',
    es: 'Corriente (tōza)',
    pt: 'Corrente (tōza)',
    ro: 'Curent (tōza)',
    ru: 'Расчётный (тоза)',
    ua: 'Розрахунковий (тоза)',
  },
  self: { en: 'Mine', es: 'Mío', pt: 'Minha', ro: 'Al meu', ru: 'Мой', ua: 'Мій' },
  thirdParty: {
    en: 'Someone else’s',
    es: 'De otra persona',
    pt: 'De outra pessoa',
    ro: 'Al altcuiva',
    ru: 'Другого человека',
    ua: 'Іншої людини',
  },
} satisfies Record<string, Texts>;

const RETURN_TEXTS = {
  subject: {
    en: 'Your {brand} payment to {payee} was returned',
    es: 'Tu pago de {brand} a {payee} ha sido devuelto',
    pt: 'Seu pagamento da {brand} para {payee} foi devolvido',
    ro: 'Plata ta {brand} către {payee} a fost returnată',
    ru: 'Ваш платёж {brand} получателю {payee} возвращён',
    ua: 'Ваш платіж {brand} отримувачу {payee} повернуто',
  },
  body: {
    en: 'The beneficiary’s bank sent back your payment of {amount} to {payee} ({reason}). The amount and its fee are back in your account.\n\nCheck the beneficiary’s details before you send it again.',
    es: 'El banco del beneficiario ha devuelto tu pago de {amount} a {payee} ({reason}). El importe y su comisión ya están de nuevo en tu cuenta.\n\nRevisa los datos del beneficiario antes de volver a enviarlo.',
    pt: 'O banco do favorecido devolveu seu pagamento de {amount} para {payee} ({reason}). O valor e a tarifa voltaram para a sua conta.\n\nConfira os dados do favorecido antes de enviar de novo.',
    ro: 'Banca beneficiarului a returnat plata ta de {amount} către {payee} ({reason}). Suma și comisionul au revenit în contul tău.\n\nVerifică datele beneficiarului înainte de a o trimite din nou.',
    ru: 'Банк получателя вернул ваш платёж {amount} получателю {payee} ({reason}). Сумма и комиссия вернулись на ваш счёт.\n\nПроверьте реквизиты получателя, прежде чем отправить платёж снова.',
    ua: 'Банк отримувача повернув ваш платіж {amount} отримувачу {payee} ({reason}). Сума та комісія повернулися на ваш рахунок.\n\nПеревірте реквізити отримувача, перш ніж надіслати платіж знову.',
  },
  result: {
    en: 'The payment was returned: {reason}',
    es: 'El pago ha sido devuelto: {reason}',
    pt: 'O pagamento foi devolvido: {reason}',
    ro: 'Plata a fost returnată: {reason}',
    ru: 'Платёж возвращён: {reason}',
    ua: 'Платіж повернуто: {reason}',
  },
} satisfies Record<string, Texts>;

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

export function returnMessage(
  kind: keyof typeof RETURN_TEXTS,
  lang: Language,
  values: Record<string, string>,
): string {
  return fill(RETURN_TEXTS[kind][lang], values);
}
