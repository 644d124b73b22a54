import type { BrandConfig, BrandTerm, Language, TermKey } from '@ledgerline/domain';
import { MUTED, startLetter } from './letterhead';
import { fill } from './texts';

/*
 * The agreement record (issue 6, legal info "agreement download"): which version of one of the
 * brand's legal documents applies, where its full text is published, and the signed-in user's
 * acceptance of it (when, from which address), on the brand's letterhead in the caller's
 * language. The documents' full texts live on the brand's site (BrandTerm.url), so the record
 * points there rather than copying a text that would then drift from the published one.
 */

interface AgreementTexts {
  locale: string;
  title: string;
  intro: string;
  documents: Record<TermKey, string>;
  document: string;
  version: string;
  versionDate: string;
  fullText: string;
  customer: string;
  login: string;
  acceptedAt: string;
  acceptedFrom: string;
  notAccepted: string;
  generated: string;
  electronic: string;
}

const TEXTS: Record<Language, AgreementTexts> = {
  en: {
    locale: 'en-GB',
    title: 'Agreement record',
    intro:
      'This record shows the version of the {document} that applies between {name} and {entity}, and its acceptance online.',
    documents: { privacyPolicy: 'Privacy Policy', termsAndConditions: 'Terms and Conditions' },
    document: 'Document',
    version: 'Version',
    versionDate: 'Version date',
    fullText: 'Full text',
    customer: 'Customer',
    login: 'Accepted by',
    acceptedAt: 'Accepted on',
    acceptedFrom: 'Accepted from address',
    notAccepted: 'No online acceptance of this version is on record.',
    generated: 'Generated on',
    electronic:
      'This record was generated electronically and is valid without a handwritten signature.',
  },
  es: {
    locale: 'es-ES',
    title: 'Registro de aceptación',
    intro:
      'Este registro muestra la versión del documento «{document}» que se aplica entre {name} y {entity}, y su aceptación en línea.',
    documents: {
      privacyPolicy: 'Política de privacidad',
      termsAndConditions: 'Términos y condiciones',
    },
    document: 'Documento',
    version: 'Versión',
    versionDate: 'Fecha de la versión',
    fullText: 'Texto completo',
    customer: 'Cliente',
    login: 'Aceptado por',
    acceptedAt: 'Aceptado el',
    acceptedFrom: 'Aceptado desde la dirección',
    notAccepted: 'No consta ninguna aceptación en línea de esta versión.',
    generated: 'Generado el',
    electronic: 'Este registro se ha generado electrónicamente y es válido sin firma manuscrita.',
  },
  pt: {
    locale: 'pt-BR',
    title: 'Registro de aceite',
    intro:
      'Este registro mostra a versão do documento “{document}” aplicável entre {name} e {entity}, e o seu aceite on-line.',
    documents: {
      privacyPolicy: 'Política de Privacidade',
      termsAndConditions: 'Termos e Condições',
    },
    document: 'Documento',
    version: 'Versão',
    versionDate: 'Data da versão',
    fullText: 'Texto completo',
    customer: 'Cliente',
    login: 'Aceito por',
    acceptedAt: 'Aceito em',
    acceptedFrom: 'Aceito a partir do endereço',
    notAccepted: 'Não há registro de aceite on-line desta versão.',
    generated: 'Gerado em',
    electronic: 'Este registro foi gerado eletronicamente e é válido sem assinatura manuscrita.',
  },
  ro: {
    locale: 'ro-RO',
    title: 'Evidența acceptării',
    intro:
      'Această evidență arată versiunea documentului „{document}” care se aplică între {name} și {entity}, precum și acceptarea ei online.',
    documents: {
      privacyPolicy: 'Politica de confidențialitate',
      termsAndConditions: 'Termeni și condiții',
    },
    document: 'Document',
    version: 'Versiune',
    versionDate: 'Data versiunii',
    fullText: 'Textul integral',
    customer: 'Client',
    login: 'Acceptat de',
    acceptedAt: 'Acceptat la',
    acceptedFrom: 'Acceptat de la adresa',
    notAccepted: 'Nu există nicio acceptare online înregistrată pentru această versiune.',
    generated: 'Generat la',
    electronic:
      'Această evidență a fost generată electronic și este valabilă fără semnătură olografă.',
  },
  ru: {
    locale: 'ru-RU',
    title: 'Запись о принятии',
    intro:
      'Эта запись показывает версию документа «{document}», действующую между {name} и {entity}, и её принятие онлайн.',
    documents: {
      privacyPolicy: 'Политика конфиденциальности',
      termsAndConditions: 'Условия обслуживания',
    },
    document: 'Документ',
    version: 'Версия',
    versionDate: 'Дата версии',
    fullText: 'Полный текст',
    customer: 'Клиент',
    login: 'Принял(а)',
    acceptedAt: 'Дата принятия',
    acceptedFrom: 'Принято с адреса',
    notAccepted: 'Принятие этой версии онлайн не зарегистрировано.',
    generated: 'Сформировано',
    electronic: 'Эта запись сформирована электронно и действительна без собственноручной подписи.',
  },
  ua: {
    locale: 'uk-UA',
    title: 'Запис про прийняття',
    intro:
      'Цей запис показує версію документа «{document}», що діє між {name} та {entity}, і її прийняття онлайн.',
    documents: {
      privacyPolicy: 'Політика конфіденційності',
      termsAndConditions: 'Умови обслуговування',
    },
    document: 'Документ',
    version: 'Версія',
    versionDate: 'Дата версії',
    fullText: 'Повний текст',
    customer: 'Клієнт',
    login: 'Прийняв(ла)',
    acceptedAt: 'Дата прийняття',
    acceptedFrom: 'Прийнято з адреси',
    notAccepted: 'Прийняття цієї версії онлайн не зареєстровано.',
    generated: 'Сформовано',
    electronic: 'Цей запис сформовано електронно, він дійсний без власноручного підпису.',
  },
};

/** The document's name in the language, for the PDF's title and the download's file name. */
export function agreementTitle(lang: Language, key: TermKey): string {
  return TEXTS[lang].documents[key];
}

export interface AgreementInput {
  brand: BrandConfig;
  lang: Language;
  term: BrandTerm;
  customerName: string;
  userEmail: string;
  acceptance: { acceptedAt: Date; ip: string | null; termValue: string } | null;
  now?: Date;
}

/** Renders the record; answers the PDF's bytes. */
export async function renderAgreement(input: AgreementInput): Promise<Uint8Array> {
  const texts = TEXTS[input.lang];
  const { brand, term } = input;
  const letterhead = brand.accountConfirmation;
  const now = input.now ?? new Date();
  const formatDate = (date: Date) =>
    new Intl.DateTimeFormat(texts.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  const formatDateTime = (date: Date) =>
    `${new Intl.DateTimeFormat(texts.locale, { dateStyle: 'long', timeStyle: 'medium', timeZone: 'UTC' }).format(date)} UTC`;
  const heading = texts.documents[term.key];

  const letter = await startLetter({
    brand,
    lang: input.lang,
    locale: texts.locale,
    title: `${texts.title} — ${heading}`,
    subject: input.customerName,
    now,
  });
  const { write, bold } = letter;

  write(`${texts.generated}: ${formatDate(now)}`, { size: 10, gap: 14 });
  write(texts.title, { font: bold, size: 16, gap: 12 });
  write(
    fill(texts.intro, {
      document: texts.documents[term.key],
      name: input.customerName,
      entity: letterhead.name,
    }),
    { gap: 12 },
  );

  letter.rows([
    [texts.document, heading],
    [texts.version, term.value],
    [
      texts.versionDate,
      term.versionDate ? formatDate(new Date(`${term.versionDate}T00:00:00Z`)) : null,
    ],
    [texts.fullText, term.url],
    [texts.customer, input.customerName || null],
    [texts.login, input.acceptance ? input.userEmail : null],
    [texts.acceptedAt, input.acceptance ? formatDateTime(input.acceptance.acceptedAt) : null],
    [texts.acceptedFrom, input.acceptance?.ip ?? null],
  ]);
  letter.skip(12);
  if (!input.acceptance) write(texts.notAccepted, { font: bold, gap: 12 });
  write(texts.electronic, { size: 9, colour: MUTED });
  letter.footer();
  return letter.save();
}
