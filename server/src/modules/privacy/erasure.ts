import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authAttempts, verifications } from '../../db/schema/auth.ts';
import { idempotentRequests } from '../../db/schema/idempotency.ts';
import { contactMessages } from '../../db/schema/contact.ts';
import { outbox } from '../../db/schema/mail.ts';
import { notifications, pushDeliveries } from '../../db/schema/notifications.ts';
import { visaApplications, visaDocuments } from '../../db/schema/visa.ts';
import { mailboxKey, staffContactLink } from '../contact/index.ts';
import { queueRemovals } from './removals.ts';

/**
 * What deleting an account removes besides the rows that cascade from it (docs/decisions/027), in
 * the deleting transaction, before the account row goes:
 * - its visa documents' files, queued for removal from the store (removed after the commit, and
 *   retried from `storage_removals` while the store is down);
 * - its contact messages with their conversations: those sent signed in, and those sent with its
 *   address before signing up, when the address is verified as its own;
 * - every email to its addresses, sent or waiting;
 * - its name in the staff feed: the events stay, with "someone who has since deleted their
 *   account" in the name's place, and their emails and pushes to staff lose their text; staff's
 *   notices of its deleted messages go with them;
 * - sign-in throttling rows and verification tokens keyed by its address.
 * Returns the storage keys queued.
 */
export async function eraseTraces(
  tx: DbOrTx,
  account: { id: string; email: string; emailVerified: boolean },
): Promise<string[]> {
  const files = await tx
    .select({ key: visaDocuments.fileKey })
    .from(visaDocuments)
    .innerJoin(visaApplications, eq(visaDocuments.applicationId, visaApplications.id))
    .where(eq(visaApplications.userId, account.id));
  const keys = files.map((file) => file.key);
  await queueRemovals(tx, keys);

  const messages = await tx
    .delete(contactMessages)
    .where(
      account.emailVerified
        ? or(eq(contactMessages.userId, account.id), eq(contactMessages.emailKey, mailboxKey(account.email)))
        : eq(contactMessages.userId, account.id),
    )
    .returning({ id: contactMessages.id, email: contactMessages.email });

  const addresses = [
    ...new Set([account.email, ...messages.map((message) => message.email)].map((a) => a.toLowerCase())),
  ];
  await tx.delete(outbox).where(inArray(sql`lower(${outbox.to})`, addresses));

  // Staff's notices of those messages lead nowhere now: they go (with their emails and pushes).
  const links = messages.map((message) => staffContactLink(message.id));
  if (links.length > 0)
    await tx.delete(notifications).where(and(eq(notifications.audience, 'staff'), inArray(notifications.link, links)));
  const named = await tx
    .update(notifications)
    .set({ params: sql`${notifications.params} - 'name'` })
    .where(and(eq(notifications.audience, 'staff'), eq(notifications.actorId, account.id)))
    .returning({ id: notifications.id });
  const namedIds = named.map((row) => row.id);
  if (namedIds.length > 0) {
    await tx
      .update(outbox)
      .set({ text: '', html: null, calendar: null })
      .where(inArray(outbox.notificationId, namedIds));
    await tx.delete(pushDeliveries).where(inArray(pushDeliveries.notificationId, namedIds));
  }

  await tx.delete(authAttempts).where(eq(authAttempts.subject, account.email.toLowerCase()));
  // Answers kept for their repeated writes (decision 028) quote what they sent.
  await tx.delete(idempotentRequests).where(eq(idempotentRequests.scope, account.id));
  await tx
    .delete(verifications)
    .where(
      or(
        eq(verifications.value, account.id),
        sql`position(${account.email.toLowerCase()} in lower(${verifications.identifier} || ' ' || ${verifications.value})) > 0`,
      ),
    );
  return keys;
}
