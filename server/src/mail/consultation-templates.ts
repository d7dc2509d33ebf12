import { formatSlot } from '@aylal/shared/dates';
import type { ConsultationLocation } from '@aylal/shared/consultation-rules';
import type { Language } from '@aylal/shared/i18n';
import footerEn from '@aylal/locales/en/footer.json' with { type: 'json' };
import footerMn from '@aylal/locales/mn/footer.json' with { type: 'json' };
import type { Mail } from './mailer.ts';
import { escapeHtml } from '../lib/html.ts';

// ------------------------------------------------------------------------------------------------
// Consultations: booked, moved, confirmed, cancelled or given a place, each with a calendar invitation.

export type ConsultationMailKind = 'booked' | 'rescheduled' | 'confirmed' | 'cancelled' | 'placeChanged';

const CONSULTATION_TEXT: Record<
  Language,
  {
    subject: Record<ConsultationMailKind, string>;
    body: Record<ConsultationMailKind, (trip: string) => string>;
    greeting: (name: string) => string;
    when: string;
    where: string;
    office: string;
    video: string;
    manage: string;
    invitation: string;
    summary: (trip: string) => string;
    generalTopic: string;
  }
> = {
  en: {
    subject: {
      booked: 'Consultation booked',
      rescheduled: 'Consultation moved',
      confirmed: 'Consultation confirmed',
      cancelled: 'Consultation cancelled',
      placeChanged: 'Where your consultation takes place',
    },
    body: {
      booked: (trip) => `Your consultation about “${trip}” is booked. Our team will confirm it soon.`,
      rescheduled: (trip) => `Your consultation about “${trip}” has a new time. Our team will confirm it soon.`,
      confirmed: (trip) =>
        `Our team has confirmed your consultation about “${trip}”. We look forward to talking with you.`,
      cancelled: (trip) =>
        `Your consultation about “${trip}” has been cancelled. You can book a new time on the trip’s page.`,
      placeChanged: (trip) =>
        `Our team has set where your consultation about “${trip}” takes place. The time stays the same.`,
    },
    greeting: (name) => `Hello ${name},`,
    when: 'When',
    where: 'Where',
    office: 'At the Aylal office',
    video: 'Video call',
    manage: 'See or change your consultations',
    invitation: 'The calendar invitation is attached.',
    summary: (trip) => `Aylal consultation: ${trip}`,
    generalTopic: 'your trip',
  },
  mn: {
    subject: {
      booked: 'Зөвлөгөө товлогдлоо',
      rescheduled: 'Зөвлөгөөний цаг өөрчлөгдлөө',
      confirmed: 'Зөвлөгөө баталгаажлаа',
      cancelled: 'Зөвлөгөө цуцлагдлаа',
      placeChanged: 'Зөвлөгөө болох газар',
    },
    body: {
      booked: (trip) => `“${trip}” аяллын талаарх таны зөвлөгөө товлогдлоо. Манай баг удахгүй баталгаажуулна.`,
      rescheduled: (trip) =>
        `“${trip}” аяллын талаарх таны зөвлөгөөний цаг өөрчлөгдлөө. Манай баг удахгүй баталгаажуулна.`,
      confirmed: (trip) => `“${trip}” аяллын талаарх таны зөвлөгөөг манай баг баталгаажууллаа. Таныг хүлээж байна.`,
      cancelled: (trip) =>
        `“${trip}” аяллын талаарх таны зөвлөгөө цуцлагдлаа. Аяллын хуудаснаас шинэ цаг товлох боломжтой.`,
      placeChanged: (trip) =>
        `“${trip}” аяллын талаарх таны зөвлөгөө хаана болохыг манай баг тогтоолоо. Цаг нь хэвээрээ.`,
    },
    greeting: (name) => `Сайн байна уу, ${name}`,
    when: 'Огноо, цаг',
    where: 'Хаана',
    office: 'Аялал агентлагийн оффист',
    video: 'Видео дуудлага',
    manage: 'Зөвлөгөөгөө харах, өөрчлөх',
    invitation: 'Календарийн урилгыг хавсаргав.',
    summary: (trip) => `Аялал зөвлөгөө: ${trip}`,
    generalTopic: 'таны аялал',
  },
};

export interface ConsultationMailInput {
  kind: ConsultationMailKind;
  to: string;
  name: string;
  trip: string;
  start: Date;
  end: Date;
  language: Language;
  /** The traveller's own zone: times are written in it. */
  timeZone: string;
  /** Where the traveller sees their consultations. */
  manageUrl: string;
  calendar: { method: 'REQUEST' | 'CANCEL'; content: string };
  policy: string[];
  /** Where or how it happens (none on a cancellation). */
  location?: ConsultationLocation;
}

/** The address the website gives (its footer): the office's until Settings holds one. */
const WEBSITE_ADDRESS: Record<Language, string> = { en: footerEn.address, mn: footerMn.address };

/** Where or how a consultation happens, as one line in the reader's language. */
export function consultationPlaceText(location: ConsultationLocation, language: Language): string {
  const t = CONSULTATION_TEXT[language];
  if (location.kind === 'video') return `${t.video}: ${location.url}`;
  if (location.kind === 'place') return location.address;
  return `${t.office}, ${location.address || WEBSITE_ADDRESS[language]}`;
}

export function consultationMail(input: ConsultationMailInput): Mail {
  const t = CONSULTATION_TEXT[input.language];
  const trip = input.trip || t.generalTopic;
  const when = formatSlot(input.start, input.end, input.language, { timeZone: input.timeZone, separator: ', ' });
  const subject = `${t.subject[input.kind]}: ${when}`;
  const policy = input.kind === 'cancelled' ? [] : input.policy;
  const where =
    input.location && input.kind !== 'cancelled' ? consultationPlaceText(input.location, input.language) : '';
  const text = [
    t.greeting(input.name),
    '',
    t.body[input.kind](trip),
    '',
    `${t.when}: ${when}`,
    ...(where ? [`${t.where}: ${where}`] : []),
    '',
    ...(policy.length ? [...policy, ''] : []),
    `${t.manage}: ${input.manageUrl}`,
    '',
    t.invitation,
    '',
  ].join('\n');
  const html =
    `<p>${escapeHtml(t.greeting(input.name))}</p><p>${escapeHtml(t.body[input.kind](trip))}</p>` +
    `<p><strong>${escapeHtml(t.when)}:</strong> ${escapeHtml(when)}</p>` +
    (where ? `<p><strong>${escapeHtml(t.where)}:</strong> ${escapeHtml(where)}</p>` : '') +
    (policy.length ? `<ul>${policy.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` : '') +
    `<p><a href="${escapeHtml(input.manageUrl)}">${escapeHtml(t.manage)}</a></p>` +
    `<p>${escapeHtml(t.invitation)}</p>`;
  return { to: input.to, subject, text, html, calendar: input.calendar };
}

export function consultationSummary(trip: string, language: Language): string {
  const t = CONSULTATION_TEXT[language];
  return t.summary(trip || t.generalTopic);
}
