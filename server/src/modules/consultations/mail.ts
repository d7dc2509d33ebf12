import { eq } from 'drizzle-orm';
import type { Language } from '@aylal/shared/i18n';
import { inLanguage, wants, type NotificationParams, type NotificationType } from '@aylal/shared/notifications';
import { locationOf, type ConsultationLocation } from '@aylal/shared/consultation-rules';
import policyEn from '@aylal/locales/en/consultationBooking.json' with { type: 'json' };
import policyMn from '@aylal/locales/mn/consultationBooking.json' with { type: 'json' };
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { enqueueEmail } from '../../delivery/outbox.ts';
import { calendarInvitation, parseAddress } from '../../mail/ics.ts';
import type { Mail } from '../../mail/mailer.ts';
import {
  consultationMail,
  consultationPlaceText,
  consultationSummary,
  type ConsultationMailKind,
} from '../../mail/consultation-templates.ts';
import { getWorkingHours } from '../../lib/agency-clock.ts';
import { loadRecipients, type Notifier, type Recipient } from '../notifications/index.ts';
import type { ConsultationRow } from './mapping.ts';

/** Staff's page of one consultation (the staff notifications' link). */
export const staffConsultationLink = (id: string) => `/admin/consultations?open=${id}`;

const POLICY: Record<Language, string[]> = {
  en: [
    policyEn.policy.title,
    policyEn.policy.cancel,
    policyEn.policy.lateFee,
    policyEn.policy.noShow,
    policyEn.policy.reschedule,
  ],
  mn: [
    policyMn.policy.title,
    policyMn.policy.cancel,
    policyMn.policy.lateFee,
    policyMn.policy.noShow,
    policyMn.policy.reschedule,
  ],
};

export interface ConsultationMailOptions {
  publicUrl: string;
  mailFrom: string;
  /** Tells the people concerned (the app's one). */
  notifier: Notifier;
}

/** What happened to a consultation, as the people concerned are told of it. */
export type ConsultationChange =
  | 'booked'
  | 'rescheduled'
  /** By the traveller: the staff are told; the traveller's calendar gets the cancellation. */
  | 'cancelledByTraveller'
  | 'confirmed'
  /** By staff. */
  | 'cancelled'
  | 'completed'
  /** Staff set where or how it happens. */
  | 'placeChanged';

/**
 * The notifications of a consultation's changes and the traveller's emails, each with a calendar
 * invitation, written in the change's transaction (decision 014): the delivery worker sends them.
 * One per app.
 */
export class ConsultationMail {
  constructor(private readonly options: ConsultationMailOptions) {}

  /** Inside the change's transaction, once the row is as the change left it. */
  async changed(
    tx: Tx,
    row: ConsultationRow,
    change: ConsultationChange,
    /** Who made the change; null when nobody did by hand (its fee's payment confirmed it). */
    actorId: string | null,
    previousStartsAt?: Date,
  ): Promise<void> {
    const { notifier } = this.options;
    const trip = { en: row.tripTitleEn, mn: row.tripTitleMn };
    const startsAt = row.startsAt.toISOString();
    const { officeAddress } = await getWorkingHours(tx);
    const location = locationOf(row.place, row.videoUrl, officeAddress);
    const own = {
      recipientId: row.userId,
      language: (row.language === 'mn' ? 'mn' : 'en') as Language,
      link: '/consultations',
      actorId,
      timeZone: row.timeZone,
    };
    const staff = async (
      type: 'staffConsultationBooked' | 'staffConsultationRescheduled' | 'staffConsultationCancelled',
    ) => {
      const [traveller] = await tx.select({ name: users.name }).from(users).where(eq(users.id, row.userId));
      await notifier.notify(tx, {
        type,
        params: {
          name: traveller?.name ?? '',
          trip,
          startsAt,
          ...(previousStartsAt ? { previousStartsAt: previousStartsAt.toISOString() } : {}),
        },
        link: staffConsultationLink(row.id),
        actorId,
      });
    };
    /** Tells the traveller (and by email too when `kind` names the email). */
    const tell = (
      type: NotificationType,
      kind?: ConsultationMailKind,
      params: NotificationParams = { trip, startsAt },
    ) =>
      notifier.notify(tx, {
        ...own,
        type,
        params,
        ...(kind ? { email: (recipient: Recipient) => this.mail(row, kind, recipient, location) } : {}),
      });
    switch (change) {
      case 'booked':
        await tell('consultationBooked', 'booked');
        await staff('staffConsultationBooked');
        return;
      case 'rescheduled':
        await tell('consultationRescheduled', 'rescheduled', {
          trip,
          startsAt,
          ...(previousStartsAt ? { previousStartsAt: previousStartsAt.toISOString() } : {}),
        });
        await staff('staffConsultationRescheduled');
        return;
      case 'cancelledByTraveller': {
        await staff('staffConsultationCancelled');
        // Not a notification (nobody is told of their own change), but their calendar must drop it.
        const [recipient] = await loadRecipients(tx, { ids: [row.userId] });
        if (recipient && wants(recipient.preferences, recipient.switches, 'bookings', 'email')) {
          const mail = this.mail(row, 'cancelled', recipient, location);
          await enqueueEmail(tx, notifier.withWhyLine(mail, this.language(row, recipient)));
        }
        return;
      }
      case 'confirmed':
        await tell('consultationConfirmed', 'confirmed');
        return;
      case 'cancelled':
        await tell('consultationCancelled', 'cancelled');
        return;
      case 'completed':
        await tell('consultationCompleted');
        return;
      case 'placeChanged':
        // The place or link itself is in the email and on their page, not in the notification's words.
        await tell('consultationPlaceChanged', 'placeChanged');
        return;
    }
  }

  /** The language they chose in their profile, else the one they booked in. */
  private language(row: ConsultationRow, recipient: Recipient): Language {
    if (recipient.hasProfile) return recipient.language;
    return row.language === 'mn' ? 'mn' : 'en';
  }

  /**
   * The calendar event of a consultation for its traveller (RFC 5545): the email's attachment and
   * the traveller's "Add to calendar" download alike.
   */
  invitation(
    row: ConsultationRow,
    recipient: Pick<Recipient, 'name' | 'email'>,
    language: Language,
    location: ConsultationLocation,
    cancelled = false,
  ): string {
    const { mailFrom } = this.options;
    const trip = inLanguage({ en: row.tripTitleEn, mn: row.tripTitleMn }, language);
    const manageUrl = this.manageUrl(language);
    const videoLine = location.kind === 'video' ? [location.url] : [];
    return calendarInvitation({
      uid: `consultation-${row.id}@aylal`,
      sequence: row.sequence,
      method: cancelled ? 'CANCEL' : 'REQUEST',
      // Until staff confirm, the time shows as tentative in the traveller's calendar.
      status: cancelled ? 'CANCELLED' : row.state === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE',
      start: row.startsAt,
      end: row.endsAt,
      summary: consultationSummary(trip, language),
      description: [...videoLine, ...POLICY[language], manageUrl].join('\n'),
      location: location.kind === 'video' ? location.url : consultationPlaceText(location, language),
      url: manageUrl,
      organizer: parseAddress(mailFrom),
      attendee: { name: recipient.name, email: recipient.email },
    });
  }

  /** The traveller's email about their consultation, with its calendar invitation. */
  private mail(
    row: ConsultationRow,
    kind: ConsultationMailKind,
    recipient: Recipient,
    location: ConsultationLocation,
  ): Mail {
    const language = this.language(row, recipient);
    const trip = inLanguage({ en: row.tripTitleEn, mn: row.tripTitleMn }, language);
    const cancelled = kind === 'cancelled';
    return consultationMail({
      kind,
      to: recipient.email,
      name: recipient.name,
      trip,
      start: row.startsAt,
      end: row.endsAt,
      language,
      timeZone: row.timeZone,
      manageUrl: this.manageUrl(language),
      calendar: {
        method: cancelled ? 'CANCEL' : 'REQUEST',
        content: this.invitation(row, recipient, language, location, cancelled),
      },
      policy: POLICY[language],
      location,
    });
  }

  private manageUrl(language: Language): string {
    return `${this.options.publicUrl}/consultations${language === 'mn' ? '?lang=mn' : ''}`;
  }
}
