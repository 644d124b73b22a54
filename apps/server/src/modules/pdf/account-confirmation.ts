import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { BrandConfig, Language } from '@ledgerline/domain';
import { LETTER_TEXTS, fill } from './texts';

/*
 * The account-confirmation letter (issue 4): the brand's letterhead (accountConfirmation block),
 * the customer's name, the account's currency and bank details, the date, in the caller's
 * language. pdf-lib's standard fonts cannot write ă, ș, ț or Cyrillic (STACK.md), so DejaVu Sans
 * is embedded (subset) from the dejavu-fonts-ttf package.
 */

const require = createRequire(import.meta.url);
let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;

export function loadFonts(): Promise<{ regular: Uint8Array; bold: Uint8Array }> {
  // The paths come from require.resolve of two fixed package files, never from input.
  fonts ??= Promise.all([
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- fixed package file
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- fixed package file
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold }));
  return fonts;
}

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

export const PAGE = { width: 595.28, height: 841.89, margin: 56 };
export const INK = rgb(0.12, 0.12, 0.14);
export const MUTED = rgb(0.38, 0.38, 0.42);

export function hexColour(value: string) {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value);
  return match ? rgb(parseInt(match[1]!, 16) / 255, parseInt(match[2]!, 16) / 255, parseInt(match[3]!, 16) / 255) : INK;
}

/** Breaks text into lines that fit the width at the size. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Renders the letter; answers the PDF's bytes. */
export async function renderAccountConfirmation(input: LetterInput): Promise<Uint8Array> {
  const texts = LETTER_TEXTS[input.lang];
  const { brand } = input;
  const letterhead = brand.accountConfirmation;
  const now = input.now ?? new Date();
  const formatDate = (date: Date) => new Intl.DateTimeFormat(texts.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);

  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const { regular: regularBytes, bold: boldBytes } = await loadFonts();
  const regular = await pdf.embedFont(regularBytes, { subset: true });
  const bold = await pdf.embedFont(boldBytes, { subset: true });
  const title = `${texts.title} — ${input.customerName}`;
  pdf.setTitle(title, { showInWindowTitleBar: true });
  pdf.setSubject(input.customerName);
  pdf.setAuthor(letterhead.name);
  pdf.setCreator(brand.projectName);
  pdf.setProducer('Ledgerline');
  pdf.setLanguage(texts.locale);
  pdf.setCreationDate(now);
  pdf.setModificationDate(now);

  const page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  const contentWidth = PAGE.width - 2 * PAGE.margin;
  let y = PAGE.height - PAGE.margin;
  const write = (text: string, options: { font?: PDFFont; size?: number; colour?: ReturnType<typeof rgb>; gap?: number; x?: number; width?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10.5;
    const x = options.x ?? PAGE.margin;
    for (const line of wrap(text, font, size, options.width ?? contentWidth - (x - PAGE.margin))) {
      y -= size * 1.35;
      page.drawText(line, { x, y, size, font, color: options.colour ?? INK });
    }
    y -= options.gap ?? 0;
  };

  // Letterhead: brand name in the brand colour, then the legal entity and how to reach it.
  write(brand.projectName, { font: bold, size: 20, colour: hexColour(brand.colors.primary), gap: 2 });
  write(letterhead.name, { font: bold, size: 10 });
  write(letterhead.address, { size: 9, colour: MUTED });
  write(`${letterhead.phone} · ${letterhead.email} · ${letterhead.web}`, { size: 9, colour: MUTED, gap: 6 });
  page.drawLine({ start: { x: PAGE.margin, y }, end: { x: PAGE.width - PAGE.margin, y }, thickness: 0.8, color: hexColour(brand.colors.primary) });
  y -= 18;

  write(`${texts.date}: ${formatDate(now)}`, { size: 10, gap: 14 });
  write(texts.title, { font: bold, size: 16, gap: 12 });
  write(texts.salutation, { gap: 8 });
  write(fill(texts.body, { name: input.customerName, currency: input.currencyCode, entity: letterhead.name }), { gap: 12 });

  const { instruction } = input;
  const rows: [string, string | null][] = [
    [texts.holder, input.customerName],
    [texts.currency, input.currencyCode],
    [texts.iban, instruction.iban],
    [texts.accountNumber, instruction.iban === instruction.bankAccountNumber ? null : instruction.bankAccountNumber],
    [texts.sortCode, instruction.sortCode],
    [texts.routingNumber, instruction.routingNumber],
    [texts.transitNumber, instruction.transitNumber],
    [texts.institutionNumber, instruction.institutionNumber],
    [texts.swift, instruction.swift],
    [texts.bank, instruction.bankName],
    [texts.bankAddress, instruction.bankAddress],
    [texts.reference, instruction.reference],
    [texts.opened, formatDate(input.openedAt)],
  ];
  const labelWidth = 170;
  for (const [label, value] of rows) {
    if (!value) continue;
    const top = y;
    write(label, { font: bold, size: 10, width: labelWidth - 8 });
    const afterLabel = y;
    y = top;
    write(value, { size: 10, x: PAGE.margin + labelWidth });
    y = Math.min(y, afterLabel) - 4;
  }
  y -= 16;

  write(texts.closing, { gap: 20 });
  write(letterhead.signatory, { font: bold });
  write(texts.role);
  write(letterhead.name, { colour: MUTED, gap: 12 });
  write(texts.electronic, { size: 9, colour: MUTED });

  // Footer: who the brand is and who licenses it, in the letter's language.
  y = PAGE.margin + 34;
  const values = {
    project: brand.projectName,
    entity: letterhead.name,
    address: letterhead.address,
    regulator: brand.licence.regulator,
    reference: brand.licence.reference,
  };
  write(fill(texts.footerTrading, values), { size: 8, colour: MUTED });
  write(fill(texts.footerLicence, values), { size: 8, colour: MUTED });

  return pdf.save({ useObjectStreams: false });
}
