// What every staff change to a conversation stands on (docs/decisions/017): the row locked, the
// history row, the state move, and `withConversation`, which runs one change in its own
// transaction and answers the conversation as staff then read it.

import { eq } from 'drizzle-orm';
import type { AdminContactDetail, ContactState } from '@aylal/shared/schemas/contact';
import type { Db, Tx } from '../../../db/client.ts';
import { contactEvents, contactMessages } from '../../../db/schema/contact.ts';
import { AppError } from '../../../lib/app-error.ts';
import { isUuid } from '../../../lib/sql-text.ts';
import { recordChange } from '../../audit/index.ts';
import { readConversation } from './read.ts';

export type MessageRow = typeof contactMessages.$inferSelect;

/** The row of a conversation staff may act on, locked: a merged one is its target (CONTACT_NOT_FOUND otherwise). */
export async function lockConversation(tx: Tx, id: string): Promise<MessageRow> {
  if (!isUuid(id)) throw new AppError('CONTACT_NOT_FOUND');
  let [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1).for('update');
  if (row?.mergedIntoId) {
    [row] = await tx
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, row.mergedIntoId))
      .limit(1)
      .for('update');
  }
  if (!row) throw new AppError('CONTACT_NOT_FOUND');
  return row;
}

/**
 * One staff change to the conversation `id` (a merged one: the conversation it joined): `change`
 * runs in a transaction with the row locked (CONTACT_NOT_FOUND when there is none), then the
 * conversation is read as staff see it. `change` answers another conversation's id when that is
 * the one to show (a merge's target).
 */
export async function withConversation(
  db: Db,
  id: string,
  change: (tx: Tx, row: MessageRow) => Promise<string | void>,
): Promise<AdminContactDetail> {
  const targetId = await db.transaction(async (tx) => {
    const row = await lockConversation(tx, id);
    return (await change(tx, row)) ?? row.id;
  });
  return readConversation(db, targetId);
}

export async function addEvent(
  tx: Tx,
  row: MessageRow,
  actorId: string,
  event: Omit<typeof contactEvents.$inferInsert, 'messageId' | 'actorId'>,
  now: Date,
) {
  await tx.insert(contactEvents).values({ ...event, messageId: row.id, actorId, createdAt: now });
}

/** Staff have read the conversation, until the customer writes more. */
export async function markReadByStaff(tx: Tx, row: MessageRow, now: Date): Promise<void> {
  if (row.staffReadAt !== null) return;
  await tx.update(contactMessages).set({ staffReadAt: now }).where(eq(contactMessages.id, row.id));
}

/**
 * Moves a conversation to a state with its history row (nothing when it is there already) and,
 * unless the caller records the change itself (a reply), its audit row (docs/decisions/018).
 */
export async function moveTo(
  tx: Tx,
  row: MessageRow,
  actorId: string,
  state: ContactState,
  now: Date,
  audit = true,
): Promise<boolean> {
  if (row.state === state) return false;
  const from = row.state;
  await tx.update(contactMessages).set({ state, updatedAt: now }).where(eq(contactMessages.id, row.id));
  await addEvent(tx, row, actorId, { kind: 'state', state }, now);
  if (audit) {
    await recordChange(tx, {
      actor: actorId,
      entity: 'message',
      id: row.id,
      action: 'state',
      before: { state: from },
      after: { state },
    });
  }
  row.state = state;
  return true;
}

/**
 * A staff change to one conversation as the routes call it, `(db, actorId, id, input)`: `change`
 * runs under `withConversation` (the row locked, the conversation answered) at one time, `now`.
 */
export function conversationChange<Input = void>(
  change: (tx: Tx, row: MessageRow, actorId: string, input: Input, now: Date) => Promise<string | void>,
) {
  return (db: Db, actorId: string, id: string, input: Input, now = new Date()): Promise<AdminContactDetail> =>
    withConversation(db, id, (tx, row) => change(tx, row, actorId, input, now));
}
