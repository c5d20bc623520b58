/**
 * PDF building blocks for the documents the app hands out (statements, reports, a member's data
 * export): a page laid out for a phone, its fonts, and a few ways to put text on it. pdfkit writes
 * the file; the document's words come from the caller.
 *
 * Guarantees
 * - A narrow page (105 mm, A6's width) in one column: opened on a phone 360 px wide, the page is
 *   fit to the width and body text reads at about 13 px, headings larger; nothing is laid out
 *   side by side except a label and its value on one line.
 * - Noto Sans (from @fontsource/noto-sans, Latin subset: é, ï, ’, the narrow no-break space
 *   French number formats use, the minus sign), embedded, so every language of the app
 *   (en, fr, rw, sw) prints as written, and the text can be extracted (copy, search, screen
 *   readers, tests). The narrow no-break space is written as a no-break space: the font draws it,
 *   but its text would extract as nothing (a NUL), and amounts must still not break over two lines.
 * - A block never splits across pages: a new page starts when it would not fit.
 * - `finish()` resolves with the whole file.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff'),
  bold: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff'),
} as const;

/** 105 mm × 148 mm (A6) in points. */
export const PHONE_PAGE = { width: 297.64, height: 419.53, margin: 18 } as const;
const SIZE = { title: 15, heading: 12.5, body: 11, small: 9.5 } as const;
const GREY = '#555555';

/** What is written: a narrow no-break space (French amounts) as a no-break space, which extracts. */
const written = (text: string) => text.replaceAll('\u202f', '\u00a0');
const LINE = '#cccccc';

export interface PdfMeta {
  title: string;
  /** BCP 47 language of the text ("en", "fr", "rw", "sw"). */
  language: string;
}

export class PhonePdf {
  private readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(meta: PdfMeta) {
    this.doc = new PDFDocument({
      size: [PHONE_PAGE.width, PHONE_PAGE.height],
      margin: PHONE_PAGE.margin,
      lang: meta.language,
      info: { Title: meta.title, Creator: 'Ikimina' },
      displayTitle: true,
      compress: true,
    });
    this.doc.registerFont('regular', FONTS.regular);
    this.doc.registerFont('bold', FONTS.bold);
    this.doc.font('regular').fontSize(SIZE.body).fillColor('black');
    this.done = new Promise((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  private get width(): number {
    return this.doc.page.width - 2 * PHONE_PAGE.margin;
  }

  /** Starts a new page when `height` points would not fit on this one. */
  private room(height: number): void {
    if (this.doc.y + height > this.doc.page.height - PHONE_PAGE.margin) this.doc.addPage();
  }

  private heightOf(text: string, font: 'regular' | 'bold', size: number, width = this.width): number {
    return this.doc.font(font).fontSize(size).heightOfString(text, { width });
  }

  /** The document's title, large and bold. */
  title(raw: string): this {
    const text = written(raw);
    this.room(this.heightOf(text, 'bold', SIZE.title));
    this.doc.font('bold').fontSize(SIZE.title).fillColor('black').text(text, { width: this.width });
    this.doc.moveDown(0.2);
    return this;
  }

  /** A section's heading, with space above it. */
  heading(raw: string): this {
    const text = written(raw);
    this.doc.moveDown(0.6);
    this.room(this.heightOf(text, 'bold', SIZE.heading) + 2 * SIZE.body);
    this.doc.font('bold').fontSize(SIZE.heading).fillColor('black').text(text, { width: this.width });
    this.rule();
    return this;
  }

  /** A paragraph of grey small text. */
  note(raw: string): this {
    const text = written(raw);
    this.room(this.heightOf(text, 'regular', SIZE.small));
    this.doc.font('regular').fontSize(SIZE.small).fillColor(GREY).text(text, { width: this.width });
    this.doc.fillColor('black');
    return this;
  }

  /** A label on the left and its value on the right of one line (the value bold when asked). */
  pair(rawLabel: string, rawValue: string, options: { bold?: boolean } = {}): this {
    const [label, value] = [written(rawLabel), written(rawValue)];
    const font = options.bold ? 'bold' : 'regular';
    const valueWidth = Math.min(this.width * 0.55, this.doc.font(font).fontSize(SIZE.body).widthOfString(value) + 1);
    const labelWidth = this.width - valueWidth - 6;
    const height = Math.max(this.heightOf(label, 'regular', SIZE.body, labelWidth), this.heightOf(value, font, SIZE.body, valueWidth));
    this.room(height);
    const y = this.doc.y;
    const x = PHONE_PAGE.margin;
    this.doc.font('regular').fontSize(SIZE.body).fillColor('black').text(label, x, y, { width: labelWidth });
    this.doc.font(font).text(value, x + this.width - valueWidth, y, { width: valueWidth, align: 'right' });
    this.doc.x = x;
    this.doc.y = y + height + 1;
    return this;
  }

  /** One movement: its title and amount on a line, then its details in small grey text, kept together. */
  entry(label: string, amount: string, details: readonly string[] = []): this {
    const detail = written(details.filter(Boolean).join(' · '));
    this.room(this.heightOf(label, 'regular', SIZE.body) + (detail ? this.heightOf(detail, 'regular', SIZE.small) : 0) + 4);
    this.pair(label, amount, { bold: true });
    if (detail) this.doc.font('regular').fontSize(SIZE.small).fillColor(GREY).text(detail, PHONE_PAGE.margin, this.doc.y, { width: this.width });
    this.doc.fillColor('black');
    this.doc.moveDown(0.3);
    return this;
  }

  /** A thin line across the page. */
  rule(): this {
    const y = this.doc.y + 2;
    this.doc.moveTo(PHONE_PAGE.margin, y).lineTo(PHONE_PAGE.margin + this.width, y).lineWidth(0.5).strokeColor(LINE).stroke();
    this.doc.y = y + 4;
    return this;
  }

  /** Ends the document; resolves with its bytes. */
  finish(): Promise<Buffer> {
    this.doc.end();
    return this.done;
  }
}
