import { and, eq, sql } from 'drizzle-orm';
import type { PushSubscriptionRequest } from '@aylal/shared/schemas/push';
import type { Db } from '../../db/client.ts';
import { profiles, pushSubscriptions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { PushEndpointRefusedError, type PushEndpointPolicy } from '../../lib/push-endpoints.ts';

/** DNS answers that mean the name does not exist (anything else is a resolver that is away). */
const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA']);

/**
 * Stores a device's subscription for this user, or refreshes it (the web sends it again after
 * 7 days: spec). Only an endpoint of a push service we send to is taken (decision 024):
 * `PUSH_ENDPOINT_REFUSED` otherwise. An endpoint is never moved from one account to another:
 * when it is someone else's, `PUSH_SUBSCRIPTION_TAKEN` and their subscription stays as it was
 * (the browser, which alone can, renews its subscription and sends the new endpoint; the web
 * does so on this answer). Subscribing is turning push on, so a saved profile's push switch
 * turns on too (a person without a saved profile has no switch yet).
 */
export async function saveSubscription(
  db: Db,
  endpoints: PushEndpointPolicy,
  userId: string,
  subscription: PushSubscriptionRequest,
  userAgent: string | undefined,
): Promise<void> {
  await checkEndpoint(endpoints, subscription.endpoint);
  const values = {
    userId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent: userAgent?.slice(0, 300) ?? null,
  };
  await db.transaction(async (tx) => {
    const saved = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          p256dh: values.p256dh,
          auth: values.auth,
          userAgent: values.userAgent,
          refreshedAt: sql`now()`,
        },
        // Only the owner's own row is refreshed; another account's stays untouched.
        setWhere: eq(pushSubscriptions.userId, userId),
      })
      .returning({ id: pushSubscriptions.id });
    if (saved.length === 0) throw new AppError('PUSH_SUBSCRIPTION_TAKEN');
    await tx
      .update(profiles)
      .set({ pushNotifications: true, updatedAt: sql`now()` })
      .where(and(eq(profiles.userId, userId), eq(profiles.pushNotifications, false)));
  });
}

/** The endpoint names a push service of PUSH_SERVICE_HOSTS at public addresses, or the caller is told. */
async function checkEndpoint(endpoints: PushEndpointPolicy, endpoint: string): Promise<void> {
  try {
    await endpoints.addressesFor(endpoint);
  } catch (error) {
    if (error instanceof PushEndpointRefusedError) throw new AppError('PUSH_ENDPOINT_REFUSED');
    if (NO_SUCH_NAME.has((error as { code?: string }).code ?? '')) throw new AppError('PUSH_ENDPOINT_REFUSED');
    // The resolver did not answer: nothing wrong with the endpoint as far as we know.
    throw new AppError('SERVICE_UNAVAILABLE');
  }
}

/** Forgets one of this user's devices; someone else's endpoint is left alone (and answered the same). */
export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}
