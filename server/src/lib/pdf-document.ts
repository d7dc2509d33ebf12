import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import type { Language } from '@aylal/shared/i18n';

// What our PDFs (the CV, the visa application) share: A4 with even margins, Noto Sans (Latin and
// Cyrillic in one face, embedded as subsets) as 'regular' and 'bold', their colours, and a footer
// on every page.

const FONTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/fonts');
export const PDF_INK = '#1a1f24';
export const PDF_MUTED = '#5b6670';
export const PDF_MARGIN = 56;

/**
 * The measures a page's layout works with: the text's width, where the bottom margin starts,
 * `keep(height)` (a new page unless `height` points still fit on this one) and a text's height.
 */
export function pageMeasures(doc: PDFKit.PDFDocument) {
  const width = doc.page.width - PDF_MARGIN * 2;
  const bottom = () => doc.page.height - PDF_MARGIN;
  const keep = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const textHeight = (text: string, font: string, size: number, w = width) =>
    doc.font(font).fontSize(size).heightOfString(text, { width: w });
  return { width, bottom, keep, textHeight };
}

/** A new A4 document in `language`, pages kept until `finishPdf`; `done` resolves to its bytes. */
export function startPdf(
  language: Language,
  info: { Title: string; Author: string },
): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PDF_MARGIN, bottom: PDF_MARGIN, left: PDF_MARGIN, right: PDF_MARGIN },
    bufferPages: true,
    lang: language === 'mn' ? 'mn' : 'en',
    info: { ...info, Creator: 'Aylal' },
  });
  doc.registerFont('regular', path.join(FONTS, 'NotoSans-Regular.ttf'));
  doc.registerFont('bold', path.join(FONTS, 'NotoSans-Bold.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/**
 * Writes the footer on every page (`left`, shortened with an ellipsis to fit half the width, and
 * `pageText(page, pages)` on the right) and ends the document.
 */
export function finishPdf(
  doc: PDFKit.PDFDocument,
  left: string,
  pageText: (page: number, pages: number) => string,
): void {
  const width = doc.page.width - PDF_MARGIN * 2;
  const fitting = (text: string, room: number) => {
    if (doc.widthOfString(text) <= room) return text;
    let shortened = [...text];
    while (shortened.length > 1 && doc.widthOfString(`${shortened.join('')}…`) > room)
      shortened = shortened.slice(0, -1);
    return `${shortened.join('').trimEnd()}…`;
  };
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    // Written inside the bottom margin, which must not start a new page.
    const y = doc.page.height - PDF_MARGIN + 18;
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(8.5).fillColor(PDF_MUTED);
    doc.text(fitting(left, width / 2 - 12), PDF_MARGIN, y, { width: width / 2, lineBreak: false });
    doc.text(pageText(index + 1, range.count), PDF_MARGIN + width / 2, y, {
      width: width / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = PDF_MARGIN;
  }
  doc.end();
}
