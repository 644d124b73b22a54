import type { BrandConfig, Language } from '@ledgerline/domain';
import { t } from '../../i18n/translate';
import { MUTED, startLetter } from './letterhead';
import { letterTexts } from './texts';

/*
 * A funding invoice (issue 16B) on the brand's letterhead, in the customer's language: how much to
 * send, where (the brand's collection account) and the reference to quote, which is what makes the
 * money reach the customer's account.
 */

export interface FundingInvoiceInput {
  brand: BrandConfig;
  lang: Language;
  customerName: string;
  number: string;
  amount: string;
  currencyCode: string;
  accountId: number;
  status: string;
  createdAt: Date;
  instructions: {
    beneficiaryName: string;
    bankName: string;
    bankAddress: string;
    iban: string | null;
    bankAccountNumber: string;
    swift: string;
    sortCode: string | null;
    routingNumber: string | null;
    transitNumber: string | null;
    institutionNumber: string | null;
    reference: string;
  };
  now?: Date;
}

export async function renderFundingInvoice(input: FundingInvoiceInput): Promise<Uint8Array> {
  const labels = letterTexts(input.lang);
  const text = (key: string, values: Record<string, string | number> = {}) =>
    t(input.lang, `funding:${key}`, values);
  const now = input.now ?? new Date();
  const formatDate = (date: Date) =>
    new Intl.DateTimeFormat(labels.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  const title = text('pdfTitle', { number: input.number });

  const letter = await startLetter({
    brand: input.brand,
    lang: input.lang,
    locale: labels.locale,
    title,
    subject: input.customerName,
    now,
  });
  const { write, bold } = letter;
  const amount = `${input.amount} ${input.currencyCode}`;
  const { instructions } = input;

  write(`${labels.date}: ${formatDate(input.createdAt)}`, { size: 10, gap: 14 });
  write(title, { font: bold, size: 16, gap: 12 });
  write(text('pdfIntro', { name: input.customerName, amount, account: `#${input.accountId}` }), {
    gap: 12,
  });
  letter.rows([
    [text('pdfAmount'), amount],
    [text('pdfBeneficiary'), instructions.beneficiaryName],
    [labels.iban, instructions.iban],
    [
      labels.accountNumber,
      instructions.iban === instructions.bankAccountNumber ? null : instructions.bankAccountNumber,
    ],
    [labels.sortCode, instructions.sortCode],
    [labels.routingNumber, instructions.routingNumber],
    [labels.transitNumber, instructions.transitNumber],
    [labels.institutionNumber, instructions.institutionNumber],
    [labels.swift, instructions.swift],
    [labels.bank, instructions.bankName],
    [labels.bankAddress, instructions.bankAddress],
  ]);
  letter.skip(10);
  letter.rows([[labels.reference, instructions.reference]]);
  letter.skip(12);
  write(text('pdfReferenceNote'), { font: bold, gap: 10 });
  write(text('pdfStatus', { status: input.status }), { colour: MUTED, gap: 16 });
  write(labels.electronic, { size: 9, colour: MUTED });
  letter.footer();
  return letter.save();
}
