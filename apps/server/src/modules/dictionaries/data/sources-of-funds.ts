import type { SourceOfFundsType } from '@ledgerline/domain';
import type { LocalisedEntry } from './localised';

/**
 * Sources of funds (spec 2 §3 "Dictionaries"). One table, so a source that appears in several lists
 * (salary for a person and for an employee) keeps one id; the lists below choose and order them.
 */
export const SOURCES_OF_FUNDS: readonly LocalisedEntry[] = [
  {
    id: 1,
    name: {
      en: 'Salary',
      es: 'Salario',
      ro: 'Salariu',
      ru: 'Заработная плата',
      ua: 'Заробітна плата',
      pt: 'Salário',
    },
  },
  {
    id: 2,
    name: {
      en: 'Income from self-employment',
      es: 'Ingresos como autónomo',
      ro: 'Venituri din activități independente',
      ru: 'Доход от самозанятости',
      ua: 'Дохід від самозайнятості',
      pt: 'Renda de trabalho autônomo',
    },
  },
  {
    id: 3,
    name: {
      en: 'Business income or dividends',
      es: 'Ingresos empresariales o dividendos',
      ro: 'Venituri din afaceri sau dividende',
      ru: 'Доход от бизнеса или дивиденды',
      ua: 'Дохід від бізнесу або дивіденди',
      pt: 'Rendimentos empresariais ou dividendos',
    },
  },
  {
    id: 4,
    name: {
      en: 'Savings',
      es: 'Ahorros',
      ro: 'Economii',
      ru: 'Сбережения',
      ua: 'Заощадження',
      pt: 'Poupança',
    },
  },
  {
    id: 5,
    name: {
      en: 'Investment income',
      es: 'Rendimientos de inversiones',
      ro: 'Venituri din investiții',
      ru: 'Доход от инвестиций',
      ua: 'Дохід від інвестицій',
      pt: 'Rendimentos de investimentos',
    },
  },
  {
    id: 6,
    name: {
      en: 'Sale of property or other assets',
      es: 'Venta de inmuebles u otros bienes',
      ro: 'Vânzarea unor proprietăți sau a altor bunuri',
      ru: 'Продажа недвижимости или другого имущества',
      ua: 'Продаж нерухомості або іншого майна',
      pt: 'Venda de imóveis ou outros bens',
    },
  },
  {
    id: 7,
    name: {
      en: 'Inheritance',
      es: 'Herencia',
      ro: 'Moștenire',
      ru: 'Наследство',
      ua: 'Спадщина',
      pt: 'Herança',
    },
  },
  {
    id: 8,
    name: {
      en: 'Gift',
      es: 'Donación',
      ro: 'Donație',
      ru: 'Дарение',
      ua: 'Дарування',
      pt: 'Doação',
    },
  },
  {
    id: 9,
    name: {
      en: 'Pension',
      es: 'Pensión',
      ro: 'Pensie',
      ru: 'Пенсия',
      ua: 'Пенсія',
      pt: 'Aposentadoria ou pensão',
    },
  },
  {
    id: 10,
    name: {
      en: 'Loan',
      es: 'Préstamo',
      ro: 'Împrumut',
      ru: 'Кредит или заём',
      ua: 'Кредит або позика',
      pt: 'Empréstimo',
    },
  },
  {
    id: 11,
    name: {
      en: 'Rental income',
      es: 'Ingresos por alquiler',
      ro: 'Venituri din chirii',
      ru: 'Доход от аренды',
      ua: 'Дохід від оренди',
      pt: 'Renda de aluguel',
    },
  },
  {
    id: 12,
    name: {
      en: 'Social benefits',
      es: 'Prestaciones sociales',
      ro: 'Prestații sociale',
      ru: 'Социальные пособия',
      ua: 'Соціальні виплати',
      pt: 'Benefícios sociais',
    },
  },
  {
    id: 13,
    name: {
      en: 'Support from family',
      es: 'Ayuda familiar',
      ro: 'Sprijin din partea familiei',
      ru: 'Помощь от семьи',
      ua: 'Допомога від родини',
      pt: 'Ajuda da família',
    },
  },
  {
    id: 14,
    name: { en: 'Bonus', es: 'Bonificación', ro: 'Primă', ru: 'Премия', ua: 'Премія', pt: 'Bônus' },
  },
  {
    id: 15,
    name: {
      en: 'Sales commission',
      es: 'Comisiones por ventas',
      ro: 'Comisioane din vânzări',
      ru: 'Комиссионные с продаж',
      ua: 'Комісійні з продажів',
      pt: 'Comissões de vendas',
    },
  },
  {
    id: 16,
    name: {
      en: 'Severance pay',
      es: 'Indemnización por despido',
      ro: 'Indemnizație de concediere',
      ru: 'Выходное пособие',
      ua: 'Вихідна допомога',
      pt: 'Verbas rescisórias',
    },
  },
  {
    id: 17,
    name: {
      en: 'Employee share options',
      es: 'Opciones sobre acciones para empleados',
      ro: 'Opțiuni pe acțiuni pentru angajați',
      ru: 'Опционы на акции для сотрудников',
      ua: 'Опціони на акції для працівників',
      pt: 'Opções de ações para funcionários',
    },
  },
  {
    id: 18,
    name: {
      en: 'Revenue from sales of goods',
      es: 'Ingresos por venta de bienes',
      ro: 'Venituri din vânzarea de bunuri',
      ru: 'Выручка от продажи товаров',
      ua: 'Виручка від продажу товарів',
      pt: 'Receita de venda de mercadorias',
    },
  },
  {
    id: 19,
    name: {
      en: 'Revenue from services',
      es: 'Ingresos por prestación de servicios',
      ro: 'Venituri din prestări de servicii',
      ru: 'Выручка от оказания услуг',
      ua: 'Виручка від надання послуг',
      pt: 'Receita de prestação de serviços',
    },
  },
  {
    id: 20,
    name: {
      en: 'Advertising and affiliate revenue',
      es: 'Ingresos por publicidad y afiliación',
      ro: 'Venituri din publicitate și afiliere',
      ru: 'Доход от рекламы и партнёрских программ',
      ua: 'Дохід від реклами та партнерських програм',
      pt: 'Receita de publicidade e afiliados',
    },
  },
  {
    id: 21,
    name: {
      en: 'Capital from shareholders',
      es: 'Aportaciones de capital de los socios',
      ro: 'Aport de capital al asociaților',
      ru: 'Взносы в капитал от участников',
      ua: 'Внески до капіталу від учасників',
      pt: 'Aporte de capital dos sócios',
    },
  },
  {
    id: 22,
    name: {
      en: 'Retained earnings',
      es: 'Beneficios no distribuidos',
      ro: 'Profit reportat',
      ru: 'Нераспределённая прибыль',
      ua: 'Нерозподілений прибуток',
      pt: 'Lucros retidos',
    },
  },
  {
    id: 23,
    name: {
      en: 'Grants or subsidies',
      es: 'Subvenciones',
      ro: 'Granturi sau subvenții',
      ru: 'Гранты или субсидии',
      ua: 'Гранти або субсидії',
      pt: 'Subsídios ou subvenções',
    },
  },
  {
    id: 24,
    name: {
      en: 'Other source',
      es: 'Otra fuente',
      ro: 'Altă sursă',
      ru: 'Другой источник',
      ua: 'Інше джерело',
      pt: 'Outra fonte',
    },
  },
];

/** Which sources each list offers, in the order a form shows them. */
export const SOURCE_OF_FUNDS_LISTS: Readonly<Record<SourceOfFundsType, readonly number[]>> = {
  personal: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 24],
  // The second list asks where further money comes from, so it adds support that rarely funds an account alone.
  personalSecondary: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 24],
  employee: [1, 14, 15, 16, 17, 24],
  business: [18, 19, 20, 5, 6, 11, 21, 22, 10, 23, 24],
};
