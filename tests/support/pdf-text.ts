/**
 * The text of a PDF, page by page, as a reader's copy or a screen reader gets it (pdf.js, the
 * legacy build for Node; `text` normalised), and the size of its first page in points.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfText(bytes: Uint8Array): Promise<{ pages: string[]; text: string; width: number; height: number }> {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const [, , width, height] = (await doc.getPage(1)).view;
  await doc.destroy();
  return { pages, text: normalised(pages.join('\n')), width: width!, height: height! };
}

/** Text as extraction gives it back: compatibility forms (a narrow no-break space is a space), blanks collapsed. */
export function normalised(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ');
}

/** A supertest parser that keeps a binary body (a PDF) as a Buffer. */
export function binary(res: unknown, done: (error: Error | null, body: Buffer) => void): void {
  // In Node, superagent hands the parser the response stream.
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}
