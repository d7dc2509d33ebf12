import sharp from 'sharp';
import { AppError } from './app-error.ts';
import { cleanPdf, isPdfHeader } from './pdf-check.ts';

/** Pictures larger than this many pixels are refused (as for trip pictures). */
const MAX_PIXELS = 60_000_000;

/** The kinds of file an upload of documents may be, told apart by their content (never by name). */
export const FILE_KINDS = {
  pdf: { type: 'application/pdf', extension: 'pdf' },
  png: { type: 'image/png', extension: 'png' },
  jpeg: { type: 'image/jpeg', extension: 'jpg' },
  webp: { type: 'image/webp', extension: 'webp' },
} as const;
export type FileKindName = keyof typeof FILE_KINDS;
export type FileKind = (typeof FILE_KINDS)[FileKindName];

/**
 * The file as it will be stored, with its kind, if it is one of `allowed`; UNSUPPORTED_FILE for
 * anything else. A PDF is parsed and written anew from what the parser understood (`cleanPdf`,
 * with its own refusals); a picture is decoded in full and written again in its own format:
 * upright, without its metadata (a phone photo's EXIF carries where it was taken).
 */
export async function checkUploadedFile(
  data: Buffer,
  allowed: readonly FileKindName[],
): Promise<{ kind: FileKind; data: Buffer }> {
  if (data.length === 0) throw new AppError('UNSUPPORTED_FILE');
  if (isPdfHeader(data)) {
    if (!allowed.includes('pdf')) throw new AppError('UNSUPPORTED_FILE');
    return { kind: FILE_KINDS.pdf, data: await cleanPdf(data) };
  }
  try {
    const picture = sharp(data, { limitInputPixels: MAX_PIXELS });
    const { format } = await picture.metadata();
    const name = allowed.find((candidate) => candidate !== 'pdf' && candidate === format);
    if (!name) throw new AppError('UNSUPPORTED_FILE');
    const upright = picture.rotate();
    const encoded =
      name === 'png'
        ? upright.png()
        : name === 'jpeg'
          ? upright.jpeg({ quality: 90, mozjpeg: true })
          : upright.webp({ quality: 90 });
    return { kind: FILE_KINDS[name], data: await encoded.toBuffer() };
  } catch {
    throw new AppError('UNSUPPORTED_FILE');
  }
}
