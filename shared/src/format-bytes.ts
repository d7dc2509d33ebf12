import type { Language } from './i18n.ts';

const UNITS: Record<Language, string[]> = { en: ['B', 'KB', 'MB'], mn: ['Б', 'КБ', 'МБ'] };

/** A file's size for people: "840 KB", "1.2 MB" ("1.2 МБ" in Mongolian). */
export function formatBytes(size: number, language: Language): string {
  const units = UNITS[language];
  if (size < 1024) return `${size} ${units[0]}`;
  if (size < 1024 * 1024) return `${Math.round(size / 1024)} ${units[1]}`;
  return `${(size / (1024 * 1024)).toFixed(1)} ${units[2]}`;
}
