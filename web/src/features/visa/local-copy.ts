import { VISA_FIELDS, VISA_SECTIONS, type VisaForm, type VisaSection } from '@aylal/shared/visa-rules';
import { readStored, writeStored } from '../../lib/storage.ts';

function removeStored(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/**
 * What was typed into an application and not yet saved, kept on this device per person and
 * application: a reload, an expired session or a lost network loses nothing
 * (docs/decisions/016-visa-applications.md).
 */
export interface LocalCopy {
  form: VisaForm;
  /** The saved version the answers were typed over. */
  basedOn: number;
}

const copyKey = (userId: string, id: string) => `aylal.visa.${userId}.${id}`;
const sectionKey = (userId: string, id: string) => `aylal.visa-section.${userId}.${id}`;

export function readLocalCopy(userId: string, id: string): LocalCopy | null {
  const stored = readStored(copyKey(userId, id));
  if (!stored) return null;
  try {
    const copy = JSON.parse(stored) as LocalCopy;
    return copy && typeof copy.form === 'object' && typeof copy.basedOn === 'number' ? copy : null;
  } catch {
    return null;
  }
}

export function writeLocalCopy(userId: string, id: string, copy: LocalCopy): void {
  writeStored(copyKey(userId, id), JSON.stringify(copy));
}

export function dropLocalCopy(userId: string, id: string): void {
  removeStored(copyKey(userId, id));
}

/** The section the person was last in, to resume there. */
export function readLastSection(userId: string, id: string): VisaSection | null {
  const stored = readStored(sectionKey(userId, id));
  return (VISA_SECTIONS as readonly string[]).includes(stored ?? '') ? (stored as VisaSection) : null;
}

export function writeLastSection(userId: string, id: string, section: VisaSection): void {
  writeStored(sectionKey(userId, id), section);
}

/** Two forms hold the same answers (whatever order their keys came in; the server trims). */
export function sameForm(a: VisaForm, b: VisaForm): boolean {
  return (
    VISA_FIELDS.every((field) => (a[field] ?? '').trim() === (b[field] ?? '').trim()) && a.processing === b.processing
  );
}
