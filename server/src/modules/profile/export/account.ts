// The account in its owner's export (docs/decisions/015): its details, sign-in methods and factors
// (never a secret: no password, authenticator secret or passkey public key) and its sessions.

import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { pickColumns } from '../../../db/pick-columns.ts';
import { accounts, passkeys, sessions, twoFactors, users } from '../../../db/schema/auth.ts';
import { AppError } from '../../../lib/app-error.ts';

/** UNAUTHENTICATED when the account is gone. */
export async function readAccountExport(tx: Tx, userId: string) {
  const [account] = await tx
    .select(
      pickColumns(users, [
        'name',
        'email',
        'emailVerified',
        'phoneNumber',
        'language',
        'role',
        'twoFactorEnabled',
        'createdAt',
        'lastLoginAt',
      ]),
    )
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw new AppError('UNAUTHENTICATED');
  const signIns = await tx.select({ provider: accounts.providerId }).from(accounts).where(eq(accounts.userId, userId));
  const devices = await tx
    .select(pickColumns(sessions, ['createdAt', 'expiresAt', 'ipAddress', 'userAgent']))
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
  const keys = await tx
    .select(pickColumns(passkeys, ['name', 'deviceType', 'backedUp', 'createdAt']))
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
  const [app] = await tx
    .select({ verified: twoFactors.verified, createdAt: twoFactors.createdAt })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId));
  return {
    account: {
      name: account.name,
      email: account.email,
      emailVerified: account.emailVerified,
      phoneNumber: account.phoneNumber,
      language: account.language,
      role: account.role,
      createdAt: account.createdAt,
      lastLoginAt: account.lastLoginAt,
      signInMethods: signIns.map((row) => row.provider),
    },
    signInFactors: {
      authenticatorApp: {
        enabled: account.twoFactorEnabled && (app?.verified ?? false),
        setUpAt: app?.verified ? app.createdAt : null,
      },
      passkeys: keys,
    },
    sessions: devices,
  };
}
