import { findRejectedWords } from '@aylal/locales/words';
import { describe, expect, it } from 'vitest';
import type { Mail } from './mailer.ts';
import {
  consultationMail,
  consultationSummary,
  contactConfirmationMail,
  contactReplyMail,
  draftDeletionMail,
  emailVerificationMail,
  passwordResetMail,
  signInLinkMail,
  type ConsultationMailKind,
} from './templates.ts';

const url = 'https://aylal.mn/x';
const calendar = { method: 'REQUEST' as const, content: '' };
const kinds: ConsultationMailKind[] = ['booked', 'rescheduled', 'confirmed', 'cancelled'];

/** Every mail the templates write, in Mongolian. */
const mongolianMails: Mail[] = [
  passwordResetMail('a@b.mn', 'Сараа', url, 'mn'),
  emailVerificationMail('a@b.mn', 'Сараа', url, 'mn'),
  signInLinkMail('a@b.mn', 'Сараа', url, 'mn'),
  draftDeletionMail('a@b.mn', 'Сараа', url, '2027 оны 1-р сарын 5', 'mn'),
  ...kinds.map((kind) =>
    consultationMail({
      kind,
      to: 'a@b.mn',
      name: 'Сараа',
      trip: '',
      start: new Date('2027-01-05T02:00:00Z'),
      end: new Date('2027-01-05T02:30:00Z'),
      language: 'mn',
      timeZone: 'Asia/Ulaanbaatar',
      manageUrl: url,
      calendar,
      policy: [],
    }),
  ),
  contactConfirmationMail({ to: 'a@b.mn', reference: 'C-1', language: 'mn', messageId: '<1@aylal>', contactUrl: url }),
  contactReplyMail({
    to: 'a@b.mn',
    reference: 'C-1',
    language: 'mn',
    body: '',
    messageId: '<2@aylal>',
    threadId: '<1@aylal>',
  }),
];

describe('Mongolian mails', () => {
  it('write one word each for e-mail, booking a consultation and a message', () => {
    const found = mongolianMails.flatMap((mail) =>
      [mail.subject, mail.text].flatMap((text) => findRejectedWords(text).map((hit) => `${mail.subject}: ${hit}`)),
    );
    found.push(...findRejectedWords(consultationSummary('', 'mn')));
    expect(mongolianMails.length).toBe(10);
    expect(found).toEqual([]);
  });
});
