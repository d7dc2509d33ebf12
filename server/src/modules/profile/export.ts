// A person's export of their data (docs/decisions/015, 027): the JSON, and the ZIP's files.

import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pickColumns } from '../../db/pick-columns.ts';
import { cvs } from '../../db/schema/jobs.ts';
import { notifications, profiles, pushSubscriptions } from '../../db/schema/notifications.ts';
import { payments } from '../../db/schema/payments.ts';
import { consents } from '../../db/schema/privacy.ts';
import { readAccountExport } from './export/account.ts';
import { readBookingsExport } from './export/bookings.ts';
import { readContactExport } from './export/contact.ts';
import { readVisaExport } from './export/visa.ts';
import { toProfile } from './service.ts';

export { zipPathPart, type ExportFile } from './export/zip-paths.ts';

/**
 * Everything the product holds about the user (GET /api/account/export and the ZIP beside it),
 * read in one read-only REPEATABLE READ transaction so every part is of the same moment, one
 * query per table. Never a secret: no session token, passkey public key, authenticator secret,
 * password or push keys (push subscriptions by endpoint only). Staff notes on their visa
 * applications and consultations are theirs to read (docs/decisions/015); contact conversations
 * give what they wrote and the replies sent to them, as `/api/contact/mine` does (decision 025).
 * `files` are the visa documents' stored keys with their paths in the ZIP (not in the JSON).
 */
export async function collectMyData(db: Db, userId: string, publicUrl: string) {
  return db.transaction(
    async (tx) => {
      const account = await readAccountExport(tx, userId);
      const profile = await tx.select().from(profiles).where(eq(profiles.userId, userId));
      const cv = await tx.select({ data: cvs.data }).from(cvs).where(eq(cvs.userId, userId));
      const bookings = await readBookingsExport(tx, userId);
      const told = await tx
        .select(pickColumns(notifications, ['type', 'params', 'link', 'readAt', 'createdAt']))
        .from(notifications)
        .where(eq(notifications.recipientId, userId))
        .orderBy(desc(notifications.createdAt));
      const pushes = await tx
        .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      const { files, ...visa } = await readVisaExport(tx, userId, publicUrl);
      const agreed = await tx
        .select(pickColumns(consents, ['kind', 'version', 'language', 'wording', 'applicationId', 'createdAt']))
        .from(consents)
        .where(eq(consents.userId, userId))
        .orderBy(asc(consents.createdAt), asc(consents.id));
      const contactMessages = await readContactExport(tx, userId, account.account);
      // What they paid or were asked to pay (docs/decisions/033): never the provider's invoice.
      const paid = await tx
        .select(
          pickColumns(payments, [
            'id',
            'purpose',
            'visaApplicationId',
            'consultationId',
            'method',
            'state',
            'amount',
            'currency',
            'refunded',
            'paidAt',
            'createdAt',
          ]),
        )
        .from(payments)
        .where(eq(payments.userId, userId))
        .orderBy(asc(payments.createdAt));

      const data = {
        exportedAt: new Date().toISOString(),
        ...account,
        profile: profile[0] ? toProfile(profile[0]) : null,
        cv: cv[0]?.data ?? null,
        ...bookings,
        visaApplications: visa.visaApplications,
        payments: paid,
        contactMessages,
        consents: agreed,
        accessRecords: visa.accessRecords,
        notifications: told,
        pushSubscriptions: pushes,
      };
      return { data, files };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The export as the JSON route gives it. */
export async function exportMyData(db: Db, userId: string, publicUrl: string) {
  return (await collectMyData(db, userId, publicUrl)).data;
}
