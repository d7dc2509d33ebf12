// What makes an uploaded PDF fit to keep (docs/decisions/026). The parser and the cleaning are in
// pdf-clean.ts, loaded with the first PDF: the PDF library takes a third of a second to load, on
// every start.
import type { cleanPdf as Clean } from './pdf-clean.ts';

/** Whether the bytes open with a PDF header: the file claims to be a PDF and is judged as one. */
export function isPdfHeader(data: Uint8Array): boolean {
  return Buffer.from(data.buffer, data.byteOffset, Math.min(data.length, 5)).toString('latin1') === '%PDF-';
}

/** The upload as a clean PDF, or an AppError (pdf-clean.ts's `cleanPdf`, which says what it refuses). */
export const cleanPdf: typeof Clean = async (upload) => (await import('./pdf-clean.ts')).cleanPdf(upload);
