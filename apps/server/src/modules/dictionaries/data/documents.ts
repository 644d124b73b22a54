import type { DocumentCategoryCode } from '@ledgerline/domain';
import type { Localised, LocalisedEntry } from './localised';

export interface DocumentCategoryEntry {
  readonly name: Localised;
  /** The customer document types of the category. Which need an additional document and where a type is offered are rules in @ledgerline/domain. */
  readonly types: readonly LocalisedEntry[];
}

/**
 * Document categories 1–12 (spec 2 §3) with their customer document types. The spec fixes the
 * categories and that types 4, 5 and 88 come with an additional (front page) document, 88 only in
 * Russia and Ukraine; the other type ids are ours and are stored with uploads, so never renumber.
 */
export const DOCUMENT_CATEGORIES: Readonly<Record<DocumentCategoryCode, DocumentCategoryEntry>> = {
  ProofOfIdentity: {
    name: {
      en: 'Proof of identity',
      es: 'Prueba de identidad',
      ro: 'Dovada identității',
      ru: 'Подтверждение личности',
      ua: 'Підтвердження особи',
      pt: 'Comprovante de identidade',
    },
    types: [
      {
        id: 1,
        name: {
          en: 'Passport',
          es: 'Pasaporte',
          ro: 'Pașaport',
          ru: 'Паспорт',
          ua: 'Паспорт',
          pt: 'Passaporte',
        },
      },
      {
        id: 2,
        name: {
          en: 'National identity card',
          es: 'Documento nacional de identidad',
          ro: 'Carte de identitate',
          ru: 'Национальное удостоверение личности',
          ua: 'Національне посвідчення особи',
          pt: 'Carteira de identidade',
        },
      },
      {
        id: 3,
        name: {
          en: 'Driving licence',
          es: 'Permiso de conducir',
          ro: 'Permis de conducere',
          ru: 'Водительское удостоверение',
          ua: 'Посвідчення водія',
          pt: 'Carteira de habilitação',
        },
      },
    ],
  },
  ProofOfAddress: {
    name: {
      en: 'Proof of address',
      es: 'Comprobante de domicilio',
      ro: 'Dovada adresei',
      ru: 'Подтверждение адреса',
      ua: 'Підтвердження адреси',
      pt: 'Comprovante de endereço',
    },
    types: [
      {
        id: 4,
        name: {
          en: 'National identity card showing the address',
          es: 'Documento de identidad con el domicilio',
          ro: 'Carte de identitate cu adresa',
          ru: 'Удостоверение личности с адресом',
          ua: 'Посвідчення особи з адресою',
          pt: 'Carteira de identidade com o endereço',
        },
      },
      {
        id: 5,
        name: {
          en: 'Driving licence showing the address',
          es: 'Permiso de conducir con el domicilio',
          ro: 'Permis de conducere cu adresa',
          ru: 'Водительское удостоверение с адресом',
          ua: 'Посвідчення водія з адресою',
          pt: 'Carteira de habilitação com o endereço',
        },
      },
      {
        id: 6,
        name: {
          en: 'Utility bill',
          es: 'Factura de suministros',
          ro: 'Factură de utilități',
          ru: 'Счёт за коммунальные услуги',
          ua: 'Рахунок за комунальні послуги',
          pt: 'Conta de água, luz ou gás',
        },
      },
      {
        id: 7,
        name: {
          en: 'Bank statement',
          es: 'Extracto bancario',
          ro: 'Extras de cont bancar',
          ru: 'Банковская выписка',
          ua: 'Банківська виписка',
          pt: 'Extrato bancário',
        },
      },
      {
        id: 8,
        name: {
          en: 'Letter from a tax office or other public authority',
          es: 'Carta de Hacienda u otro organismo público',
          ro: 'Scrisoare de la fisc sau de la altă autoritate publică',
          ru: 'Письмо налоговой службы или другого госоргана',
          ua: 'Лист податкової служби або іншого держоргану',
          pt: 'Correspondência da Receita ou de outro órgão público',
        },
      },
      {
        id: 9,
        name: {
          en: 'Tenancy agreement',
          es: 'Contrato de alquiler',
          ro: 'Contract de închiriere',
          ru: 'Договор аренды жилья',
          ua: 'Договір оренди житла',
          pt: 'Contrato de aluguel',
        },
      },
      {
        id: 88,
        name: {
          en: 'Internal passport (registration page)',
          es: 'Pasaporte interno (página del domicilio registrado)',
          ro: 'Pașaport intern (pagina cu domiciliul înregistrat)',
          ru: 'Внутренний паспорт (страница с регистрацией)',
          ua: 'Внутрішній паспорт (сторінка з реєстрацією місця проживання)',
          pt: 'Passaporte interno (página do endereço registrado)',
        },
      },
    ],
  },
  ProofOfPhone: {
    name: {
      en: 'Proof of phone number',
      es: 'Comprobante del número de teléfono',
      ro: 'Dovada numărului de telefon',
      ru: 'Подтверждение номера телефона',
      ua: 'Підтвердження номера телефону',
      pt: 'Comprovante do número de telefone',
    },
    types: [
      {
        id: 10,
        name: {
          en: 'Mobile phone bill',
          es: 'Factura de telefonía móvil',
          ro: 'Factură de telefonie mobilă',
          ru: 'Счёт за мобильную связь',
          ua: 'Рахунок за мобільний зв’язок',
          pt: 'Conta de celular',
        },
      },
      {
        id: 11,
        name: {
          en: 'Contract with the mobile operator',
          es: 'Contrato con el operador de telefonía',
          ro: 'Contract cu operatorul de telefonie',
          ru: 'Договор с оператором связи',
          ua: 'Договір з оператором зв’язку',
          pt: 'Contrato com a operadora de telefonia',
        },
      },
    ],
  },
  BusinessRegistration: {
    name: {
      en: 'Business registration',
      es: 'Registro de la empresa',
      ro: 'Înregistrarea societății',
      ru: 'Регистрация компании',
      ua: 'Реєстрація компанії',
      pt: 'Registro da empresa',
    },
    types: [
      {
        id: 12,
        name: {
          en: 'Certificate of incorporation',
          es: 'Certificado de constitución',
          ro: 'Certificat de înregistrare',
          ru: 'Свидетельство о регистрации компании',
          ua: 'Свідоцтво про реєстрацію компанії',
          pt: 'Certidão de constituição',
        },
      },
      {
        id: 13,
        name: {
          en: 'Extract from the commercial register',
          es: 'Extracto del registro mercantil',
          ro: 'Extras de la registrul comerțului',
          ru: 'Выписка из торгового реестра',
          ua: 'Витяг з торговельного реєстру',
          pt: 'Certidão do registro comercial',
        },
      },
      {
        id: 14,
        name: {
          en: 'Memorandum and articles of association',
          es: 'Escritura de constitución y estatutos',
          ro: 'Act constitutiv și statut',
          ru: 'Учредительный договор и устав',
          ua: 'Установчий договір і статут',
          pt: 'Contrato social e estatuto',
        },
      },
    ],
  },
  Other: {
    name: {
      en: 'Other documents',
      es: 'Otros documentos',
      ro: 'Alte documente',
      ru: 'Другие документы',
      ua: 'Інші документи',
      pt: 'Outros documentos',
    },
    types: [
      {
        id: 15,
        name: {
          en: 'Other document',
          es: 'Otro documento',
          ro: 'Alt document',
          ru: 'Другой документ',
          ua: 'Інший документ',
          pt: 'Outro documento',
        },
      },
    ],
  },
  ProofOfRelationship: {
    name: {
      en: 'Proof of relationship',
      es: 'Prueba de la relación',
      ro: 'Dovada relației',
      ru: 'Подтверждение взаимоотношений',
      ua: 'Підтвердження взаємовідносин',
      pt: 'Comprovante de vínculo',
    },
    types: [
      {
        id: 16,
        name: {
          en: 'Power of attorney',
          es: 'Poder notarial',
          ro: 'Procură',
          ru: 'Доверенность',
          ua: 'Довіреність',
          pt: 'Procuração',
        },
      },
      {
        id: 17,
        name: {
          en: 'Board resolution appointing the representative',
          es: 'Acuerdo del órgano de administración que nombra al representante',
          ro: 'Hotărâre a consiliului de administrație privind numirea reprezentantului',
          ru: 'Решение совета директоров о назначении представителя',
          ua: 'Рішення ради директорів про призначення представника',
          pt: 'Ata do conselho que nomeia o representante',
        },
      },
      {
        id: 18,
        name: {
          en: 'Certificate of name change',
          es: 'Certificado de cambio de nombre',
          ro: 'Certificat de schimbare a numelui',
          ru: 'Свидетельство о перемене имени',
          ua: 'Свідоцтво про зміну імені',
          pt: 'Certidão de mudança de nome',
        },
      },
    ],
  },
  BusinessAddress: {
    name: {
      en: 'Business address',
      es: 'Dirección comercial',
      ro: 'Adresa de desfășurare a activității',
      ru: 'Фактический адрес компании',
      ua: 'Фактична адреса компанії',
      pt: 'Endereço comercial',
    },
    types: [
      {
        id: 19,
        name: {
          en: 'Utility bill in the company’s name',
          es: 'Factura de suministros a nombre de la empresa',
          ro: 'Factură de utilități pe numele societății',
          ru: 'Счёт за коммунальные услуги на имя компании',
          ua: 'Рахунок за комунальні послуги на ім’я компанії',
          pt: 'Conta de água, luz ou gás em nome da empresa',
        },
      },
      {
        id: 20,
        name: {
          en: 'Lease of the business premises',
          es: 'Contrato de arrendamiento del local',
          ro: 'Contract de închiriere a spațiului comercial',
          ru: 'Договор аренды помещения',
          ua: 'Договір оренди приміщення',
          pt: 'Contrato de locação do imóvel comercial',
        },
      },
      {
        id: 21,
        name: {
          en: 'Company bank statement',
          es: 'Extracto bancario de la empresa',
          ro: 'Extras de cont al societății',
          ru: 'Банковская выписка компании',
          ua: 'Банківська виписка компанії',
          pt: 'Extrato bancário da empresa',
        },
      },
    ],
  },
  BusinessRegistrationAddress: {
    name: {
      en: 'Registered address',
      es: 'Domicilio social',
      ro: 'Sediul social',
      ru: 'Юридический адрес компании',
      ua: 'Юридична адреса компанії',
      pt: 'Endereço da sede registrada',
    },
    types: [
      {
        id: 22,
        name: {
          en: 'Certificate of registered office',
          es: 'Certificado del domicilio social',
          ro: 'Certificat privind sediul social',
          ru: 'Свидетельство о юридическом адресе',
          ua: 'Свідоцтво про юридичну адресу',
          pt: 'Certidão do endereço da sede',
        },
      },
      {
        id: 23,
        name: {
          en: 'Register extract showing the registered address',
          es: 'Extracto del registro con el domicilio social',
          ro: 'Extras din registru cu sediul social',
          ru: 'Выписка из реестра с юридическим адресом',
          ua: 'Витяг з реєстру з юридичною адресою',
          pt: 'Certidão do registro com o endereço da sede',
        },
      },
    ],
  },
  ControlDocument: {
    name: {
      en: 'Ownership and control',
      es: 'Titularidad y control',
      ro: 'Structura de proprietate și control',
      ru: 'Структура владения и контроля',
      ua: 'Структура власності та контролю',
      pt: 'Estrutura de propriedade e controle',
    },
    types: [
      {
        id: 24,
        name: {
          en: 'Register of shareholders',
          es: 'Libro registro de socios',
          ro: 'Registrul asociaților',
          ru: 'Реестр акционеров',
          ua: 'Реєстр акціонерів',
          pt: 'Livro de registro de acionistas',
        },
      },
      {
        id: 25,
        name: {
          en: 'Register of directors',
          es: 'Registro de administradores',
          ro: 'Registrul administratorilor',
          ru: 'Реестр директоров',
          ua: 'Реєстр директорів',
          pt: 'Registro de administradores',
        },
      },
      {
        id: 26,
        name: {
          en: 'Ownership structure chart',
          es: 'Organigrama de la estructura de propiedad',
          ro: 'Diagrama structurii de proprietate',
          ru: 'Схема структуры владения',
          ua: 'Схема структури власності',
          pt: 'Organograma da estrutura societária',
        },
      },
    ],
  },
  BusinessAdditionalDocument: {
    name: {
      en: 'Additional business documents',
      es: 'Documentos adicionales de la empresa',
      ro: 'Documente suplimentare ale societății',
      ru: 'Дополнительные документы компании',
      ua: 'Додаткові документи компанії',
      pt: 'Documentos adicionais da empresa',
    },
    types: [
      {
        id: 27,
        name: {
          en: 'Financial statements',
          es: 'Estados financieros',
          ro: 'Situații financiare',
          ru: 'Финансовая отчётность',
          ua: 'Фінансова звітність',
          pt: 'Demonstrações financeiras',
        },
      },
      {
        id: 28,
        name: {
          en: 'Licence for a regulated activity',
          es: 'Licencia para una actividad regulada',
          ro: 'Licență pentru o activitate reglementată',
          ru: 'Лицензия на регулируемую деятельность',
          ua: 'Ліцензія на регульовану діяльність',
          pt: 'Licença para atividade regulamentada',
        },
      },
      {
        id: 29,
        name: {
          en: 'Anti-money laundering policy',
          es: 'Política de prevención del blanqueo de capitales',
          ro: 'Politica de prevenire a spălării banilor',
          ru: 'Политика противодействия отмыванию денег',
          ua: 'Політика протидії відмиванню коштів',
          pt: 'Política de prevenção à lavagem de dinheiro',
        },
      },
      {
        id: 30,
        name: {
          en: 'Business plan',
          es: 'Plan de negocio',
          ro: 'Plan de afaceri',
          ru: 'Бизнес-план',
          ua: 'Бізнес-план',
          pt: 'Plano de negócios',
        },
      },
    ],
  },
  SourceOfWealth: {
    name: {
      en: 'Source of wealth',
      es: 'Origen del patrimonio',
      ro: 'Sursa averii',
      ru: 'Источник благосостояния',
      ua: 'Джерело статків',
      pt: 'Origem do patrimônio',
    },
    types: [
      {
        id: 31,
        name: {
          en: 'Payslips',
          es: 'Nóminas',
          ro: 'Fluturași de salariu',
          ru: 'Расчётные листки',
          ua: 'Розрахункові листи',
          pt: 'Contracheques',
        },
      },
      {
        id: 32,
        name: {
          en: 'Tax return',
          es: 'Declaración de la renta',
          ro: 'Declarație fiscală',
          ru: 'Налоговая декларация',
          ua: 'Податкова декларація',
          pt: 'Declaração de imposto de renda',
        },
      },
      {
        id: 33,
        name: {
          en: 'Property sale contract',
          es: 'Contrato de compraventa de inmueble',
          ro: 'Contract de vânzare-cumpărare a unei proprietăți',
          ru: 'Договор купли-продажи недвижимости',
          ua: 'Договір купівлі-продажу нерухомості',
          pt: 'Contrato de compra e venda de imóvel',
        },
      },
      {
        id: 34,
        name: {
          en: 'Inheritance documents',
          es: 'Documentos de la herencia',
          ro: 'Documente privind moștenirea',
          ru: 'Документы о наследстве',
          ua: 'Документи про спадщину',
          pt: 'Documentos de herança',
        },
      },
      {
        id: 35,
        name: {
          en: 'Investment statement',
          es: 'Extracto de inversiones',
          ro: 'Extras de investiții',
          ru: 'Выписка по инвестициям',
          ua: 'Виписка з інвестицій',
          pt: 'Extrato de investimentos',
        },
      },
      {
        id: 36,
        name: {
          en: 'Loan agreement',
          es: 'Contrato de préstamo',
          ro: 'Contract de împrumut',
          ru: 'Кредитный договор',
          ua: 'Кредитний договір',
          pt: 'Contrato de empréstimo',
        },
      },
      {
        id: 37,
        name: {
          en: 'Dividend statement',
          es: 'Certificado de dividendos',
          ro: 'Extras privind dividendele',
          ru: 'Справка о дивидендах',
          ua: 'Довідка про дивіденди',
          pt: 'Informe de dividendos',
        },
      },
    ],
  },
  ResidencePermit: {
    name: {
      en: 'Residence permit',
      es: 'Permiso de residencia',
      ro: 'Permis de ședere',
      ru: 'Вид на жительство',
      ua: 'Посвідка на проживання',
      pt: 'Autorização de residência',
    },
    types: [
      {
        id: 38,
        name: {
          en: 'Residence permit',
          es: 'Permiso de residencia',
          ro: 'Permis de ședere',
          ru: 'Вид на жительство',
          ua: 'Посвідка на проживання',
          pt: 'Autorização de residência',
        },
      },
      {
        id: 39,
        name: {
          en: 'EU citizen’s registration certificate',
          es: 'Certificado de registro de ciudadano de la UE',
          ro: 'Certificat de înregistrare pentru cetățeni UE',
          ru: 'Свидетельство о регистрации гражданина ЕС',
          ua: 'Свідоцтво про реєстрацію громадянина ЄС',
          pt: 'Certificado de registro de cidadão da UE',
        },
      },
    ],
  },
};
