import { z } from 'zod';
import { cleanFileName } from './file-name.ts';

/** RFC 5987's ext-value: percent-encoded UTF-8, with the few characters encodeURIComponent leaves that it may not hold. */
function encodeExtValue(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * RFC 6266 `attachment`: the file's own name for browsers that read it, an ASCII stand-in for the
 * rest. Every name goes through `cleanFileName` first, so no bidi override or control character
 * reaches a download, whenever the name was stored.
 */
export function attachment(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const name = cleanFileName(fileName);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(name)}`;
}

/**
 * `?inline=1` on a file's route: shown in the browser's own viewer (an "Open" link) rather than
 * saved. Only for files we wrote ourselves (pictures re-encoded, PDFs rewritten without scripts).
 */
export const InlineQuerySchema = z.object({ inline: z.enum(['1']).optional() });
