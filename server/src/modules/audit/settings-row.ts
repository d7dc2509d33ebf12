// A settings row saved as Settings saves each of its sections (docs/decisions/018): one row, id 1.

import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { recordChange, type AuditValues } from './record.ts';

/** What `saveSettingsRow` saves: the columns the section sets and how it is read, before and after. */
interface SettingsSave<Table extends PgTable & { id: PgColumn }, Settings extends object> {
  table: Table;
  /** The history's record id (`'visa'`, `'retention'`, `'consultation-hours'`). */
  id: string;
  actorId: string;
  values: Omit<Table['$inferInsert'], 'id' | 'updatedAt' | 'updatedBy'>;
  read: (db: DbOrTx) => Promise<Settings>;
  /** What the history shows saved. */
  after: AuditValues;
}

/**
 * Saves a section of Settings in its row (id 1), with who and when: the row locked, so two saves at
 * once each compare with what the other saved in their history rows; answers the section read afresh.
 */
export async function saveSettingsRow<Table extends PgTable & { id: PgColumn }, Settings extends object>(
  db: Db,
  { table, id, actorId, values, read, after }: SettingsSave<Table, Settings>,
): Promise<Settings> {
  const row = { ...values, updatedAt: new Date(), updatedBy: actorId } as Table['$inferInsert'];
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${table} where ${table.id} = 1 for update`);
    const before = await read(tx);
    await tx
      .insert(table)
      .values({ ...row, id: 1 })
      .onConflictDoUpdate({ target: table.id, set: row });
    await recordChange(tx, {
      actor: actorId,
      entity: 'settings',
      id,
      action: 'update',
      before: { ...before } as AuditValues,
      after,
    });
  });
  return read(db);
}
