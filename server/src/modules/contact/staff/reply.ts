// A staff change to a contact conversation (docs/decisions/017): a reply by email.

import { eq } from 'drizzle-orm';
import { isLanguage, type Language } from '@aylal/shared/i18n';
import { contactEvents, contactMessages } from '../../../db/schema/contact.ts';
import { enqueueEmail } from '../../../delivery/outbox.ts';
import { contactReplyMail } from '../../../mail/templates.ts';
import { recordChange } from '../../audit/index.ts';
import { markHandled, type Notifier } from '../../notifications/index.ts';
import { myContactLink, staffContactLink } from '../service.ts';
import { conversationChange, markReadByStaff, moveTo } from './conversation.ts';

/**
 * A reply by email: queued in the person's language, its own Message-ID, In-Reply-To and
 * References the thread's (the confirmation's Message-ID); the conversation waits for the customer.
 * The person is told in-app too when they have an account (the email goes anyway).
 */
export const replyToContact = conversationChange<{ body: string; notifier: Notifier }>(
  async (tx, row, actorId, { body, notifier }, now) => {
    const [event] = await tx
      .insert(contactEvents)
      // Written in this conversation, to its person: a later merge keeps it theirs (service.ts loadMine).
      .values({ messageId: row.id, actorId, kind: 'reply', body, reference: row.reference, createdAt: now })
      .returning({ id: contactEvents.id });
    const messageId = `<contact-reply-${event!.id}@aylal>`;
    await tx.update(contactEvents).set({ emailMessageId: messageId }).where(eq(contactEvents.id, event!.id));
    const language: Language = isLanguage(row.language) ? row.language : 'en';
    await enqueueEmail(
      tx,
      contactReplyMail({
        to: row.email,
        reference: row.reference,
        language,
        body,
        messageId,
        threadId: row.threadId,
      }),
    );
    await markReadByStaff(tx, row, now);
    const from = row.state;
    // The state change the reply makes reads after it (one transaction's rows share its clock).
    const moved = await moveTo(tx, row, actorId, 'waiting', new Date(now.getTime() + 1), false);
    // One audit row for the reply (never its text), with the state change it made if any.
    await recordChange(tx, {
      actor: actorId,
      entity: 'message',
      id: row.id,
      action: 'reply',
      ...(moved ? { before: { state: from }, after: { state: row.state } } : {}),
    });
    await tx.update(contactMessages).set({ updatedAt: now }).where(eq(contactMessages.id, row.id));
    const account = row.userId;
    if (account) {
      await notifier.notify(tx, {
        type: 'contactReplied',
        recipientId: account,
        params: { reference: row.reference },
        link: myContactLink(row.reference),
        actorId,
        language,
        skipEmail: true,
      });
    }
    // Answered: the staff notification about it is read for whoever answered (issue 23).
    await markHandled(tx, actorId, staffContactLink(row.id));
  },
);
