import type { Language } from './i18n.ts';

const UNITS: Record<Language, string[]> = { en: ['B', 'KB', 'MB', 'GB'], mn: ['Б', 'КБ', 'МБ', 'ГБ'] };

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** A file's size for people: "840 KB", "1.2 MB" ("1.2 МБ" in Mongolian), "1 GB", "1.5 GB". */
export function formatBytes(size: number, language: Language): string {
  const units = UNITS[language];
  if (size < 1024) return `${size} ${units[0]}`;
  if (size < MB) return `${Math.round(size / 1024)} ${units[1]}`;
  if (size < GB) return `${(size / MB).toFixed(1)} ${units[2]}`;
  return `${(size / GB).toFixed(1).replace(/\.0$/, '')} ${units[3]}`;
}
