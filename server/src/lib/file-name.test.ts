import { describe, expect, it } from 'vitest';
import { attachment } from './content-disposition.ts';
import { cleanFileName } from './file-name.ts';

/** Every character that may reorder or hide what a name shows, or break a header. */
const HIDDEN = [
  '\u202a', // left-to-right embedding
  '\u202b', // right-to-left embedding
  '\u202c', // pop directional formatting
  '\u202d', // left-to-right override
  '\u202e', // right-to-left override
  '\u2066', // left-to-right isolate
  '\u2067', // right-to-left isolate
  '\u2068', // first strong isolate
  '\u2069', // pop directional isolate
  '\u200e', // left-to-right mark
  '\u200f', // right-to-left mark
  '\u061c', // Arabic letter mark
  '\u200b', // zero-width space
  '\u200d', // zero-width joiner
  '\ufeff', // byte-order mark
  '\u00ad', // soft hyphen
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085', // next line (C1)
  '\u009b', // control sequence introducer (C1)
  '\u2028', // line separator
  '\u2029', // paragraph separator
  '\ue000', // private use
  '\ud800', // a lone surrogate
];

describe('file names (docs/decisions/026)', () => {
  it('drops bidi controls, marks, other control and format characters, whatever their place', () => {
    expect(cleanFileName('invoice\u202efdp.exe', 'pdf')).toBe('invoicefdp.exe.pdf');
    expect(cleanFileName('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('photo\u2067gpj.exe\u2069', 'jpg')).toBe('photogpj.exe.jpg');
    for (const char of HIDDEN) {
      const name = `a${char}b${char}.pdf${char}`;
      const cleaned = cleanFileName(name, 'pdf');
      expect(cleaned, JSON.stringify(char)).toBe('ab.pdf');
    }
  });

  it('keeps letters of any script, Mongolian Cyrillic included, and ordinary punctuation', () => {
    expect(cleanFileName('Паспорт Өлзий-Үүрийн (1).pdf', 'pdf')).toBe('Паспорт Өлзий-Үүрийн (1).pdf');
    expect(cleanFileName('ᠮᠣᠩᠭᠣᠯ.png', 'png')).toBe('ᠮᠣᠩᠭᠣᠯ.png');
    expect(cleanFileName('رسالة.pdf', 'pdf')).toBe('رسالة.pdf');
    expect(cleanFileName('北京 签证 😀.jpeg', 'jpg')).toBe('北京 签证 😀.jpeg');
  });

  it('keeps the last path segment, also after look-alike slashes', () => {
    expect(cleanFileName('C:\\Users\\bat\\passport.pdf', 'pdf')).toBe('passport.pdf');
    expect(cleanFileName('../../etc/passwd', 'pdf')).toBe('passwd.pdf');
    expect(cleanFileName('..\uff0f..\uff0fboot.ini', 'pdf')).toBe('boot.ini.pdf');
    expect(cleanFileName('a\u2215b.png', 'png')).toBe('b.png');
  });

  it('is never empty, never starts with a dot, ends with no dot or space, and spaces are plain', () => {
    for (const name of ['', '\u202e', '...', '/', 'a/', ' \u200b ', '"']) {
      expect(cleanFileName(name, 'pdf'), JSON.stringify(name)).toBe('file.pdf');
      expect(cleanFileName(name), JSON.stringify(name)).toBe('file');
    }
    expect(cleanFileName('.htaccess', 'png')).toBe('htaccess.png');
    expect(cleanFileName('scan. . ', 'pdf')).toBe('scan.pdf');
    expect(cleanFileName('a\u00a0\u3000 \tb.pdf', 'pdf')).toBe('a b.pdf');
  });

  it('cuts long names to 120 characters from the stem, never inside a letter outside the basic plane', () => {
    const cut = cleanFileName(`${'a'.repeat(115)}😀😀.pdf`, 'pdf');
    expect(cut).toBe(`${'a'.repeat(115)}😀.pdf`);
    expect(cut).not.toMatch(/\p{Cs}/u);
    expect(cleanFileName(`${'b'.repeat(200)}.exe`, 'pdf')).toBe(`${'b'.repeat(116)}.pdf`);
    expect(cleanFileName('c'.repeat(200))).toBe('c'.repeat(120));
  });

  it('changes nothing in a name it cleaned, with or without the extension', () => {
    for (const name of [`${'a'.repeat(119)}😀😀.png`, 'invoice\u202efdp.exe', '  .x. ', `${'d'.repeat(130)}.`]) {
      for (const extension of ['png', 'pdf', 'jpg']) {
        const once = cleanFileName(name, extension);
        expect(cleanFileName(once), name).toBe(once);
        expect(cleanFileName(once, extension), name).toBe(once);
      }
    }
  });

  it('Content-Disposition sends only the cleaned name, in both of its forms', () => {
    const header = attachment("in'voice\u202efdp (1)*.exe");
    expect(header).toBe(`attachment; filename="in'voicefdp (1)*.exe"; filename*=UTF-8''in%27voicefdp%20%281%29%2A.exe`);
    expect(attachment('Паспорт\u202e.pdf', 'inline')).toBe(
      `inline; filename="_______.pdf"; filename*=UTF-8''${encodeURIComponent('Паспорт.pdf')}`,
    );
    // A name cut inside a surrogate pair before this fix would throw here (a 500).
    expect(() => attachment(`${'a'.repeat(119)}\ud83d`)).not.toThrow();
    expect(attachment('')).toBe(`attachment; filename="file"; filename*=UTF-8''file`);
  });
});
