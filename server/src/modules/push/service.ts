import { and, eq, sql } from 'drizzle-orm';
import type { PushSubscriptionRequest } from '@aylal/shared/schemas/push';
import type { Db } from '../../db/client.ts';
import { profiles, pushSubscriptions } from '../../db/schema/index.ts';

/**
 * Stores a device's subscription for this user, or refreshes it (the web sends it again after
 * 7 days: spec). The endpoint is the device's: when another account signed in on this browser
 * before, the subscription moves to the one signed in now. Subscribing is turning push on, so a
 * saved profile's push switch turns on too (a person without a saved profile has no switch yet).
 */
export async function saveSubscription(
  db: Db,
  userId: string,
  subscription: PushSubscriptionRequest,
  userAgent: string | undefined,
): Promise<void> {
  const values = {
    userId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent: userAgent?.slice(0, 300) ?? null,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId: values.userId,
          p256dh: values.p256dh,
          auth: values.auth,
          userAgent: values.userAgent,
          refreshedAt: sql`now()`,
          // A subscription that changed hands is new for its new owner.
          createdAt: sql`case when ${pushSubscriptions.userId} = ${userId} then ${pushSubscriptions.createdAt} else now() end`,
        },
      });
    await tx
      .update(profiles)
      .set({ pushNotifications: true, updatedAt: sql`now()` })
      .where(and(eq(profiles.userId, userId), eq(profiles.pushNotifications, false)));
  });
}

/** Forgets one of this user's devices; someone else's endpoint is left alone (and answered the same). */
export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}
