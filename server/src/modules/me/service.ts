import { eq } from 'drizzle-orm';
import type { SessionUser } from '@aylal/shared/auth';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { AppError } from '../../lib/app-error.ts';

export async function getSessionUser(db: Db, userId: string): Promise<SessionUser> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    picture: user.image,
    phoneNumber: user.phoneNumber,
    role: user.role === 'admin' ? 'admin' : 'user',
    hasCV: user.hasCV,
    hasVisa: user.hasVisa,
    hasProfile: user.hasProfile,
  };
}
