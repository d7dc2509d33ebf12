// A staff change to a contact conversation (docs/decisions/017): who handles it.

import { and, eq } from 'drizzle-orm';
import { users } from '../../../db/schema/auth.ts';
import { contactMessages } from '../../../db/schema/contact.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordChange } from '../../audit/index.ts';
import { addEvent, conversationChange } from './conversation.ts';

/** Assigns the conversation to an admin (CONTACT_ASSIGNEE_INVALID for anyone else), or to nobody. */
export const assignContact = conversationChange<string | null>(async (tx, row, actorId, assigneeId, now) => {
  let assigneeName: string | null = null;
  if (assigneeId !== null) {
    const [admin] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.id, assigneeId), eq(users.role, 'admin')))
      .limit(1);
    if (!admin) throw new AppError('CONTACT_ASSIGNEE_INVALID');
    assigneeName = admin.name;
  }
  if (row.assigneeId === assigneeId) return;
  const [previous] = row.assigneeId
    ? await tx.select({ name: users.name }).from(users).where(eq(users.id, row.assigneeId)).limit(1)
    : [];
  await tx.update(contactMessages).set({ assigneeId, updatedAt: now }).where(eq(contactMessages.id, row.id));
  await addEvent(tx, row, actorId, { kind: 'assign', assigneeId }, now);
  // Staff's names (who handles it), as the history reads them.
  await recordChange(tx, {
    actor: actorId,
    entity: 'message',
    id: row.id,
    action: 'assign',
    before: { assignee: previous?.name ?? null },
    after: { assignee: assigneeName },
  });
});
