/**
 * What a file name people upload may not keep, stored or sent: every control and format character
 * (the bidi embeddings, overrides, isolates and marks U+202A–U+202E, U+2066–U+2069, U+200E/F,
 * U+061C that make `invoice\u202Efdp.exe` read "invoiceexe.pdf"; zero-width characters), lone
 * surrogates, private-use and unassigned code points, line and paragraph separators, and the
 * double quote. Letters of any script, Mongolian Cyrillic included, stay.
 */
const UNSAFE = /[\p{C}\p{Zl}\p{Zp}"]/gu;

/** Path separators, and the look-alikes a Windows "best fit" conversion turns into them. */
const SEPARATORS = /[/\\\u2044\u2215\u29f8\u29f9\uff0f\uff3c]/;

/** Longest name kept, in characters (code points, so a letter outside the BMP is never cut in two). */
const MAX_LENGTH = 120;

/** The name cut to MAX_LENGTH characters from its stem, so its extension (`.pdf`) stays. */
function fit(name: string): string {
  const chars = [...name];
  if (chars.length <= MAX_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return (
    chars
      .slice(0, MAX_LENGTH - [...extension].length)
      .join('')
      .replace(/[\s.]+$/u, '') + extension
  );
}

/**
 * A file name safe to show and to send in Content-Disposition, the one function every upload
 * and every download's header goes through (docs/decisions/026): the last path segment only,
 * unsafe characters removed, other spaces made plain and runs of them one, no leading dots, no
 * trailing dots or spaces, at most 120 characters with its extension, never empty (`file`). With
 * `extension` (what the content was found to be), the name ends with it:
 * `invoice\u202Efdp.exe` becomes `invoicefdp.exe.pdf`. Cleaning a clean name changes nothing.
 */
export function cleanFileName(name: string, extension?: string): string {
  const segment = name.normalize('NFC').replace(UNSAFE, '').split(SEPARATORS).pop() ?? '';
  const base = segment
    .replace(/\p{Zs}+/gu, ' ')
    .replace(/^[\s.]+/u, '')
    .replace(/[\s.]+$/u, '');
  if (extension === undefined) return fit(base || 'file');
  if (!base) return `file.${extension}`;
  const lower = base.toLowerCase();
  const named = lower.endsWith(`.${extension}`) || (extension === 'jpg' && /\.jpe?g$/.test(lower));
  return fit(named ? base : `${base}.${extension}`);
}
