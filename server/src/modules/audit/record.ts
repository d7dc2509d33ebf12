// Who changed what (docs/decisions/018): every staff change writes one `audit_log` row in its own
// transaction through `recordChange`, with only the fields that changed.

import { AUDIT_VALUE_MAX, type AuditAction, type AuditChanges, type AuditEntity } from '@aylal/shared/audit-rules';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';

export type AuditValues = Record<string, unknown>;

export interface Change {
  /** The staff member's user id. */
  actor: string;
  entity: AuditEntity;
  id: string;
  action: AuditAction | (string & {});
  before?: AuditValues;
  after?: AuditValues;
  /** Fields whose values are personal (passport, answers, CV, a note's text): recorded as changed, never their values. */
  personal?: readonly string[];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** `{ title: { en, mn }, fare }` → `{ 'title.en', 'title.mn', fare }`: a bilingual text is two fields. */
export function flattenValues(values: AuditValues, prefix = ''): AuditValues {
  const flat: AuditValues = {};
  for (const [key, value] of Object.entries(values)) {
    if (isPlainObject(value)) Object.assign(flat, flattenValues(value, `${prefix}${key}.`));
    else flat[`${prefix}${key}`] = value instanceof Date ? value.toISOString() : value;
  }
  return flat;
}

/**
 * The fields that differ between two versions: `{ field: { from, to } }`, or `{ field: {} }` for a
 * personal field or a value too long to keep (its values are not stored). Equal fields are left out.
 */
export function diffValues(before: AuditValues = {}, after: AuditValues = {}, personal: readonly string[] = []) {
  const from = flattenValues(before);
  const to = flattenValues(after);
  const changes: AuditChanges = {};
  for (const field of new Set([...Object.keys(from), ...Object.keys(to)])) {
    const a = JSON.stringify(from[field] ?? null);
    const b = JSON.stringify(to[field] ?? null);
    if (a === b) continue;
    const hidden = personal.some((name) => field === name || field.startsWith(`${name}.`));
    changes[field] =
      hidden || a.length > AUDIT_VALUE_MAX || b.length > AUDIT_VALUE_MAX
        ? {}
        : { from: from[field] ?? null, to: to[field] ?? null };
  }
  return changes;
}

/**
 * Writes one history row for a staff change, inside the change's transaction (so a change that
 * rolls back leaves no row). An update that changed nothing writes nothing; answers whether it wrote.
 */
export async function recordChange(tx: DbOrTx, change: Change): Promise<boolean> {
  const changes = diffValues(change.before, change.after, change.personal);
  if (change.before && change.after && Object.keys(changes).length === 0) return false;
  await tx.insert(auditLog).values({
    actorUserId: change.actor,
    entityType: change.entity,
    entityId: change.id,
    action: change.action,
    changes,
  });
  return true;
}
