import {
  ParseSpeeds,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFStream,
  type PDFContext,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { AppError } from './app-error.ts';

/**
 * What makes a PDF do something when opened, rather than only show pages: scripts, launching
 * programs, sending or importing form data, files carried inside it, rich media and XFA forms
 * (their XML holds scripts of its own).
 */
const ACTIVE_KEYS = new Set(['JS', 'JavaScript', 'EF', 'EmbeddedFiles', 'XFA', 'RichMediaContent'].map(PDFName.of));
const ACTIVE_ACTIONS = new Set(
  ['JavaScript', 'Launch', 'SubmitForm', 'ImportData', 'RichMediaExecute', 'GoToE'].map(PDFName.of),
);
const ACTIVE_TYPES = new Set(['EmbeddedFile', 'RichMedia'].map(PDFName.of));

/** Markup that would let a browser read the file as a web page (the HTML half of a polyglot). */
const MARKUP = /<(?:script|html|!doctype|iframe)\b/i;

/** Whether the bytes open with a PDF header: the file claims to be a PDF and is judged as one. */
export function isPdfHeader(data: Uint8Array): boolean {
  return Buffer.from(data.buffer, data.byteOffset, Math.min(data.length, 5)).toString('latin1') === '%PDF-';
}

/** A whole file ends with its end-of-file marker (a little trailing junk allowed); a cut one does not. */
function hasEndMarker(data: Buffer): boolean {
  return data.subarray(-1024).includes('%%EOF', 0, 'latin1');
}

async function parsePdf(data: Buffer): Promise<PDFDocument> {
  try {
    // Strict: an object the parser cannot read fails the file instead of being kept as raw bytes
    // (the raw bytes would be written out again as they came).
    return await PDFDocument.load(data, {
      ignoreEncryption: true,
      throwOnInvalidObject: true,
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fast,
    });
  } catch {
    // An encrypted file's object streams cannot be read without its key, so its parse fails.
    throw new AppError(data.includes('/Encrypt', 0, 'latin1') ? 'PDF_ENCRYPTED' : 'PDF_UNREADABLE');
  }
}

function hasPages(document: PDFDocument): boolean {
  try {
    return document.getPages().length > 0;
  } catch {
    return false;
  }
}

/** Whether this object, or a dictionary or array written inside it, makes the PDF act. */
function isActive(object: PDFObject): boolean {
  if (object instanceof PDFStream) return isActive(object.dict);
  if (object instanceof PDFArray) return object.asArray().some(isActive);
  if (!(object instanceof PDFDict)) return false;
  for (const [key, value] of object.entries()) {
    if (ACTIVE_KEYS.has(key)) return true;
    if (value instanceof PDFName) {
      if (key === PDFName.of('S') && ACTIVE_ACTIONS.has(value)) return true;
      if ((key === PDFName.Type || key === PDFName.of('Subtype')) && ACTIVE_TYPES.has(value)) return true;
    }
    if (isActive(value)) return true;
  }
  return false;
}

/**
 * Streams stored without a filter are compressed on the way out, so no text of the sender's
 * survives as plain bytes (a page's content could hold an HTML page). The XMP metadata stays
 * plain, as PDF/A wants it.
 */
function compressPlainStreams(context: PDFContext) {
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.has(PDFName.of('Filter'))) continue;
    if (object.dict.get(PDFName.Type) === PDFName.of('Metadata')) continue;
    const dict = Object.fromEntries(
      object.dict
        .entries()
        .filter(([key]) => key !== PDFName.Length && key !== PDFName.of('DecodeParms'))
        .map(([key, value]) => [key.decodeText(), value]),
    );
    context.assign(ref, context.flateStream(object.getContents(), dict));
  }
}

/**
 * A PDF as it may be kept and served: parsed in full and written anew from the objects the parser
 * understood, so bytes outside them (an HTML page slipped between objects or after the end, the
 * other half of a polyglot) are left behind. Refuses what cannot be parsed (PDF_UNREADABLE),
 * password-protected files (PDF_ENCRYPTED), and files with scripts, launch or form-sending
 * actions, attachments or markup (PDF_ACTIVE_CONTENT). Bytes in, a clean PDF out, or an AppError.
 */
export async function cleanPdf(upload: Uint8Array): Promise<Buffer> {
  const data = Buffer.from(upload.buffer, upload.byteOffset, upload.length);
  if (!isPdfHeader(data) || !hasEndMarker(data)) throw new AppError('PDF_UNREADABLE');
  const document = await parsePdf(data);
  if (document.isEncrypted) throw new AppError('PDF_ENCRYPTED');
  if (!hasPages(document)) throw new AppError('PDF_UNREADABLE');
  const objects = document.context.enumerateIndirectObjects();
  if (objects.some(([, object]) => isActive(object))) throw new AppError('PDF_ACTIVE_CONTENT');

  compressPlainStreams(document.context);
  let written: Buffer;
  try {
    // `rewrite` packs the objects into compressed object streams where the version allows it.
    const bytes = await document.save({ rewrite: true, addDefaultPage: false, updateFieldAppearances: false });
    written = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  } catch {
    throw new AppError('PDF_UNREADABLE');
  }
  if (MARKUP.test(written.toString('latin1'))) throw new AppError('PDF_ACTIVE_CONTENT');
  return written;
}
