import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/auth.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Signs one of the caller's devices out by its session's id (decision 022: the browser sees ids,
 * never tokens). Anyone else's session, or none, is 404 and stays as it is.
 */
export async function signOutMyDevice(db: Db, actorId: string, id: string): Promise<void> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, actorId)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw new AppError('NOT_FOUND');
}
