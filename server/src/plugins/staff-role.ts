import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema/audit.ts';
import { staffDemotions, users } from '../db/schema/auth.ts';

/**
 * ADMIN_EMAILS makes staff of verified addresses only (docs/decisions/022): an account becomes an
 * admin when its address in the list is verified (the emailed link, a sign-in link, Google's word)
 * or at its next sign-in once it is, never at sign-up, and never an address staff demoted.
 */
export class ConfiguredStaff {
  readonly #emails: ReadonlySet<string>;

  constructor(
    private readonly db: Db,
    emails: readonly string[],
  ) {
    this.#emails = new Set(emails.map((email) => email.toLowerCase()));
  }

  /** Whether this user, as Better Auth just wrote it, may be owed the role (saves a query when not). */
  mayGrant(user: { email?: unknown; emailVerified?: unknown; role?: unknown }): boolean {
    return (
      user.emailVerified === true &&
      user.role !== 'admin' &&
      typeof user.email === 'string' &&
      this.#emails.has(user.email.toLowerCase())
    );
  }

  /**
   * Makes the user an admin when their address is in ADMIN_EMAILS, verified and not demoted, in
   * one statement (so a demotion committed meanwhile wins); the history shows the change with no
   * staff member behind it. Answers whether it promoted them.
   */
  async grant(userId: string): Promise<boolean> {
    if (this.#emails.size === 0) return false;
    return this.db.transaction(async (tx) => {
      const promoted = await tx
        .update(users)
        .set({ role: 'admin', updatedAt: new Date() })
        .where(
          and(
            eq(users.id, userId),
            eq(users.role, 'user'),
            eq(users.emailVerified, true),
            inArray(sql`lower(${users.email})`, [...this.#emails]),
            notExists(
              tx
                .select({ email: staffDemotions.email })
                .from(staffDemotions)
                .where(eq(staffDemotions.email, sql`lower(${users.email})`)),
            ),
          ),
        )
        .returning({ id: users.id });
      if (promoted.length === 0) return false;
      await tx.insert(auditLog).values({
        actorUserId: null,
        entityType: 'user',
        entityId: userId,
        action: 'role',
        changes: { role: { from: 'user', to: 'admin' } },
      });
      return true;
    });
  }

  /**
   * Undoes what ADMIN_EMAILS gave before decision 022, when it made an account an admin at
   * sign-up: an admin whose listed address is not verified and whose promotion no history row
   * records (staff's promotions and grants to verified addresses write one; that sign-up wrote
   * none) becomes a user until the address is verified, which makes it an admin again. Run at each
   * start (nothing else makes such an account); the history shows it with no staff member behind
   * it. Answers how many.
   */
  async revokeUnverified(): Promise<number> {
    if (this.#emails.size === 0) return 0;
    return this.db.transaction(async (tx) => {
      const demoted = await tx
        .update(users)
        .set({ role: 'user', updatedAt: new Date() })
        .where(
          and(
            eq(users.role, 'admin'),
            eq(users.emailVerified, false),
            inArray(sql`lower(${users.email})`, [...this.#emails]),
            notExists(
              tx
                .select({ id: auditLog.id })
                .from(auditLog)
                .where(
                  and(
                    eq(auditLog.entityType, 'user'),
                    eq(auditLog.entityId, users.id),
                    eq(auditLog.action, 'role'),
                    sql`${auditLog.changes} -> 'role' ->> 'to' = 'admin'`,
                  ),
                ),
            ),
          ),
        )
        .returning({ id: users.id });
      if (demoted.length > 0) {
        await tx.insert(auditLog).values(
          demoted.map(({ id }) => ({
            actorUserId: null,
            entityType: 'user',
            entityId: id,
            action: 'role',
            changes: { role: { from: 'admin', to: 'user' } },
          })),
        );
      }
      return demoted.length;
    });
  }
}

/** Staff demoted this address: ADMIN_EMAILS no longer promotes it, whichever account holds it later. */
export async function rememberDemotion(tx: DbOrTx, email: string): Promise<void> {
  await tx
    .insert(staffDemotions)
    .values({ email: email.toLowerCase() })
    .onConflictDoUpdate({ target: staffDemotions.email, set: { demotedAt: sql`now()` } });
}

/** Staff promoted this address: a demotion remembered for it is forgotten. */
export async function forgetDemotion(tx: DbOrTx, email: string): Promise<void> {
  await tx.delete(staffDemotions).where(eq(staffDemotions.email, email.toLowerCase()));
}
