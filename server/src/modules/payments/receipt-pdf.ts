// A payment's receipt as a PDF (decision 033), drawn in the PDF pool's threads: the agency, the
// receipt's number and its lines, in the payer's language. Imports nothing that needs the database.

import type { Language } from '@aylal/shared/i18n';
import { interpolate } from '@aylal/shared/notifications';
import commonEn from '@aylal/locales/en/common.json' with { type: 'json' };
import commonMn from '@aylal/locales/mn/common.json' with { type: 'json' };
import { finishPdf, pageMeasures, PDF_INK, PDF_MARGIN, PDF_MUTED, startPdf } from '../../lib/pdf-document.ts';
import type { Receipt } from './receipt.ts';

const WORDS = { en: commonEn.receipt, mn: commonMn.receipt };
const ACCENT = '#0b3b5c';
const LABEL_WIDTH = 150;

export async function renderReceiptPdf(receipt: Receipt, language: Language): Promise<Uint8Array> {
  const words = WORDS[language];
  const { doc, done } = startPdf(language, { Title: `${words.title} ${receipt.number}`, Author: receipt.agency });
  const { width } = pageMeasures(doc);
  doc.font('bold').fontSize(11).fillColor(ACCENT).text(receipt.agency, PDF_MARGIN, PDF_MARGIN, { width });
  if (receipt.address) doc.font('regular').fontSize(9.5).fillColor(PDF_MUTED).text(receipt.address, { width });
  doc.moveDown(1.5);
  doc.font('bold').fontSize(22).fillColor(PDF_INK).text(words.title, { width });
  doc.font('regular').fontSize(11).fillColor(PDF_MUTED).text(`${words.number}: ${receipt.number}`, { width });
  doc.moveDown(1.2);
  const lines: [string, string][] = [
    [words.payer, receipt.payer],
    [words.for, receipt.paidFor],
    [words.amount, receipt.amount],
    [words.method, receipt.method],
    [words.paidAt, receipt.paidAt],
    ...(receipt.refunded ? ([[words.refunded, receipt.refunded]] as [string, string][]) : []),
  ];
  for (const [label, value] of lines) {
    const y = doc.y;
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(PDF_MUTED)
      .text(label, PDF_MARGIN, y, { width: LABEL_WIDTH - 12 });
    const labelBottom = doc.y;
    doc
      .font(label === words.amount ? 'bold' : 'regular')
      .fontSize(11)
      .fillColor(PDF_INK)
      .text(value, PDF_MARGIN + LABEL_WIDTH, y, { width: width - LABEL_WIDTH });
    doc.y = Math.max(doc.y, labelBottom) + 8;
  }
  doc.moveDown(1);
  doc.font('regular').fontSize(9.5).fillColor(PDF_MUTED).text(words.footer, PDF_MARGIN, doc.y, { width });
  finishPdf(doc, `${receipt.agency} · ${receipt.number}`, (page, pages) =>
    interpolate(words.page, { page: String(page), pages: String(pages) }),
  );
  return done;
}
