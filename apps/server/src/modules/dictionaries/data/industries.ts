import type { IndustryGroupLabel } from '@ledgerline/domain';
import type { Localised, LocalisedEntry } from './localised';

export interface IndustryGroupEntry {
  readonly id: number;
  readonly label: IndustryGroupLabel;
  readonly name: Localised;
  readonly industries: readonly LocalisedEntry[];
}

/**
 * Industry groups and their industries for business registration (spec 2 §3 "Dictionaries").
 * Industry ids are unique across groups, so a stored industry id names one industry. The server
 * answers every group; a brand that hides adult industries (spec 1 §9) filters label 'adult'.
 */
export const INDUSTRY_GROUPS: readonly IndustryGroupEntry[] = [
  {
    id: 1,
    label: 'mainstream',
    name: {
      en: 'General business',
      es: 'Actividad empresarial general',
      ro: 'Activitate comercială generală',
      ru: 'Общая коммерческая деятельность',
      ua: 'Загальна комерційна діяльність',
      pt: 'Atividade empresarial geral',
    },
    industries: [
      {
        id: 1,
        name: {
          en: 'Advertising networks',
          es: 'Redes publicitarias',
          ro: 'Rețele de publicitate',
          ru: 'Рекламные сети',
          ua: 'Рекламні мережі',
          pt: 'Redes de publicidade',
        },
      },
      {
        id: 2,
        name: {
          en: 'Affiliate programmes',
          es: 'Programas de afiliados',
          ro: 'Programe de afiliere',
          ru: 'Партнёрские программы',
          ua: 'Партнерські програми',
          pt: 'Programas de afiliados',
        },
      },
      {
        id: 3,
        name: {
          en: 'Live streaming networks',
          es: 'Plataformas de transmisión en directo',
          ro: 'Platforme de transmisie live',
          ru: 'Платформы прямых трансляций',
          ua: 'Платформи прямих трансляцій',
          pt: 'Plataformas de transmissão ao vivo',
        },
      },
      {
        id: 4,
        name: {
          en: 'Freelance companies and platforms',
          es: 'Empresas y plataformas de trabajo freelance',
          ro: 'Companii și platforme de freelancing',
          ru: 'Фриланс-компании и платформы',
          ua: 'Фриланс-компанії та платформи',
          pt: 'Empresas e plataformas de freelancers',
        },
      },
      {
        id: 5,
        name: {
          en: 'Web hosting and data centres',
          es: 'Alojamiento web y centros de datos',
          ro: 'Găzduire web și centre de date',
          ru: 'Хостинг и центры обработки данных',
          ua: 'Хостинг і центри обробки даних',
          pt: 'Hospedagem de sites e data centers',
        },
      },
      {
        id: 6,
        name: {
          en: 'Software development and IT services',
          es: 'Desarrollo de software y servicios de TI',
          ro: 'Dezvoltare software și servicii IT',
          ru: 'Разработка ПО и ИТ-услуги',
          ua: 'Розробка ПЗ та ІТ-послуги',
          pt: 'Desenvolvimento de software e serviços de TI',
        },
      },
      {
        id: 7,
        name: {
          en: 'E-commerce and retail',
          es: 'Comercio electrónico y minorista',
          ro: 'Comerț electronic și cu amănuntul',
          ru: 'Электронная и розничная торговля',
          ua: 'Електронна та роздрібна торгівля',
          pt: 'Comércio eletrônico e varejo',
        },
      },
      {
        id: 8,
        name: {
          en: 'Online media and publishing',
          es: 'Medios digitales y edición',
          ro: 'Media online și editare',
          ru: 'Онлайн-медиа и издательская деятельность',
          ua: 'Онлайн-медіа та видавнича діяльність',
          pt: 'Mídia on-line e publicações',
        },
      },
      {
        id: 9,
        name: {
          en: 'Video games and entertainment',
          es: 'Videojuegos y entretenimiento',
          ro: 'Jocuri video și divertisment',
          ru: 'Видеоигры и развлечения',
          ua: 'Відеоігри та розваги',
          pt: 'Videogames e entretenimento',
        },
      },
      {
        id: 10,
        name: {
          en: 'Consulting and professional services',
          es: 'Consultoría y servicios profesionales',
          ro: 'Consultanță și servicii profesionale',
          ru: 'Консалтинг и профессиональные услуги',
          ua: 'Консалтинг і професійні послуги',
          pt: 'Consultoria e serviços profissionais',
        },
      },
      {
        id: 11,
        name: {
          en: 'Education and training',
          es: 'Educación y formación',
          ro: 'Educație și formare',
          ru: 'Образование и обучение',
          ua: 'Освіта та навчання',
          pt: 'Educação e treinamento',
        },
      },
      {
        id: 12,
        name: {
          en: 'Travel and hospitality',
          es: 'Viajes y hostelería',
          ro: 'Turism și ospitalitate',
          ru: 'Туризм и гостиничный бизнес',
          ua: 'Туризм і готельний бізнес',
          pt: 'Viagens e hotelaria',
        },
      },
      {
        id: 13,
        name: {
          en: 'Health and wellbeing',
          es: 'Salud y bienestar',
          ro: 'Sănătate și stare de bine',
          ru: 'Здоровье и благополучие',
          ua: 'Здоров’я та добробут',
          pt: 'Saúde e bem-estar',
        },
      },
      {
        id: 14,
        name: {
          en: 'Manufacturing',
          es: 'Fabricación',
          ro: 'Producție industrială',
          ru: 'Производство',
          ua: 'Виробництво',
          pt: 'Indústria',
        },
      },
      {
        id: 15,
        name: {
          en: 'Wholesale trade',
          es: 'Comercio mayorista',
          ro: 'Comerț cu ridicata',
          ru: 'Оптовая торговля',
          ua: 'Оптова торгівля',
          pt: 'Comércio atacadista',
        },
      },
      {
        id: 16,
        name: {
          en: 'Transport and logistics',
          es: 'Transporte y logística',
          ro: 'Transport și logistică',
          ru: 'Транспорт и логистика',
          ua: 'Транспорт і логістика',
          pt: 'Transporte e logística',
        },
      },
      {
        id: 17,
        name: {
          en: 'Construction and real estate',
          es: 'Construcción e inmobiliaria',
          ro: 'Construcții și imobiliare',
          ru: 'Строительство и недвижимость',
          ua: 'Будівництво та нерухомість',
          pt: 'Construção e imóveis',
        },
      },
      {
        id: 18,
        name: {
          en: 'Telecommunications',
          es: 'Telecomunicaciones',
          ro: 'Telecomunicații',
          ru: 'Телекоммуникации',
          ua: 'Телекомунікації',
          pt: 'Telecomunicações',
        },
      },
      {
        id: 19,
        name: {
          en: 'Non-profit organisations',
          es: 'Organizaciones sin ánimo de lucro',
          ro: 'Organizații non-profit',
          ru: 'Некоммерческие организации',
          ua: 'Неприбуткові організації',
          pt: 'Organizações sem fins lucrativos',
        },
      },
      {
        id: 20,
        name: {
          en: 'Other general business',
          es: 'Otra actividad general',
          ro: 'Altă activitate generală',
          ru: 'Другая коммерческая деятельность',
          ua: 'Інша комерційна діяльність',
          pt: 'Outra atividade geral',
        },
      },
    ],
  },
  {
    id: 2,
    label: 'financial',
    name: {
      en: 'Financial services',
      es: 'Servicios financieros',
      ro: 'Servicii financiare',
      ru: 'Финансовые услуги',
      ua: 'Фінансові послуги',
      pt: 'Serviços financeiros',
    },
    industries: [
      {
        id: 21,
        name: {
          en: 'Payment processing',
          es: 'Procesamiento de pagos',
          ro: 'Procesare de plăți',
          ru: 'Процессинг платежей',
          ua: 'Процесинг платежів',
          pt: 'Processamento de pagamentos',
        },
      },
      {
        id: 22,
        name: {
          en: 'Billing services',
          es: 'Servicios de facturación',
          ro: 'Servicii de facturare',
          ru: 'Биллинговые услуги',
          ua: 'Білінгові послуги',
          pt: 'Serviços de faturamento',
        },
      },
      {
        id: 23,
        name: {
          en: 'Money remittance',
          es: 'Envío de remesas',
          ro: 'Servicii de transfer de bani',
          ru: 'Денежные переводы',
          ua: 'Грошові перекази',
          pt: 'Remessas de dinheiro',
        },
      },
      {
        id: 24,
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
        id: 25,
        name: {
          en: 'Electronic money institutions',
          es: 'Entidades de dinero electrónico',
          ro: 'Instituții emitente de monedă electronică',
          ru: 'Организации электронных денег',
          ua: 'Установи електронних грошей',
          pt: 'Instituições de moeda eletrônica',
        },
      },
      {
        id: 26,
        name: {
          en: 'Banking',
          es: 'Banca',
          ro: 'Servicii bancare',
          ru: 'Банковская деятельность',
          ua: 'Банківська діяльність',
          pt: 'Serviços bancários',
        },
      },
      {
        id: 27,
        name: {
          en: 'Lending',
          es: 'Préstamos y crédito',
          ro: 'Creditare',
          ru: 'Кредитование',
          ua: 'Кредитування',
          pt: 'Concessão de crédito',
        },
      },
      {
        id: 28,
        name: {
          en: 'Insurance',
          es: 'Seguros',
          ro: 'Asigurări',
          ru: 'Страхование',
          ua: 'Страхування',
          pt: 'Seguros',
        },
      },
      {
        id: 29,
        name: {
          en: 'Crypto-asset services',
          es: 'Servicios de criptoactivos',
          ro: 'Servicii cu criptoactive',
          ru: 'Услуги с криптоактивами',
          ua: 'Послуги з криптоактивами',
          pt: 'Serviços de criptoativos',
        },
      },
    ],
  },
  {
    id: 3,
    label: 'investment',
    name: {
      en: 'Investment services',
      es: 'Servicios de inversión',
      ro: 'Servicii de investiții',
      ru: 'Инвестиционные услуги',
      ua: 'Інвестиційні послуги',
      pt: 'Serviços de investimento',
    },
    industries: [
      {
        id: 30,
        name: {
          en: 'Asset management',
          es: 'Gestión de activos',
          ro: 'Administrarea activelor',
          ru: 'Управление активами',
          ua: 'Управління активами',
          pt: 'Gestão de ativos',
        },
      },
      {
        id: 31,
        name: {
          en: 'Brokerage',
          es: 'Intermediación bursátil',
          ro: 'Servicii de brokeraj',
          ru: 'Брокерские услуги',
          ua: 'Брокерські послуги',
          pt: 'Corretagem',
        },
      },
      {
        id: 32,
        name: {
          en: 'Investment funds',
          es: 'Fondos de inversión',
          ro: 'Fonduri de investiții',
          ru: 'Инвестиционные фонды',
          ua: 'Інвестиційні фонди',
          pt: 'Fundos de investimento',
        },
      },
      {
        id: 33,
        name: {
          en: 'Venture capital and private equity',
          es: 'Capital riesgo y capital privado',
          ro: 'Capital de risc și capital privat',
          ru: 'Венчурный капитал и прямые инвестиции',
          ua: 'Венчурний капітал і прямі інвестиції',
          pt: 'Capital de risco e private equity',
        },
      },
      {
        id: 34,
        name: {
          en: 'Proprietary trading',
          es: 'Negociación por cuenta propia',
          ro: 'Tranzacționare pe cont propriu',
          ru: 'Торговля за собственный счёт',
          ua: 'Торгівля за власний рахунок',
          pt: 'Negociação por conta própria',
        },
      },
      {
        id: 35,
        name: {
          en: 'Real estate investment',
          es: 'Inversión inmobiliaria',
          ro: 'Investiții imobiliare',
          ru: 'Инвестиции в недвижимость',
          ua: 'Інвестиції в нерухомість',
          pt: 'Investimento imobiliário',
        },
      },
    ],
  },
  {
    id: 4,
    label: 'adult',
    // The spec names this group "Adult Related Business" (spec 2 §3).
    name: {
      en: 'Adult Related Business',
      es: 'Negocios relacionados con contenido para adultos',
      ro: 'Afaceri din industria pentru adulți',
      ru: 'Бизнес, связанный с контентом для взрослых',
      ua: 'Бізнес, пов’язаний з контентом для дорослих',
      pt: 'Negócios relacionados a conteúdo adulto',
    },
    industries: [
      {
        id: 36,
        name: {
          en: 'Webcam studios',
          es: 'Estudios de webcam',
          ro: 'Studiouri de videochat',
          ru: 'Вебкам-студии',
          ua: 'Вебкам-студії',
          pt: 'Estúdios de webcam',
        },
      },
      {
        id: 37,
        name: {
          en: 'Adult content production',
          es: 'Producción de contenido para adultos',
          ro: 'Producție de conținut pentru adulți',
          ru: 'Производство контента для взрослых',
          ua: 'Виробництво контенту для дорослих',
          pt: 'Produção de conteúdo adulto',
        },
      },
      {
        id: 38,
        name: {
          en: 'Adult content platforms',
          es: 'Plataformas de contenido para adultos',
          ro: 'Platforme de conținut pentru adulți',
          ru: 'Платформы с контентом для взрослых',
          ua: 'Платформи з контентом для дорослих',
          pt: 'Plataformas de conteúdo adulto',
        },
      },
      {
        id: 39,
        name: {
          en: 'Adult dating services',
          es: 'Servicios de citas para adultos',
          ro: 'Servicii de întâlniri pentru adulți',
          ru: 'Сервисы знакомств для взрослых',
          ua: 'Сервіси знайомств для дорослих',
          pt: 'Serviços de encontros para adultos',
        },
      },
      {
        id: 40,
        name: {
          en: 'Adult products retail',
          es: 'Venta de productos para adultos',
          ro: 'Comerț cu produse pentru adulți',
          ru: 'Продажа товаров для взрослых',
          ua: 'Продаж товарів для дорослих',
          pt: 'Venda de produtos adultos',
        },
      },
    ],
  },
];
