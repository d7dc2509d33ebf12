import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@aylal/shared/i18n';
import policyEn from '@aylal/locales/en/consultationBooking.json' with { type: 'json' };
import policyMn from '@aylal/locales/mn/consultationBooking.json' with { type: 'json' };
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { calendarInvitation, parseAddress } from '../../mail/ics.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { consultationMail, consultationSummary, type ConsultationMailKind } from '../../mail/templates.ts';
import type { ConsultationRow } from './mapping.ts';

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
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  mailFrom: string;
  log: FastifyBaseLogger;
}

/**
 * The traveller's emails about their consultation, each with a calendar invitation. One per app
 * (`app.consultationMail`): it keeps the emails still being sent, so the app waits for them when it
 * closes and tests wait for them before reading.
 */
export class ConsultationMail {
  readonly #pending = new Set<Promise<void>>();

  constructor(private readonly options: ConsultationMailOptions) {}

  /**
   * Tells the traveller without holding up the answer: the change has committed, and a slow mail
   * server must not make booking slow. A failure is logged (and the outbox row keeps the message).
   */
  send(row: ConsultationRow, kind: ConsultationMailKind): void {
    const sending = this.write(row, kind).finally(() => this.#pending.delete(sending));
    this.#pending.add(sending);
  }

  /** Waits for the emails still being sent (shutdown, tests). */
  async settle(): Promise<void> {
    while (this.#pending.size) await Promise.all([...this.#pending]);
  }

  private async write(row: ConsultationRow, kind: ConsultationMailKind): Promise<void> {
    const { db, mailer, publicUrl, mailFrom, log } = this.options;
    try {
      const [owner] = await db
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, row.userId));
      if (!owner) return;
      const language: Language = row.language === 'mn' ? 'mn' : 'en';
      const trip = (language === 'mn' ? row.tripTitleMn || row.tripTitleEn : row.tripTitleEn || row.tripTitleMn) ?? '';
      const manageUrl = `${publicUrl}/consultations${language === 'mn' ? '?lang=mn' : ''}`;
      const method = kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
      const content = calendarInvitation({
        uid: `consultation-${row.id}@aylal`,
        sequence: row.sequence,
        method,
        // Until staff confirm, the time shows as tentative in the traveller's calendar.
        status: kind === 'cancelled' ? 'CANCELLED' : row.state === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE',
        start: row.startsAt,
        end: row.endsAt,
        summary: consultationSummary(trip, language),
        description: [...POLICY[language], manageUrl].join('\n'),
        url: manageUrl,
        organizer: parseAddress(mailFrom),
        attendee: { name: owner.name, email: owner.email },
      });
      await mailer.send(
        consultationMail({
          kind,
          to: owner.email,
          name: owner.name,
          trip,
          start: row.startsAt,
          end: row.endsAt,
          language,
          timeZone: row.timeZone,
          manageUrl,
          calendar: { method, content },
          policy: POLICY[language],
        }),
      );
    } catch (error) {
      log.error({ err: error, consultation: row.id, kind }, 'consultation email failed');
    }
  }
}
