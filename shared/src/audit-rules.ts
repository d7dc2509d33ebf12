/**
 * Who changed what (docs/decisions/018): the kinds of record staff change, the actions recorded
 * and how the web shows a changed field's values. Zod-free, shared by the server and the web.
 */

/** The records whose staff changes are recorded; each back-office page asks for its own history. */
export const AUDIT_ENTITIES = [
  'trip',
  'job',
  'consultation',
  'application',
  'visa',
  'settings',
  'user',
  /** Contact messages (the staff inbox, another branch of issue 14): its changes call `recordChange` with it. */
  'message',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** What a staff change was. A state change of a consultation or visa application is its action's name. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'status',
  'delete',
  'picture-add',
  'picture-remove',
  'picture-alt',
  'pictures-order',
  'file-add',
  'file-remove',
  'state',
  'note',
  'payment',
  'role',
  'reply',
  'assign',
  'merge',
  'hold',
  'release',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The settings records (their `entity_id`). */
export const AUDIT_SETTINGS_IDS = ['consultation-hours', 'visa', 'retention'] as const;

/** A changed field: its values before and after, or `{}` when its values are not kept (personal or long). */
export interface AuditFieldChange {
  from?: unknown;
  to?: unknown;
}
export type AuditChanges = Record<string, AuditFieldChange>;

/** Fields whose values are money in US dollars (formatted in the reader's currency). */
export const AUDIT_MONEY_FIELDS: readonly string[] = ['fare', 'processingPriceUsd'];
/** Fields whose values are days (`YYYY-MM-DD`) or lists of days. */
export const AUDIT_DATE_FIELDS: readonly string[] = ['deadline', 'departureDates'];

/** A value longer than this (as JSON) is recorded as changed without its values: writes stay small. */
export const AUDIT_VALUE_MAX = 300;

/** Keeps the top-level field name of a flattened one (`title.en` → `title`) to name it. */
export function auditFieldName(field: string): { name: string; language: string | null } {
  const [name, language] = field.split('.');
  return { name: name!, language: language === 'en' || language === 'mn' ? language : null };
}
