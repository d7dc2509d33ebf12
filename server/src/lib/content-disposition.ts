import { z } from 'zod';

/** RFC 6266 `attachment`: the file's own name for browsers that read it, an ASCII stand-in for the rest. */
export function attachment(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * `?inline=1` on a file's route: shown in the browser's own viewer (an "Open" link) rather than
 * saved. Only for files we wrote ourselves (pictures re-encoded, PDFs rewritten without scripts).
 */
export const InlineQuerySchema = z.object({ inline: z.enum(['1']).optional() });
