import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRef,
  PDFStream,
  PDFString,
  type PDFContext,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { insertBefore, makePdf } from '../../test/pdfs.ts';
import { AppError } from './app-error.ts';
import { cleanPdf } from './pdf-check.ts';

/** A dictionary as `context.obj` takes it. */
type Value = string | number | PDFObject | Value[] | Action;
interface Action {
  [key: string]: Value;
}

/** Where an action may sit in a PDF; each builds a one-page PDF with `action` there. */
const PLACES: Record<string, (action: Action) => Promise<Buffer>> = {
  "a link annotation's /A": (action) =>
    makePdf(1, (document) =>
      document
        .getPage(0)
        .node.set(
          PDFName.of('Annots'),
          document.context.obj([{ Type: 'Annot', Subtype: 'Link', Rect: [50, 50, 200, 80], A: action }]),
        ),
    ),
  "a link annotation's /AA (mouse enter)": (action) =>
    makePdf(1, (document) =>
      document
        .getPage(0)
        .node.set(
          PDFName.of('Annots'),
          document.context.obj([{ Type: 'Annot', Subtype: 'Link', Rect: [50, 50, 200, 80], AA: { E: action } }]),
        ),
    ),
  "a form field's /AA (mouse down)": (action) =>
    makePdf(1, (document) => {
      const field = document.context.register(
        document.context.obj({
          Type: 'Annot',
          Subtype: 'Widget',
          FT: 'Btn',
          Ff: 65536,
          T: PDFString.of('send'),
          Rect: [50, 100, 150, 130],
          AA: { D: action },
        }),
      );
      document.getPage(0).node.set(PDFName.of('Annots'), document.context.obj([field]));
      document.catalog.set(PDFName.of('AcroForm'), document.context.obj({ Fields: [field] }));
    }),
  'an outline entry': (action) =>
    makePdf(1, (document) => {
      const { context } = document;
      const outlines = context.nextRef();
      const entry = context.register(context.obj({ Title: PDFString.of('Chapter 1'), Parent: outlines, A: action }));
      context.assign(outlines, context.obj({ Type: 'Outlines', First: entry, Last: entry, Count: 1 }));
      document.catalog.set(PDFName.of('Outlines'), outlines);
    }),
  "the document's /OpenAction": (action) =>
    makePdf(1, (document) => document.catalog.set(PDFName.of('OpenAction'), document.context.obj(action))),
  "the document's /AA (before closing)": (action) =>
    makePdf(1, (document) => document.catalog.set(PDFName.of('AA'), document.context.obj({ WC: action }))),
  "a page's /AA (on opening)": (action) =>
    makePdf(1, (document) => document.getPage(0).node.set(PDFName.of('AA'), document.context.obj({ O: action }))),
  "a good link's /Next": (action) =>
    makePdf(1, (document) =>
      document.catalog.set(
        PDFName.of('OpenAction'),
        document.context.obj({ S: 'URI', URI: PDFString.of('https://example.com/next'), Next: [action] }),
      ),
    ),
  'an action kept as an object of its own': (action) =>
    makePdf(1, (document) => {
      const ref = document.context.register(document.context.obj(action));
      document
        .getPage(0)
        .node.set(
          PDFName.of('Annots'),
          document.context.obj([{ Type: 'Annot', Subtype: 'Link', Rect: [50, 50, 200, 80], A: ref }]),
        );
    }),
};

/** `javascript:` and the other addresses no link may keep, as an attacker would disguise them. */
const BAD_ADDRESSES: [string, PDFObject][] = [
  ['javascript:', PDFString.of('javascript:app.alert(1)')],
  ['mixed case', PDFString.of('JaVaScRiPt:app.alert(1)')],
  ['leading spaces and a tab', PDFString.of(' \t javascript:app.alert(1)')],
  ['a tab inside', PDFString.of('java\tscript:app.alert(1)')],
  ['a line break inside', PDFString.of('java\nscript:app.alert(1)')],
  ['a NUL inside', PDFString.of('java\u0000script:app.alert(1)')],
  ['a hex string', PDFHexString.of(Buffer.from('javascript:app.alert(1)').toString('hex'))],
  ['UTF-16 with a zero-width space', PDFHexString.fromText('\u200bjavascript:app.alert(1)')],
  ['vbscript:', PDFString.of('vbscript:msgbox(1)')],
  ['data:', PDFString.of('data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==')],
  ['file:', PDFString.of('file:///C:/Windows/System32/calc.exe')],
  ['a percent-encoded scheme', PDFString.of('%6Aavascript:app.alert(1)')],
  ['an HTML entity', PDFString.of('&#106;avascript:app.alert(1)')],
  ['a relative address', PDFString.of('evil.html')],
  ['not a string', PDFName.of('javascript:app.alert(1)')],
];

const GOOD_ADDRESSES = ['https://example.com/apply', 'HTTP://EXAMPLE.MN/', 'mailto:visa@aylal.mn', 'tel:+97670000000'];

/** Every action left in a PDF: its type and, for a link, its address as text. */
async function actionsIn(pdf: Buffer): Promise<{ type: string; address?: string }[]> {
  const document = await PDFDocument.load(pdf);
  const context: PDFContext = document.context;
  const found: { type: string; address?: string }[] = [];
  const seen = new Set<PDFObject>();
  const visit = (object: PDFObject | undefined) => {
    if (object === undefined || seen.has(object)) return;
    seen.add(object);
    if (object instanceof PDFStream) return visit(object.dict);
    if (object instanceof PDFArray) return object.asArray().forEach(visit);
    if (!(object instanceof PDFDict)) return;
    const type = object.lookup(PDFName.of('S'));
    if (type instanceof PDFName) {
      const address = object.lookup(PDFName.of('URI'));
      found.push({
        type: type.decodeText(),
        ...(address instanceof PDFString || address instanceof PDFHexString ? { address: address.decodeText() } : {}),
      });
    }
    for (const [, value] of object.entries()) visit(value instanceof PDFRef ? context.lookup(value) : value);
  };
  for (const [, object] of context.enumerateIndirectObjects()) visit(object);
  return found;
}

async function refusal(pdf: Buffer): Promise<string> {
  try {
    await cleanPdf(pdf);
    return 'kept';
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
}

describe('links in uploaded PDFs (docs/decisions/026)', () => {
  it('removes a javascript: link, in any disguise, wherever it sits, and keeps the page', async () => {
    for (const [place, build] of Object.entries(PLACES)) {
      for (const [disguise, address] of BAD_ADDRESSES) {
        const what = `${disguise} in ${place}`;
        const upload = await build({ S: 'URI', URI: address });
        expect(
          (await actionsIn(upload)).some(
            (action) => action.type === 'URI' && action.address !== 'https://example.com/next',
          ),
          what,
        ).toBe(true);
        const cleaned = await cleanPdf(upload);
        const left = await actionsIn(cleaned);
        // Only the good link a /Next hung from stays.
        expect(left, what).toEqual(
          place === "a good link's /Next" ? [{ type: 'URI', address: 'https://example.com/next' }] : [],
        );
        expect((await PDFDocument.load(cleaned)).getPageCount(), what).toBe(1);
      }
    }
  });

  it('keeps the annotation, the outline entry and the form field whose link it removed', async () => {
    const link = await cleanPdf(
      await PLACES["a link annotation's /A"]!({ S: 'URI', URI: PDFString.of('javascript:x') }),
    );
    const annots = (await PDFDocument.load(link)).getPage(0).node.Annots();
    expect(annots?.size()).toBe(1);
    const outline = await cleanPdf(await PLACES['an outline entry']!({ S: 'URI', URI: PDFString.of('javascript:x') }));
    const outlines = (await PDFDocument.load(outline)).catalog.lookup(PDFName.of('Outlines'), PDFDict);
    expect(outlines.lookup(PDFName.of('First'), PDFDict).lookup(PDFName.of('Title'), PDFString).decodeText()).toBe(
      'Chapter 1',
    );
  });

  it('keeps links to the web, to an email address and to a phone number', async () => {
    for (const [place, build] of Object.entries(PLACES)) {
      for (const address of GOOD_ADDRESSES) {
        const cleaned = await cleanPdf(await build({ S: 'URI', URI: PDFString.of(address) }));
        expect(await actionsIn(cleaned), `${address} in ${place}`).toContainEqual({ type: 'URI', address });
      }
    }
  });

  it('removes a remote go-to whose file is a javascript: URL, and keeps one to a web address', async () => {
    const remote = (address: string) =>
      PLACES["a link annotation's /A"]!({
        S: 'GoToR',
        F: { FS: 'URL', F: PDFString.of(address) },
        D: [0, 'Fit'],
      });
    expect(await actionsIn(await cleanPdf(await remote('JavaScript:app.alert(1)')))).toEqual([]);
    expect(await actionsIn(await cleanPdf(await remote('https://example.com/form.pdf')))).toEqual([{ type: 'GoToR' }]);
  });

  it('refuses scripts and launched programs wherever they sit, a disguised action type included', async () => {
    for (const [place, build] of Object.entries(PLACES)) {
      expect(await refusal(await build({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') })), place).toBe(
        'PDF_ACTIVE_CONTENT',
      );
      expect(await refusal(await build({ S: 'Launch', F: PDFString.of('cmd.exe') })), place).toBe('PDF_ACTIVE_CONTENT');
    }
    // The action's type kept as an object of its own (`/S 99 0 R`, 99 being /Launch), as readers follow it.
    const pdf = await makePdf();
    const text = pdf
      .toString('latin1')
      .replace('/Type /Catalog', '/Type /Catalog /OpenAction << /S 99 0 R /F (cmd.exe) >>');
    const indirect = insertBefore(Buffer.from(text, 'latin1'), 'xref', '99 0 obj\n/Launch\nendobj\n');
    expect(await refusal(indirect)).toBe('PDF_ACTIVE_CONTENT');
    // A name written with #-escapes is the same name.
    const escaped = pdf
      .toString('latin1')
      .replace('/Type /Catalog', '/Type /Catalog /OpenAction << /S /La#75nch /F (cmd.exe) >>');
    expect(await refusal(Buffer.from(escaped, 'latin1'))).toBe('PDF_ACTIVE_CONTENT');
  });

  it('removes a link whose address is written with octal escapes in the file', async () => {
    const pdf = await makePdf();
    const text = pdf
      .toString('latin1')
      .replace('/Type /Catalog', '/Type /Catalog /OpenAction << /S /URI /URI (\\152ava\\163cript:app.alert\\(1\\)) >>');
    const upload = Buffer.from(text, 'latin1');
    expect(await actionsIn(upload)).toEqual([{ type: 'URI', address: 'javascript:app.alert(1)' }]);
    expect(await actionsIn(await cleanPdf(upload))).toEqual([]);
  });
});
