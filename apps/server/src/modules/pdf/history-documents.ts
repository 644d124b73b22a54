import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import type { HistoryStatus } from '@ledgerline/contract';
import type { BrandConfig, Language } from '@ledgerline/domain';
import { hexColour, INK, loadFonts, MUTED, PAGE, startLetter, wrap } from './letterhead';
import { t } from '../../i18n/translate';
import { historyDocumentTexts, type HistoryDocumentTexts } from './history-texts';

/*
 * The transaction receipt and the monthly statement (issue 7), in the caller's language with the
 * brand's letterhead. The receipt is a one-page letter (letterhead.ts); a statement runs over as
 * many pages as its movements need, so it draws the same letterhead on a canvas that turns pages.
 * Amounts come in as the ledger's decimal strings and are printed as they are (never a float).
 */

export interface ReceiptInput {
  brand: BrandConfig;
  lang: Language;
  customerName: string;
  accountId: number;
  transactionId: string;
  date: Date;
  typeName: string;
  status: HistoryStatus;
  direction: 'in' | 'out';
  amount: string;
  fee: string;
  currency: string;
  rate: string;
  toAmount: string | null;
  toCurrency: string | null;
  counterparty: string | null;
  description: string | null;
  now?: Date;
}

export interface StatementInput {
  brand: BrandConfig;
  lang: Language;
  customerName: string;
  accountId: number;
  currency: string;
  yearMonth: string;
  beginningBalance: string;
  totalCredit: string;
  totalDebit: string;
  endingBalance: string;
  processingCount: number;
  rejectedCount: number;
  lines: { date: Date; typeName: string; text: string; net: string }[];
  /** Lines of the month left out of the PDF (they are in the CSV). */
  moreLines: number;
  now?: Date;
}

interface Canvas {
  pdf: PDFDocument;
  regular: PDFFont;
  bold: PDFFont;
  texts: HistoryDocumentTexts;
  page: PDFPage;
  y: number;
}

async function startDocument(
  brand: BrandConfig,
  lang: Language,
  title: string,
  now: Date,
): Promise<Canvas> {
  const texts = historyDocumentTexts(lang);
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const { regular: regularBytes, bold: boldBytes } = await loadFonts();
  const regular = await pdf.embedFont(regularBytes, { subset: true });
  const bold = await pdf.embedFont(boldBytes, { subset: true });
  pdf.setTitle(title, { showInWindowTitleBar: true });
  pdf.setAuthor(brand.accountConfirmation.name);
  pdf.setCreator(brand.projectName);
  pdf.setProducer('Ledgerline');
  pdf.setLanguage(texts.locale);
  pdf.setCreationDate(now);
  pdf.setModificationDate(now);
  const canvas: Canvas = {
    pdf,
    regular,
    bold,
    texts,
    page: pdf.addPage([PAGE.width, PAGE.height]),
    y: PAGE.height - PAGE.margin,
  };
  const head = brand.accountConfirmation;
  write(canvas, brand.projectName, {
    font: bold,
    size: 20,
    colour: hexColour(brand.colors.primary),
    gap: 2,
  });
  write(canvas, head.name, { font: bold, size: 10 });
  write(canvas, head.address, { size: 9, colour: MUTED });
  write(canvas, `${head.phone} · ${head.email} · ${head.web}`, { size: 9, colour: MUTED, gap: 6 });
  canvas.page.drawLine({
    start: { x: PAGE.margin, y: canvas.y },
    end: { x: PAGE.width - PAGE.margin, y: canvas.y },
    thickness: 0.8,
    color: hexColour(brand.colors.primary),
  });
  canvas.y -= 18;
  return canvas;
}

interface WriteOptions {
  font?: PDFFont;
  size?: number;
  colour?: ReturnType<typeof hexColour>;
  gap?: number;
  x?: number;
  width?: number;
}

/** Writes wrapped text, starting a new page when the current one is full. */
function write(canvas: Canvas, text: string, options: WriteOptions = {}): void {
  const font = options.font ?? canvas.regular;
  const size = options.size ?? 10.5;
  const x = options.x ?? PAGE.margin;
  const width = options.width ?? PAGE.width - PAGE.margin - x;
  for (const line of wrap(text, font, size, width)) {
    if (canvas.y - size * 1.35 < PAGE.margin) {
      canvas.page = canvas.pdf.addPage([PAGE.width, PAGE.height]);
      canvas.y = PAGE.height - PAGE.margin;
    }
    canvas.y -= size * 1.35;
    canvas.page.drawText(line, { x, y: canvas.y, size, font, color: options.colour ?? INK });
  }
  canvas.y -= options.gap ?? 0;
}

/** Label and value side by side. */
function row(canvas: Canvas, label: string, value: string): void {
  const labelWidth = 190;
  const top = canvas.y;
  const page = canvas.page;
  write(canvas, label, { font: canvas.bold, size: 10, width: labelWidth - 8 });
  const afterLabel = canvas.y;
  if (canvas.page === page) canvas.y = top;
  write(canvas, value, { size: 10, x: PAGE.margin + labelWidth });
  canvas.y = Math.min(canvas.y, afterLabel) - 4;
}

/** Cuts text to a width with an ellipsis. */
function fitText(value: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(value, size) <= width) return value;
  let cut = value;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

function dateText(texts: HistoryDocumentTexts, date: Date, withTime: boolean): string {
  return new Intl.DateTimeFormat(
    texts.locale,
    withTime
      ? { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }
      : { dateStyle: 'long', timeZone: 'UTC' },
  ).format(date);
}

/** The receipt fits one page: it is written on the shared letter paper (letterhead.ts). */
export async function renderTransactionReceipt(input: ReceiptInput): Promise<Uint8Array> {
  const now = input.now ?? new Date();
  const texts = historyDocumentTexts(input.lang);
  const letter = await startLetter({
    brand: input.brand,
    lang: input.lang,
    locale: texts.locale,
    title: `${texts.receiptTitle} ${input.transactionId}`,
    subject: input.customerName,
    now,
  });
  letter.write(`${texts.issued}: ${dateText(texts, now, false)}`, { size: 10, gap: 14 });
  letter.write(texts.receiptTitle, { font: letter.bold, size: 16, gap: 12 });
  letter.rows([
    [texts.transactionId, input.transactionId],
    [texts.date, `${dateText(texts, input.date, true)} UTC`],
    [texts.holder, input.customerName],
    [texts.account, `#${input.accountId} (${input.currency})`],
    [texts.type, input.typeName],
    [texts.status, texts.statuses[input.status]],
    [texts.direction, input.direction === 'in' ? texts.directionIn : texts.directionOut],
    [texts.amount, `${input.amount} ${input.currency}`],
    [texts.fee, `${input.fee} ${input.currency}`],
    [texts.rate, input.rate],
    [
      texts.toAmount,
      input.toAmount && input.toCurrency && input.toCurrency !== input.currency
        ? `${input.toAmount} ${input.toCurrency}`
        : null,
    ],
    [texts.counterparty, input.counterparty],
    [texts.description, input.description],
  ]);
  letter.skip(16);
  letter.write(texts.electronic, { size: 9, colour: MUTED });
  letter.footer();
  return letter.save();
}

export async function renderStatement(input: StatementInput): Promise<Uint8Array> {
  const now = input.now ?? new Date();
  const texts = historyDocumentTexts(input.lang);
  const canvas = await startDocument(
    input.brand,
    input.lang,
    `${texts.statementTitle} ${input.yearMonth}`,
    now,
  );
  write(canvas, `${texts.issued}: ${dateText(texts, now, false)}`, { size: 10, gap: 14 });
  write(canvas, texts.statementTitle, { font: canvas.bold, size: 16, gap: 12 });
  const money = (value: string) => `${value} ${input.currency}`;
  const rows: [string, string][] = [
    [texts.holder, input.customerName],
    [texts.account, `#${input.accountId} (${input.currency})`],
    [texts.period, input.yearMonth],
    [texts.beginningBalance, money(input.beginningBalance)],
    [texts.totalCredit, money(input.totalCredit)],
    [texts.totalDebit, money(input.totalDebit)],
    [texts.endingBalance, money(input.endingBalance)],
    [texts.processingCount, String(input.processingCount)],
    [texts.rejectedCount, String(input.rejectedCount)],
  ];
  for (const [label, value] of rows) row(canvas, label, value);
  canvas.y -= 12;
  write(canvas, texts.movements, { font: canvas.bold, size: 12, gap: 6 });
  if (input.lines.length === 0) write(canvas, texts.noMovements, { size: 10 });
  const size = 9;
  const dateFormat = new Intl.DateTimeFormat(texts.locale, { dateStyle: 'short', timeZone: 'UTC' });
  for (const line of input.lines) {
    // One row per movement: date, what it was (cut to fit), the signed amount on the right.
    if (canvas.y - size * 1.45 < PAGE.margin) {
      canvas.page = canvas.pdf.addPage([PAGE.width, PAGE.height]);
      canvas.y = PAGE.height - PAGE.margin;
    }
    canvas.y -= size * 1.45;
    const draw = (value: string, x: number) =>
      canvas.page.drawText(value, { x, y: canvas.y, size, font: canvas.regular, color: INK });
    draw(dateFormat.format(line.date), PAGE.margin);
    draw(
      fitText(`${line.typeName}${line.text ? ` — ${line.text}` : ''}`, canvas.regular, size, 320),
      PAGE.margin + 84,
    );
    draw(line.net, PAGE.width - PAGE.margin - canvas.regular.widthOfTextAtSize(line.net, size));
  }
  if (input.moreLines > 0)
    write(
      canvas,
      t(input.lang, 'history-documents:moreLines', { count: String(input.moreLines) }),
      {
        size: 9,
        colour: MUTED,
        gap: 6,
      },
    );
  canvas.y -= 10;
  write(canvas, texts.electronic, { size: 9, colour: MUTED });
  return canvas.pdf.save({ useObjectStreams: false });
}
