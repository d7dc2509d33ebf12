import { eq, inArray } from 'drizzle-orm';
import { isLanguage, type Language } from '@aylal/shared/i18n';
import type { NotificationPreferences } from '@aylal/shared/notifications';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { profiles, pushSubscriptions } from '../../db/schema/notifications.ts';

/** Someone a notification is sent to: where, in which language, and what they chose to receive. */
export interface Recipient {
  id: string;
  name: string;
  email: string;
  language: Language;
  /** Whether they have a profile (its language was chosen by them, not taken by default). */
  hasProfile: boolean;
  switches: { email: boolean; push: boolean };
  preferences: NotificationPreferences;
  subscriptions: { id: string }[];
}

/**
 * The people given (or every admin), with their profile's language, switches and preferences.
 * Without a profile: the account's language, email on, and push on exactly when they have
 * subscribed a device (subscriptions exist only once someone turned push on).
 */
export async function loadRecipients(runner: DbOrTx, who: { ids: string[] } | 'admins'): Promise<Recipient[]> {
  if (who !== 'admins' && who.ids.length === 0) return [];
  const rows = await runner
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      userLanguage: users.language,
      profileUser: profiles.userId,
      profileLanguage: profiles.language,
      emailNotifications: profiles.emailNotifications,
      pushNotifications: profiles.pushNotifications,
      preferences: profiles.preferences,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(who === 'admins' ? eq(users.role, 'admin') : inArray(users.id, who.ids));
  if (rows.length === 0) return [];
  const subscriptions = await runner
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(
      inArray(
        pushSubscriptions.userId,
        rows.map((row) => row.id),
      ),
    )
    // Held until the change commits, so the pushes queued for them can refer to them; one being
    // dropped right now (its push service said it is gone) is locked by that and skipped: the
    // change must not fail over a stale device.
    .for('key share', { skipLocked: true });
  return rows.map((row) => {
    const own = subscriptions.filter((subscription) => subscription.userId === row.id).map(({ id }) => ({ id }));
    const hasProfile = row.profileUser !== null;
    const language = hasProfile ? row.profileLanguage : row.userLanguage;
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      language: isLanguage(language) ? language : 'en',
      hasProfile,
      switches: hasProfile
        ? { email: row.emailNotifications ?? true, push: row.pushNotifications ?? false }
        : { email: true, push: own.length > 0 },
      preferences: (hasProfile && row.preferences ? row.preferences : {}) as NotificationPreferences,
      subscriptions: own,
    };
  });
}
