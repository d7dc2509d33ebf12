import { and, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';
import {
  fullMatrix,
  NotificationMatrixSchema,
  type Profile,
  type ProfileResponse,
} from '@aylal/shared/schemas/profile';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { consultations } from '../../db/schema/consultations.ts';
import { jobApplications } from '../../db/schema/jobs.ts';
import { profiles } from '../../db/schema/notifications.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Notifier } from '../notifications/index.ts';
import { eraseTraces } from '../privacy/index.ts';

type ProfileRow = typeof profiles.$inferSelect;

/** The stored preferences as a full matrix: a topic or channel not stored is on (as `wants()` reads it). */
function matrixOf(stored: unknown): Profile['preferences'] {
  const matrix = fullMatrix();
  const parsed = NotificationMatrixSchema.partial().safeParse(stored);
  if (!parsed.success) return matrix;
  for (const [topic, channels] of Object.entries(parsed.data)) {
    if (channels) Object.assign(matrix[topic as keyof typeof matrix], channels);
  }
  return matrix;
}

export function toProfile(row: ProfileRow): Profile {
  return {
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    secondaryPhone: row.secondaryPhone,
    dateOfBirth: row.dateOfBirth ?? '',
    nationality: row.nationality,
    address: row.address,
    bio: row.bio,
    language: row.language === 'mn' ? 'mn' : 'en',
    emailNotifications: row.emailNotifications,
    pushNotifications: row.pushNotifications,
    preferences: matrixOf(row.preferences),
    linkedin: row.linkedin,
    github: row.github,
    website: row.website,
    twitter: row.twitter,
  };
}

function toResponse(row: ProfileRow): ProfileResponse {
  return { profile: toProfile(row), updatedAt: row.updatedAt.toISOString() };
}

/** The user's profile, or 'Profile not found' while they have not saved one. */
export async function getMyProfile(db: Db, userId: string): Promise<ProfileResponse> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  if (!row) throw new AppError('PROFILE_NOT_FOUND');
  return toResponse(row);
}

/**
 * Creates or replaces the user's profile. The account follows it in the same transaction: the
 * first save sets hasProfile; the full name and phone become the session user's name and phone
 * (`/api/me`), and the language is that of their emails and pushes.
 */
export async function saveMyProfile(
  db: Db,
  userId: string,
  profile: Profile,
): Promise<ProfileResponse & { created: boolean }> {
  return db.transaction(async (tx) => {
    const values = { ...profile, dateOfBirth: profile.dateOfBirth || null, updatedAt: new Date() };
    const [saved] = await tx
      .insert(profiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: profiles.userId, set: values })
      // xmax is 0 on a row this statement inserted, not on one it updated.
      .returning({ ...getTableColumns(profiles), created: sql<boolean>`(xmax = 0)` });
    await tx
      .update(users)
      .set({
        hasProfile: true,
        name: profile.fullName,
        phoneNumber: profile.phone || null,
        language: profile.language,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    const { created, ...row } = saved!;
    return { ...toResponse(row), created };
  });
}

/** Consultations that have not happened yet and are still on: cancelled when the account goes. */
function upcoming(userId: string) {
  return and(
    eq(consultations.userId, userId),
    inArray(consultations.state, ['pending', 'confirmed']),
    gt(consultations.startsAt, sql`now()`),
  );
}

/**
 * Deletes the account and everything it holds, in one transaction (docs/decisions/015 and 027):
 * upcoming consultations are cancelled (their time is free again), job applications withdrawn, the
 * profile, CV, visa applications, notifications, push subscriptions, sessions and sign-in methods
 * removed (the foreign keys cascade from users), and what `eraseTraces` finds besides. Returns what
 * was cancelled and withdrawn, and the stored files to remove once it has committed.
 */
export async function deleteMyAccount(db: Db, notifier: Notifier, userId: string) {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ email: users.email, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!account) throw new AppError('UNAUTHENTICATED');
    // Deleted with the account below (the key cascades), which frees their time for others.
    const cancelled = await tx
      .select({
        id: consultations.id,
        startsAt: consultations.startsAt,
        tripTitleEn: consultations.tripTitleEn,
        tripTitleMn: consultations.tripTitleMn,
      })
      .from(consultations)
      .where(upcoming(userId))
      .for('update');
    // The staff are told of each, as of any cancellation by a traveller (the link goes to the
    // list: the consultation itself goes with the account).
    // Without the name: the person is gone (docs/decisions/027).
    for (const consultation of cancelled)
      await notifier.notify(tx, {
        type: 'staffConsultationCancelled',
        params: {
          trip: { en: consultation.tripTitleEn, mn: consultation.tripTitleMn },
          startsAt: consultation.startsAt.toISOString(),
        },
        link: '/admin/consultations',
        actorId: userId,
      });
    const withdrawn = await tx
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .where(eq(jobApplications.userId, userId));
    const files = await eraseTraces(tx, { id: userId, ...account });
    await tx.delete(users).where(eq(users.id, userId));
    return { cancelledConsultations: cancelled.length, withdrawnApplications: withdrawn.length, files };
  });
}
