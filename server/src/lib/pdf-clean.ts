// The PDF cleaning behind pdf-check.ts's cleanPdf: loaded with the first PDF, as its parser takes
// a third of a second of every start.
import {
  ParseSpeeds,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNull,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
  type PDFContext,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { AppError } from './app-error.ts';
import { isPdfHeader } from './pdf-check.ts';

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

/** The object a reference points at (one step: a name or a dictionary may be kept as an object of its own). */
function resolve(context: PDFContext, object: PDFObject | undefined): PDFObject | undefined {
  return object instanceof PDFRef ? context.lookup(object) : object;
}

/** Whether this object, or a dictionary or array written inside it, makes the PDF act. */
function isActive(context: PDFContext, object: PDFObject): boolean {
  if (object instanceof PDFStream) return isActive(context, object.dict);
  if (object instanceof PDFArray) return object.asArray().some((item) => isActive(context, item));
  if (!(object instanceof PDFDict)) return false;
  for (const [key, value] of object.entries()) {
    if (ACTIVE_KEYS.has(key)) return true;
    // Readers follow a reference here too (`/S 12 0 R`, object 12 being `/Launch`).
    const named = resolve(context, value);
    if (named instanceof PDFName) {
      if (key === PDFName.of('S') && ACTIVE_ACTIONS.has(named)) return true;
      if ((key === PDFName.Type || key === PDFName.of('Subtype')) && ACTIVE_TYPES.has(named)) return true;
    }
    if (isActive(context, value)) return true;
  }
  return false;
}

/** Where a link may take the reader: a web page, an email or a phone call. */
const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/**
 * Whether an address opens in a web page, an email or a phone call, as a reader would read it:
 * the string's bytes and its decoded text (hex strings, escapes, UTF-16) both judged, with every
 * control, format and space character a reader may skip taken out first (`java\tscript:`,
 * ` JavaScript:`). A relative address, an encoded scheme (`%6Aavascript:`) or any other scheme
 * (`javascript:`, `vbscript:`, `data:`, `file:`) is not.
 */
function isWebAddress(object: PDFObject | undefined): boolean {
  if (!(object instanceof PDFString || object instanceof PDFHexString)) return false;
  const readings = [Buffer.from(object.asBytes()).toString('latin1'), object.decodeText()];
  return readings.every((text) => {
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text.replace(/[\p{C}\p{Z}\s]/gu, ''))?.[1];
    return scheme !== undefined && LINK_SCHEMES.has(scheme.toLowerCase());
  });
}

/**
 * A link action to anywhere but the web, mail or a phone: a URI action (`/S /URI`) whose address
 * is not one, or a GoToR or Thread action whose file is a URL (`/FS /URL`) that is not one.
 */
function isUnsafeLink(context: PDFContext, object: PDFObject | undefined): boolean {
  const action = resolve(context, object);
  if (!(action instanceof PDFDict)) return false;
  const type = resolve(context, action.get(PDFName.of('S')));
  if (type === PDFName.of('URI')) return !isWebAddress(resolve(context, action.get(PDFName.of('URI'))));
  if (type === PDFName.of('GoToR') || type === PDFName.of('Thread')) {
    const file = resolve(context, action.get(PDFName.of('F')));
    if (file instanceof PDFDict && resolve(context, file.get(PDFName.of('FS'))) === PDFName.of('URL')) {
      return !isWebAddress(resolve(context, file.get(PDFName.of('F'))));
    }
  }
  return false;
}

/**
 * Removes every unsafe link action (`isUnsafeLink`) wherever it is: a link's or an outline
 * entry's `/A`, an `/AA` trigger of an annotation, a field, a page or the document, the
 * document's `/OpenAction`, another action's `/Next`. The key that named it goes; in an array
 * its place becomes null, so pairs (a name tree's) keep their order. The annotation, the outline
 * entry and the page stay. Answers how many it removed.
 */
function removeUnsafeLinks(context: PDFContext): number {
  let removed = 0;
  const visit = (object: PDFObject) => {
    if (object instanceof PDFStream) {
      visit(object.dict);
    } else if (object instanceof PDFArray) {
      for (let index = 0; index < object.size(); index++) {
        const item = object.get(index);
        if (isUnsafeLink(context, item)) {
          object.set(index, PDFNull);
          removed++;
        } else {
          visit(item);
        }
      }
    } else if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) {
        if (isUnsafeLink(context, value)) {
          object.delete(key);
          removed++;
        } else {
          visit(value);
        }
      }
    }
  };
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (isUnsafeLink(context, object)) {
      context.delete(ref);
      removed++;
    } else {
      visit(object);
    }
  }
  return removed;
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
 * actions, attachments or markup (PDF_ACTIVE_CONTENT). Links to anywhere but the web, mail or a
 * phone (`javascript:` in any disguise, `file:`, `data:`) are removed, the pages kept
 * (docs/decisions/026). Bytes in, a clean PDF out, or an AppError.
 */
export async function cleanPdf(upload: Uint8Array): Promise<Buffer> {
  const data = Buffer.from(upload.buffer, upload.byteOffset, upload.length);
  if (!isPdfHeader(data) || !hasEndMarker(data)) throw new AppError('PDF_UNREADABLE');
  const document = await parsePdf(data);
  if (document.isEncrypted) throw new AppError('PDF_ENCRYPTED');
  if (!hasPages(document)) throw new AppError('PDF_UNREADABLE');
  const { context } = document;
  if (context.enumerateIndirectObjects().some(([, object]) => isActive(context, object))) {
    throw new AppError('PDF_ACTIVE_CONTENT');
  }
  // Removed, then looked for again: what is written holds no such link, or nothing is.
  if (removeUnsafeLinks(context) > 0 && removeUnsafeLinks(context) > 0) throw new AppError('PDF_ACTIVE_CONTENT');

  compressPlainStreams(context);
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
