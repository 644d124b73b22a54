import type { Language } from '@ledgerline/domain';

/** The account-confirmation letter's texts; `{name}` style fields are filled in by the renderer. */
export interface LetterTexts {
  locale: string;
  title: string;
  salutation: string;
  body: string;
  date: string;
  holder: string;
  currency: string;
  iban: string;
  accountNumber: string;
  sortCode: string;
  routingNumber: string;
  transitNumber: string;
  institutionNumber: string;
  swift: string;
  bank: string;
  bankAddress: string;
  opened: string;
  reference: string;
  closing: string;
  role: string;
  electronic: string;
  footerTrading: string;
  footerLicence: string;
}

export const LETTER_TEXTS: Record<Language, LetterTexts> = {
  en: {
    locale: 'en-GB',
    title: 'Account confirmation',
    salutation: 'To whom it may concern,',
    body: 'We confirm that {name} holds an account in {currency} with {entity}. The account is open on the date of this letter. Its details are:',
    date: 'Date',
    holder: 'Account holder',
    currency: 'Account currency',
    iban: 'IBAN',
    accountNumber: 'Account number',
    sortCode: 'Sort code',
    routingNumber: 'Routing number',
    transitNumber: 'Transit number',
    institutionNumber: 'Institution number',
    swift: 'BIC / SWIFT',
    bank: 'Bank',
    bankAddress: 'Bank address',
    opened: 'Account opened',
    reference: 'Payment reference',
    closing: 'Yours faithfully,',
    role: 'Head of Customer Operations',
    electronic:
      'This letter was generated electronically and is valid without a handwritten signature.',
    footerTrading: '{project} is a trading name of {entity}, {address}.',
    footerLicence: '{entity} is licensed by the {regulator} (reference {reference}).',
  },
  es: {
    locale: 'es-ES',
    title: 'Confirmación de cuenta',
    salutation: 'A quien corresponda:',
    body: 'Confirmamos que {name} es titular de una cuenta en {currency} en {entity}. La cuenta está abierta en la fecha de esta carta. Sus datos son:',
    date: 'Fecha',
    holder: 'Titular de la cuenta',
    currency: 'Divisa de la cuenta',
    iban: 'IBAN',
    accountNumber: 'Número de cuenta',
    sortCode: 'Código de sucursal (sort code)',
    routingNumber: 'Número de ruta (routing)',
    transitNumber: 'Número de tránsito',
    institutionNumber: 'Número de institución',
    swift: 'BIC / SWIFT',
    bank: 'Banco',
    bankAddress: 'Dirección del banco',
    opened: 'Fecha de apertura',
    reference: 'Referencia de pago',
    closing: 'Atentamente,',
    role: 'Responsable de Operaciones con Clientes',
    electronic: 'Esta carta se ha generado electrónicamente y es válida sin firma manuscrita.',
    footerTrading: '{project} es un nombre comercial de {entity}, {address}.',
    footerLicence: '{entity} está autorizada por {regulator} (referencia {reference}).',
  },
  pt: {
    locale: 'pt-PT',
    title: 'Confirmação de conta',
    salutation: 'A quem possa interessar,',
    body: 'Confirmamos que {name} é titular de uma conta em {currency} junto de {entity}. A conta está aberta na data desta carta. Os seus dados são:',
    date: 'Data',
    holder: 'Titular da conta',
    currency: 'Moeda da conta',
    iban: 'IBAN',
    accountNumber: 'Número de conta',
    sortCode: 'Código de balcão (sort code)',
    routingNumber: 'Número de encaminhamento (routing)',
    transitNumber: 'Número de trânsito',
    institutionNumber: 'Número da instituição',
    swift: 'BIC / SWIFT',
    bank: 'Banco',
    bankAddress: 'Morada do banco',
    opened: 'Data de abertura',
    reference: 'Referência de pagamento',
    closing: 'Com os melhores cumprimentos,',
    role: 'Responsável pelas Operações de Clientes',
    electronic: 'Esta carta foi gerada eletronicamente e é válida sem assinatura manuscrita.',
    footerTrading: '{project} é uma designação comercial de {entity}, {address}.',
    footerLicence: '{entity} está licenciada por {regulator} (referência {reference}).',
  },
  ro: {
    locale: 'ro-RO',
    title: 'Confirmare de cont',
    salutation: 'În atenția celor interesați,',
    body: 'Confirmăm că {name} este titularul unui cont în {currency} deschis la {entity}. Contul este deschis la data acestei scrisori. Detaliile contului sunt:',
    date: 'Data',
    holder: 'Titularul contului',
    currency: 'Moneda contului',
    iban: 'IBAN',
    accountNumber: 'Numărul contului',
    sortCode: 'Cod de sucursală (sort code)',
    routingNumber: 'Număr de rutare (routing)',
    transitNumber: 'Număr de tranzit',
    institutionNumber: 'Numărul instituției',
    swift: 'BIC / SWIFT',
    bank: 'Banca',
    bankAddress: 'Adresa băncii',
    opened: 'Data deschiderii',
    reference: 'Referința plății',
    closing: 'Cu stimă,',
    role: 'Șef Operațiuni Clienți',
    electronic:
      'Această scrisoare a fost generată electronic și este valabilă fără semnătură olografă.',
    footerTrading: '{project} este o denumire comercială a {entity}, {address}.',
    footerLicence: '{entity} este autorizată de {regulator} (referința {reference}).',
  },
  ru: {
    locale: 'ru-RU',
    title: 'Подтверждение счёта',
    salutation: 'Для предъявления по месту требования.',
    body: 'Настоящим подтверждаем, что {name} является владельцем счёта в валюте {currency} в {entity}. На дату этого письма счёт открыт. Реквизиты счёта:',
    date: 'Дата',
    holder: 'Владелец счёта',
    currency: 'Валюта счёта',
    iban: 'IBAN',
    accountNumber: 'Номер счёта',
    sortCode: 'Код отделения (sort code)',
    routingNumber: 'Маршрутный номер (routing)',
    transitNumber: 'Транзитный номер',
    institutionNumber: 'Номер учреждения',
    swift: 'BIC / SWIFT',
    bank: 'Банк',
    bankAddress: 'Адрес банка',
    opened: 'Дата открытия',
    reference: 'Референс платежа',
    closing: 'С уважением,',
    role: 'Руководитель клиентских операций',
    electronic:
      'Письмо сформировано в электронном виде и действительно без собственноручной подписи.',
    footerTrading: '{project} — торговое наименование {entity}, {address}.',
    footerLicence: '{entity} имеет лицензию {regulator} (номер {reference}).',
  },
  ua: {
    locale: 'uk-UA',
    title: 'Підтвердження рахунку',
    salutation: 'Для пред’явлення за місцем вимоги.',
    body: 'Цим підтверджуємо, що {name} є власником рахунку у валюті {currency} в {entity}. На дату цього листа рахунок відкритий. Реквізити рахунку:',
    date: 'Дата',
    holder: 'Власник рахунку',
    currency: 'Валюта рахунку',
    iban: 'IBAN',
    accountNumber: 'Номер рахунку',
    sortCode: 'Код відділення (sort code)',
    routingNumber: 'Маршрутний номер (routing)',
    transitNumber: 'Транзитний номер',
    institutionNumber: 'Номер установи',
    swift: 'BIC / SWIFT',
    bank: 'Банк',
    bankAddress: 'Адреса банку',
    opened: 'Дата відкриття',
    reference: 'Референс платежу',
    closing: 'З повагою,',
    role: 'Керівник клієнтських операцій',
    electronic: 'Лист сформовано в електронному вигляді, він дійсний без власноручного підпису.',
    footerTrading: '{project} — торговельна назва {entity}, {address}.',
    footerLicence: '{entity} має ліцензію {regulator} (номер {reference}).',
  },
};

/** Fills `{field}` placeholders; unknown fields stay as written. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? values[key]! : whole,
  );
}
