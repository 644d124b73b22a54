import type { AccountPurposeType } from '@ledgerline/domain';
import type { LocalisedEntry } from './localised';

/** Purposes of account (spec 2 §3 "Dictionaries"), one table for both lists; the lists below choose and order them. */
export const ACCOUNT_PURPOSES: readonly LocalisedEntry[] = [
  {
    id: 1,
    name: {
      en: 'Receiving salary or pension',
      es: 'Recibir el salario o la pensión',
      ro: 'Primirea salariului sau a pensiei',
      ru: 'Получение зарплаты или пенсии',
      ua: 'Отримання зарплати або пенсії',
      pt: 'Receber salário ou aposentadoria',
    },
  },
  {
    id: 2,
    name: {
      en: 'Everyday spending',
      es: 'Gastos cotidianos',
      ro: 'Cheltuieli zilnice',
      ru: 'Повседневные расходы',
      ua: 'Повсякденні витрати',
      pt: 'Despesas do dia a dia',
    },
  },
  {
    id: 3,
    name: {
      en: 'Saving money',
      es: 'Ahorrar',
      ro: 'Economisire',
      ru: 'Накопления',
      ua: 'Накопичення',
      pt: 'Guardar dinheiro',
    },
  },
  {
    id: 4,
    name: {
      en: 'Online shopping',
      es: 'Compras en línea',
      ro: 'Cumpărături online',
      ru: 'Покупки в интернете',
      ua: 'Покупки в інтернеті',
      pt: 'Compras on-line',
    },
  },
  {
    id: 5,
    name: {
      en: 'Receiving payments for freelance work',
      es: 'Cobrar trabajos como freelance',
      ro: 'Încasarea plăților pentru activități freelance',
      ru: 'Получение оплаты за фриланс',
      ua: 'Отримання оплати за фриланс',
      pt: 'Receber pagamentos por trabalhos freelance',
    },
  },
  {
    id: 6,
    name: {
      en: 'Sending money to family and friends',
      es: 'Enviar dinero a familiares y amigos',
      ro: 'Trimiterea de bani familiei și prietenilor',
      ru: 'Переводы родственникам и друзьям',
      ua: 'Перекази родичам і друзям',
      pt: 'Enviar dinheiro a familiares e amigos',
    },
  },
  {
    id: 7,
    name: {
      en: 'Investing',
      es: 'Invertir',
      ro: 'Investiții',
      ru: 'Инвестиции',
      ua: 'Інвестиції',
      pt: 'Investimentos',
    },
  },
  {
    id: 8,
    name: {
      en: 'Travel',
      es: 'Viajes',
      ro: 'Călătorii',
      ru: 'Путешествия',
      ua: 'Подорожі',
      pt: 'Viagens',
    },
  },
  {
    id: 9,
    name: {
      en: 'Receiving payments from customers',
      es: 'Cobros de clientes',
      ro: 'Încasări de la clienți',
      ru: 'Получение платежей от клиентов',
      ua: 'Отримання платежів від клієнтів',
      pt: 'Recebimento de pagamentos de clientes',
    },
  },
  {
    id: 10,
    name: {
      en: 'Paying suppliers',
      es: 'Pagos a proveedores',
      ro: 'Plăți către furnizori',
      ru: 'Оплата поставщикам',
      ua: 'Оплата постачальникам',
      pt: 'Pagamento a fornecedores',
    },
  },
  {
    id: 11,
    name: {
      en: 'Payroll',
      es: 'Pago de nóminas',
      ro: 'Plata salariilor',
      ru: 'Выплата заработной платы',
      ua: 'Виплата заробітної плати',
      pt: 'Pagamento de salários',
    },
  },
  {
    id: 12,
    name: {
      en: 'Paying affiliates and partners',
      es: 'Pagos a afiliados y socios comerciales',
      ro: 'Plăți către afiliați și parteneri',
      ru: 'Выплаты партнёрам и аффилиатам',
      ua: 'Виплати партнерам і афіліатам',
      pt: 'Pagamento a afiliados e parceiros',
    },
  },
  {
    id: 13,
    name: {
      en: 'Mass payouts',
      es: 'Pagos masivos',
      ro: 'Plăți în masă',
      ru: 'Массовые выплаты',
      ua: 'Масові виплати',
      pt: 'Pagamentos em massa',
    },
  },
  {
    id: 14,
    name: {
      en: 'Currency exchange',
      es: 'Cambio de divisas',
      ro: 'Schimb valutar',
      ru: 'Обмен валюты',
      ua: 'Обмін валюти',
      pt: 'Câmbio de moedas',
    },
  },
  {
    id: 15,
    name: {
      en: 'Cross-border payments',
      es: 'Pagos internacionales',
      ro: 'Plăți internaționale',
      ru: 'Международные платежи',
      ua: 'Міжнародні платежі',
      pt: 'Pagamentos internacionais',
    },
  },
  {
    id: 16,
    name: {
      en: 'Treasury and cash management',
      es: 'Gestión de tesorería',
      ro: 'Gestionarea trezoreriei',
      ru: 'Управление денежными средствами',
      ua: 'Управління грошовими коштами',
      pt: 'Gestão de tesouraria',
    },
  },
  {
    id: 17,
    name: {
      en: 'Other purpose',
      es: 'Otro propósito',
      ro: 'Alt scop',
      ru: 'Другая цель',
      ua: 'Інша мета',
      pt: 'Outra finalidade',
    },
  },
];

export const ACCOUNT_PURPOSE_LISTS: Readonly<Record<AccountPurposeType, readonly number[]>> = {
  personal: [1, 2, 3, 4, 5, 6, 7, 8, 14, 17],
  business: [9, 10, 11, 12, 13, 14, 15, 7, 16, 17],
};
