import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Language } from '@aylal/shared/i18n';
import {
  NOTIFICATION_CHANNEL,
  NOTIFICATION_TYPES,
  interpolate,
  wants,
  type ChannelMessage,
  type NotificationParams,
  type NotificationType,
} from '@aylal/shared/notifications';
import { notificationText, type NotificationCatalogue } from '@aylal/shared/notification-text';
import notificationsEn from '@aylal/locales/en/notifications.json' with { type: 'json' };
import notificationsMn from '@aylal/locales/mn/notifications.json' with { type: 'json' };
import jobsEn from '@aylal/locales/en/jobs.json' with { type: 'json' };
import jobsMn from '@aylal/locales/mn/jobs.json' with { type: 'json' };
import type { Tx } from '../../db/client.ts';
import { notifications, pushDeliveries } from '../../db/schema/notifications.ts';
import { enqueueEmail, wakeDeliveries } from '../../delivery/outbox.ts';
import type { PushPayload } from '../../delivery/push-sender.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { Mail } from '../../mail/mailer.ts';
import { getWorkingHours } from '../../lib/agency-clock.ts';
import { loadRecipients, type Recipient } from './recipients.ts';
import { currentRequestId } from '../../lib/request-id.ts';

const CATALOGUE: Record<Language, typeof notificationsEn> = { en: notificationsEn, mn: notificationsMn };
const STATE_LABELS: Record<Language, Record<string, string>> = {
  en: jobsEn.applicationStates,
  mn: jobsMn.applicationStates,
};

/** The types that confirm a person's own change: the only ones they are told of. */
const OWN_CONFIRMATIONS = new Set<NotificationType>([
  'consultationBooked',
  'consultationRescheduled',
  'visaSubmitted',
  'visaWithdrawn',
]);

export interface NotifyInput {
  type: NotificationType;
  /** The person it is for (types with audience 'user'); staff types go to the staff feed. */
  recipientId?: string;
  params: NotificationParams;
  /** The product's own path of the page it is about. */
  link: string;
  /** Who caused it: never told of it (except the confirmation of their own booking or move). */
  actorId?: string | null;
  /**
   * The language of the person's case (a consultation is booked in one): theirs when they have
   * no profile to say otherwise, for the email, its footer and the push alike.
   */
  language?: Language;
  /** The zone times are written in when sent; the agency's unless given. */
  timeZone?: string;
  /**
   * This notification's email in place of the generic one (a consultation's, with its calendar
   * invitation); still sent only when the recipient wants email on this topic.
   */
  email?: (recipient: Recipient) => Mail;
  /** In-app and push only: the change sends its own email whatever the preferences (a contact reply). */
  skipEmail?: boolean;
}

function render(type: NotificationType, params: NotificationParams, language: Language, timeZone: string) {
  return notificationText({ type, params }, language, CATALOGUE[language].types as NotificationCatalogue, {
    timeZone,
    stateLabels: STATE_LABELS[language],
    unnamed: CATALOGUE[language].unnamed,
  });
}

/**
 * Tells people of changes (decision 014). The app makes one with PUBLIC_URL, where its emails'
 * absolute links point, and hands it to the modules whose changes tell someone.
 */
export class Notifier {
  readonly #publicUrl: string;

  constructor(options: { publicUrl: string }) {
    this.#publicUrl = options.publicUrl.replace(/\/+$/, '');
  }

  /** Adds the "why you get this" line to an email (text and HTML): why it came, and where to change that. */
  withWhyLine(mail: Mail, language: Language): Mail {
    const why = interpolate(CATALOGUE[language].email.why, { url: `${this.#publicUrl}/profile` });
    return {
      ...mail,
      text: `${mail.text.replace(/\n*$/, '\n')}\n-- \n${why}\n`,
      ...(mail.html ? { html: `${mail.html}<hr><p><small>${escapeHtml(why)}</small></p>` } : {}),
    };
  }

  /**
   * Tells someone of a change, inside the change's transaction: writes the notification (one
   * person's, or the staff feed's), queues its emails and pushes for each recipient who wants them
   * on this topic, in the recipient's language, and issues the NOTIFYs the live streams and the
   * delivery workers wait for (sent only if the transaction commits). Answers the notification's
   * id, or null when there was nobody to tell (a person's own change).
   */
  async notify(tx: Tx, input: NotifyInput): Promise<string | null> {
    const { type, params, link } = input;
    const { audience, topic } = NOTIFICATION_TYPES[type];
    const actorId = input.actorId ?? null;
    if (audience === 'user') {
      if (!input.recipientId) throw new Error(`notification ${type} needs a recipient`);
      if (input.recipientId === actorId && !OWN_CONFIRMATIONS.has(type)) return null;
    }
    const recipientId = audience === 'user' ? input.recipientId! : null;
    const id = randomUUID();
    await tx.insert(notifications).values({ id, audience, recipientId, type, params, link, actorId });

    const recipients = (await loadRecipients(tx, recipientId ? { ids: [recipientId] } : 'admins')).filter(
      (recipient) => audience === 'user' || recipient.id !== actorId,
    );
    // Times are written in the agency's zone unless told otherwise; a notification without one
    // needs no zone at all.
    const timeZone =
      input.timeZone ?? (recipients.length && params.startsAt ? (await getWorkingHours(tx)).timeZone : 'UTC');
    let queued = false;
    for (const found of recipients) {
      const recipient =
        audience === 'user' && !found.hasProfile && input.language ? { ...found, language: input.language } : found;
      const text = render(type, params, recipient.language, timeZone);
      if (!input.skipEmail && wants(recipient.preferences, recipient.switches, topic, 'email') && recipient.email) {
        const mail = input.email ? input.email(recipient) : this.#genericEmail(recipient, text, link);
        await enqueueEmail(
          tx,
          {
            ...this.withWhyLine(mail, recipient.language),
            // Each recipient's copy has its own, the same on every attempt.
            messageId: `<notification-${id}${audience === 'staff' ? `.${recipient.id}` : ''}@aylal>`,
          },
          { notificationId: id, wake: false },
        );
        queued = true;
      }
      if (wants(recipient.preferences, recipient.switches, topic, 'push') && recipient.subscriptions.length) {
        const payload: PushPayload = { title: text.title, body: text.body, url: link, tag: id };
        await tx.insert(pushDeliveries).values(
          recipient.subscriptions.map((subscription) => ({
            subscriptionId: subscription.id,
            notificationId: id,
            payload,
            requestId: currentRequestId(),
          })),
        );
        queued = true;
      }
    }

    const message: ChannelMessage = { kind: 'new', id, userId: recipientId };
    await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${JSON.stringify(message)})`);
    if (queued) await wakeDeliveries(tx);
    return id;
  }

  #genericEmail(recipient: Recipient, text: { title: string; body: string }, link: string): Omit<Mail, 'messageId'> {
    const language = recipient.language;
    const words = CATALOGUE[language].email;
    const url = `${this.#publicUrl}${link}`;
    const greeting = interpolate(words.greeting, { name: recipient.name });
    const open = interpolate(words.open, { url });
    return {
      to: recipient.email,
      subject: text.title,
      text: `${greeting}\n\n${text.body}\n\n${open}\n`,
      html:
        `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(text.body)}</p>` +
        `<p><a href="${escapeHtml(url)}">${escapeHtml(text.title)}</a></p>`,
    };
  }
}

/** Tells the live streams that someone's unread counts changed (userId null: every admin's staff feed). */
export async function notifyCounts(runner: Pick<Tx, 'execute'>, userId: string | null): Promise<void> {
  const message: ChannelMessage = { kind: 'counts', userId };
  await runner.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${JSON.stringify(message)})`);
}
