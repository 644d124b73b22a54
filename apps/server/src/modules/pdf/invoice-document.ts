import type { BrandConfig, Language } from '@ledgerline/domain';
import { textsOf } from '../../i18n/translate';
import { MUTED, startLetter } from './letterhead';

/*
 * An invoice or money request as a PDF (issue 16A): the brand's letterhead, in the reader's
 * language, with the number, both parties, the amounts, the dates, the status and how to pay:
 * in the bank through the invoice's link, into the sender's account (its bank details when it has
 * payment instructions). Amounts come in as decimal strings and are printed as they are.
 */

export interface InvoiceDocumentInput {
  brand: BrandConfig;
  lang: Language;
  number: string;
  kind: 'invoice' | 'request';
  status: string;
  payeeName: string;
  payeeEmail: string;
  payerName: string | null;
  payerEmail: string;
  amount: string;
  currency: string;
  sentDate: Date;
  dueDate: string;
  paidDate: Date | null;
  paidTotal: string | null;
  fee: string | null;
  paymentCurrency: string | null;
  note: string | null;
  rejectNote: string | null;
  /** Where the money lands: the sender's account number and currency, with bank details when known. */
  payeeAccount: {
    id: number;
    currency: string;
    bankAccountNumber: string | null;
    swift: string | null;
  };
  /** The page the payer pays on (the invoices screen; anyone else signs in there first). */
  payLink: string;
  now?: Date;
}

interface InvoiceTexts {
  locale: string;
  title: { invoice: string; request: string };
  issued: string;
  number: string;
  status: string;
  statuses: Record<string, string>;
  from: string;
  to: string;
  amount: string;
  sent: string;
  due: string;
  paid: string;
  paidTotal: string;
  fee: string;
  note: string;
  rejectNote: string;
  howToPay: string;
  payInBank: string;
  payeeAccount: string;
  bankAccountNumber: string;
  swift: string;
  electronic: string;
}

export async function renderInvoice(input: InvoiceDocumentInput): Promise<Uint8Array> {
  const now = input.now ?? new Date();
  const texts = textsOf<{ pdf: InvoiceTexts }>(input.lang, 'invoices').pdf;
  const day = (value: Date) =>
    new Intl.DateTimeFormat(texts.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(value);
  const title = texts.title[input.kind];
  const letter = await startLetter({
    brand: input.brand,
    lang: input.lang,
    locale: texts.locale,
    title: `${title} ${input.number}`,
    subject: input.payeeName,
    now,
  });
  letter.write(`${texts.issued}: ${day(now)}`, { size: 10, gap: 14 });
  letter.write(`${title} ${input.number}`, { font: letter.bold, size: 16, gap: 12 });
  const party = (name: string | null, email: string) => (name ? `${name} (${email})` : email);
  letter.rows([
    [texts.number, input.number],
    [texts.status, texts.statuses[input.status] ?? input.status],
    [texts.from, party(input.payeeName, input.payeeEmail)],
    [texts.to, party(input.payerName, input.payerEmail)],
    [texts.amount, `${input.amount} ${input.currency}`],
    [texts.sent, day(input.sentDate)],
    [texts.due, day(new Date(`${input.dueDate}T00:00:00Z`))],
    [texts.paid, input.paidDate ? day(input.paidDate) : null],
    [
      texts.paidTotal,
      input.paidTotal && input.paymentCurrency
        ? `${input.paidTotal} ${input.paymentCurrency}`
        : null,
    ],
    [
      texts.fee,
      input.fee && input.paymentCurrency ? `${input.fee} ${input.paymentCurrency}` : null,
    ],
    [texts.note, input.note],
    [texts.rejectNote, input.rejectNote],
  ]);
  letter.skip(14);
  letter.write(texts.howToPay, { font: letter.bold, size: 12, gap: 6 });
  letter.write(texts.payInBank.replace('{link}', input.payLink), { size: 10, gap: 6 });
  letter.rows([
    [texts.payeeAccount, `#${input.payeeAccount.id} (${input.payeeAccount.currency})`],
    [texts.bankAccountNumber, input.payeeAccount.bankAccountNumber],
    [texts.swift, input.payeeAccount.swift],
  ]);
  letter.skip(16);
  letter.write(texts.electronic, { size: 9, colour: MUTED });
  letter.footer();
  return letter.save();
}
