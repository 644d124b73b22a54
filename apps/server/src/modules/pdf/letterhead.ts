import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import type { BrandConfig, Language } from '@ledgerline/domain';
import { t } from '../../i18n/translate';

/*
 * The brand's letter paper, shared by every PDF the bank writes to a customer: an A4 page with the
 * letterhead (brand name in its colour, the legal entity and how to reach it, a rule), text that
 * wraps within the margins, two-column label/value rows, and the footer saying who the brand is
 * and who licenses it. pdf-lib's standard fonts cannot write ă, ș, ț or Cyrillic (STACK.md), so
 * DejaVu Sans is embedded (subset) from the dejavu-fonts-ttf package.
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

export const PAGE = { width: 595.28, height: 841.89, margin: 56 };
export const INK = rgb(0.12, 0.12, 0.14);
export const MUTED = rgb(0.38, 0.38, 0.42);
/** Where a label/value row's value starts, from the left margin. */
const LABEL_WIDTH = 170;

export function hexColour(value: string) {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value);
  return match
    ? rgb(
        parseInt(match[1]!, 16) / 255,
        parseInt(match[2]!, 16) / 255,
        parseInt(match[3]!, 16) / 255,
      )
    : INK;
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

export interface WriteOptions {
  font?: PDFFont;
  size?: number;
  colour?: RGB;
  /** Space below the text, in points. */
  gap?: number;
  x?: number;
  width?: number;
}

/** One letter being written, top to bottom. */
export interface Letter {
  regular: PDFFont;
  bold: PDFFont;
  /** Writes text wrapped to the width from the current line down. */
  write(text: string, options?: WriteOptions): void;
  /** Label and value side by side, one row each; rows without a value are left out. */
  rows(rows: readonly (readonly [string, string | null])[]): void;
  /** Moves down by `points`. */
  skip(points: number): void;
  /** The footer at the bottom of the page: trading name and licence, in the letter's language. */
  footer(): void;
  save(): Promise<Uint8Array>;
}

/**
 * Starts a one-page letter on the brand's paper: the document's metadata (title, subject, author
 * the legal entity, language, dates) and the letterhead already drawn.
 */
export async function startLetter(input: {
  brand: BrandConfig;
  lang: Language;
  locale: string;
  title: string;
  subject: string;
  now: Date;
}): Promise<Letter> {
  const { brand, now } = input;
  const letterhead = brand.accountConfirmation;
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const { regular: regularBytes, bold: boldBytes } = await loadFonts();
  const regular = await pdf.embedFont(regularBytes, { subset: true });
  const bold = await pdf.embedFont(boldBytes, { subset: true });
  pdf.setTitle(input.title, { showInWindowTitleBar: true });
  pdf.setSubject(input.subject);
  pdf.setAuthor(letterhead.name);
  pdf.setCreator(brand.projectName);
  pdf.setProducer('Ledgerline');
  pdf.setLanguage(input.locale);
  pdf.setCreationDate(now);
  pdf.setModificationDate(now);

  const page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  const contentWidth = PAGE.width - 2 * PAGE.margin;
  let y = PAGE.height - PAGE.margin;
  const write = (text: string, options: WriteOptions = {}) => {
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
  write(brand.projectName, {
    font: bold,
    size: 20,
    colour: hexColour(brand.colors.primary),
    gap: 2,
  });
  write(letterhead.name, { font: bold, size: 10 });
  write(letterhead.address, { size: 9, colour: MUTED });
  write(`${letterhead.phone} · ${letterhead.email} · ${letterhead.web}`, {
    size: 9,
    colour: MUTED,
    gap: 6,
  });
  page.drawLine({
    start: { x: PAGE.margin, y },
    end: { x: PAGE.width - PAGE.margin, y },
    thickness: 0.8,
    color: hexColour(brand.colors.primary),
  });
  y -= 18;

  return {
    regular,
    bold,
    write,
    rows(rows) {
      for (const [label, value] of rows) {
        if (!value) continue;
        const top = y;
        write(label, { font: bold, size: 10, width: LABEL_WIDTH - 8 });
        const afterLabel = y;
        y = top;
        write(value, { size: 10, x: PAGE.margin + LABEL_WIDTH });
        // The taller of the two decides where the next row starts.
        y = Math.min(y, afterLabel) - 4;
      }
    },
    skip(points) {
      y -= points;
    },
    footer() {
      y = PAGE.margin + 34;
      const values = {
        project: brand.projectName,
        entity: letterhead.name,
        address: letterhead.address,
        regulator: brand.licence.regulator,
        reference: brand.licence.reference,
      };
      write(t(input.lang, 'account-letter:footerTrading', values), { size: 8, colour: MUTED });
      write(t(input.lang, 'account-letter:footerLicence', values), { size: 8, colour: MUTED });
    },
    save: () => pdf.save({ useObjectStreams: false }),
  };
}
