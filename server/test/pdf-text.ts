import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  type PDFObject,
} from '@cantoo/pdf-lib';

/** A font's ToUnicode map: glyph code (hex) → text. */
function parseToUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const text = (hex: string) =>
    String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16))).normalize('NFC');
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, value] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(code!.toLowerCase(), text(value!));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, rest] of block[1]!.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(<[0-9a-fA-F]+>|\[[^\]]*\])/g,
    )) {
      const start = parseInt(from!, 16);
      const width = from!.length;
      const values = rest!.startsWith('[') ? [...rest!.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => m[1]!) : null;
      for (let code = start; code <= parseInt(to!, 16); code++) {
        const key = code.toString(16).padStart(width, '0');
        if (values) map.set(key, text(values[code - start] ?? ''));
        else {
          const base = parseInt(rest!.slice(1, -1), 16) + (code - start);
          map.set(key, text(base.toString(16).padStart(4, '0')));
        }
      }
    }
  }
  return map;
}

/**
 * The text of a PDF the server drew (PDFKit, embedded subset fonts), page by page, one line per
 * text object: enough for tests to read labels and names in any script, as pdftotext would.
 */
export async function pdfText(pdf: Uint8Array): Promise<string[]> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const context = document.context;
  const resolve = (object: PDFObject | undefined) => (object instanceof PDFRef ? context.lookup(object) : object);
  const decode = (object: PDFObject | undefined) => {
    const stream = resolve(object);
    return stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1') : '';
  };
  return document.getPages().map((page) => {
    const fonts = new Map<string, Map<string, string>>();
    const fontDict = resolve(page.node.Resources()?.get(PDFName.of('Font')));
    if (fontDict instanceof PDFDict) {
      for (const [name, ref] of fontDict.entries()) {
        const font = resolve(ref);
        if (font instanceof PDFDict)
          fonts.set(name.decodeText(), parseToUnicode(decode(font.get(PDFName.of('ToUnicode')))));
      }
    }
    const contents = resolve(page.node.get(PDFName.of('Contents')));
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    const content = streams.map((stream) => decode(stream)).join('\n');
    const lines: string[] = [];
    let map = new Map<string, string>();
    for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
      let line = '';
      for (const token of block[1]!.matchAll(/\/([^\s/]+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>/g)) {
        if (token[1]) map = fonts.get(token[1]) ?? new Map();
        else {
          const hex = token[2]!.toLowerCase();
          // PDFKit's embedded fonts use two-byte codes.
          for (let index = 0; index < hex.length; index += 4) line += map.get(hex.slice(index, index + 4)) ?? '';
        }
      }
      lines.push(line);
    }
    return lines.join('\n');
  });
}
