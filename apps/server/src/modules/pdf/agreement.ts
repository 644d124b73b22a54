import type { BrandConfig, BrandTerm, Language, TermKey } from '@ledgerline/domain';
import { MUTED, startLetter } from './letterhead';
import { t, textsOf } from '../../i18n/translate';

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

/** The record's labels in a language (i18n/<lang>/agreement.json). */
function agreementTexts(lang: Language): AgreementTexts {
  return textsOf<AgreementTexts>(lang, 'agreement');
}

/** The document's name in the language, for the PDF's title and the download's file name. */
export function agreementTitle(lang: Language, key: TermKey): string {
  return agreementTexts(lang).documents[key];
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
  const texts = agreementTexts(input.lang);
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
    t(input.lang, 'agreement:intro', {
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
