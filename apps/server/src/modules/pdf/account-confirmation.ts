import type { BrandConfig, Language } from '@ledgerline/domain';
import { MUTED, startLetter } from './letterhead';
import { t } from '../../i18n/translate';
import { letterTexts } from './texts';

// The paper's pieces, for the documents that still import them from here.
export { INK, MUTED, PAGE, hexColour, loadFonts, wrap } from './letterhead';

/*
 * The account-confirmation letter (issue 4): on the brand's letterhead (letterhead.ts), the
 * customer's name, the account's currency and bank details, the date, in the caller's language.
 */

export interface LetterInput {
  brand: BrandConfig;
  lang: Language;
  customerName: string;
  accountId: number;
  currencyCode: string;
  openedAt: Date;
  instruction: {
    iban: string | null;
    bankAccountNumber: string;
    sortCode: string | null;
    routingNumber: string | null;
    transitNumber: string | null;
    institutionNumber: string | null;
    swift: string | null;
    bankName: string;
    bankAddress: string;
    reference: string;
  };
  now?: Date;
}

/** Renders the letter; answers the PDF's bytes. */
export async function renderAccountConfirmation(input: LetterInput): Promise<Uint8Array> {
  const texts = letterTexts(input.lang);
  const { brand } = input;
  const letterhead = brand.accountConfirmation;
  const now = input.now ?? new Date();
  const formatDate = (date: Date) =>
    new Intl.DateTimeFormat(texts.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);

  const letter = await startLetter({
    brand,
    lang: input.lang,
    locale: texts.locale,
    title: `${texts.title} — ${input.customerName}`,
    subject: input.customerName,
    now,
  });
  const { write, bold } = letter;

  write(`${texts.date}: ${formatDate(now)}`, { size: 10, gap: 14 });
  write(texts.title, { font: bold, size: 16, gap: 12 });
  write(texts.salutation, { gap: 8 });
  write(
    t(input.lang, 'account-letter:body', {
      name: input.customerName,
      currency: input.currencyCode,
      entity: letterhead.name,
    }),
    { gap: 12 },
  );

  const { instruction } = input;
  letter.rows([
    [texts.holder, input.customerName],
    [texts.currency, input.currencyCode],
    [texts.iban, instruction.iban],
    [
      texts.accountNumber,
      instruction.iban === instruction.bankAccountNumber ? null : instruction.bankAccountNumber,
    ],
    [texts.sortCode, instruction.sortCode],
    [texts.routingNumber, instruction.routingNumber],
    [texts.transitNumber, instruction.transitNumber],
    [texts.institutionNumber, instruction.institutionNumber],
    [texts.swift, instruction.swift],
    [texts.bank, instruction.bankName],
    [texts.bankAddress, instruction.bankAddress],
    [texts.reference, instruction.reference],
    [texts.opened, formatDate(input.openedAt)],
  ]);
  letter.skip(16);

  write(texts.closing, { gap: 20 });
  write(letterhead.signatory, { font: bold });
  write(texts.role);
  write(letterhead.name, { colour: MUTED, gap: 12 });
  write(texts.electronic, { size: 9, colour: MUTED });
  letter.footer();
  return letter.save();
}
