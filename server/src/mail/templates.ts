import { formatSlot } from '@aylal/shared/dates';
import type { Language } from '@aylal/shared/i18n';
import type { Mail } from './mailer.ts';
import { escapeHtml } from '../lib/html.ts';

/** A mail whose point is one link: a greeting, what it is for, the link, and what to do if it was not you. */
interface LinkMailText {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  ignore: string;
}

function linkMail(t: LinkMailText, to: string, name: string, url: string): Mail {
  return {
    to,
    subject: t.subject,
    text: `${t.greeting(name)}\n\n${t.body}\n\n${url}\n\n${t.ignore}\n`,
    html:
      `<p>${escapeHtml(t.greeting(name))}</p><p>${escapeHtml(t.body)}</p>` +
      `<p><a href="${escapeHtml(url)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(t.ignore)}</p>`,
  };
}

const RESET_TEXT: Record<Language, LinkMailText> = {
  en: {
    subject: 'Reset your Aylal password',
    greeting: (name) => `Hello ${name},`,
    body: 'We received a request to reset the password of your Aylal account. Open the link below to choose a new password. The link works for one hour.',
    action: 'Choose a new password',
    ignore: 'If you did not ask for this, you can ignore this email: your password stays as it is.',
  },
  mn: {
    subject: 'Аялал бүртгэлийн нууц үгээ сэргээх',
    greeting: (name) => `Сайн байна уу, ${name}`,
    body: 'Таны Аялал бүртгэлийн нууц үгийг сэргээх хүсэлт ирлээ. Доорх холбоосоор орж шинэ нууц үгээ үүсгэнэ үү. Холбоос нэг цагийн турш хүчинтэй.',
    action: 'Шинэ нууц үг үүсгэх',
    ignore: 'Хэрэв та энэ хүсэлтийг илгээгээгүй бол энэ имэйлийг үл тоомсорлож болно: таны нууц үг өөрчлөгдөхгүй.',
  },
};

export function passwordResetMail(to: string, name: string, url: string, language: Language): Mail {
  return linkMail(RESET_TEXT[language], to, name, url);
}

// ------------------------------------------------------------------------------------------------
// The address check every new account is sent, and the sign-in link a locked-out owner can ask for
// (docs/decisions/022). Only the link itself carries a token; subjects carry nothing personal.

const VERIFY_TEXT: Record<Language, LinkMailText> = {
  en: {
    subject: 'Confirm your email address for Aylal',
    // No name: anyone may sign up with someone else's address, so the mail quotes nothing typed.
    greeting: () => 'Hello,',
    body: 'Thank you for creating an Aylal account. Please confirm that this email address is yours by opening the link below. The link works for 24 hours.',
    action: 'Confirm my email address',
    ignore: 'If you did not create an Aylal account, do not open the link: you can simply ignore this email.',
  },
  mn: {
    subject: 'Аялал: имэйл хаягаа баталгаажуулна уу',
    greeting: () => 'Сайн байна уу,',
    body: 'Аялалд бүртгүүлсэнд баярлалаа. Энэ имэйл хаяг таных гэдгийг баталгаажуулахын тулд доорх холбоос дээр дарна уу. Холбоос 24 цагийн турш хүчинтэй.',
    action: 'Имэйл хаягаа баталгаажуулах',
    ignore: 'Хэрэв та Аялалд бүртгүүлээгүй бол холбоосыг бүү нээгээрэй, энэ имэйлийг үл тоомсорлож болно.',
  },
};

const SIGN_IN_LINK_TEXT: Record<Language, LinkMailText> = {
  en: {
    subject: 'Your Aylal sign-in link',
    greeting: (name) => `Hello ${name},`,
    body: 'You asked for a link to sign in to your Aylal account. Open the link below to sign in. It works once, within 15 minutes.',
    action: 'Sign in to Aylal',
    ignore: 'If you did not ask for this, you can ignore this email: nobody can sign in without the link.',
  },
  mn: {
    subject: 'Аялал: нэвтрэх холбоос',
    greeting: (name) => `Сайн байна уу, ${name}`,
    body: 'Та Аялал бүртгэлдээ нэвтрэх холбоос хүссэн байна. Доорх холбоосоор орж нэвтэрнэ үү. Холбоос зөвхөн нэг удаа, 15 минутын дотор ажиллана.',
    action: 'Аялалд нэвтрэх',
    ignore: 'Хэрэв та үүнийг хүсээгүй бол энэ имэйлийг үл тоомсорлож болно: холбоосгүйгээр хэн ч нэвтрэх боломжгүй.',
  },
};

/** The link that confirms a new account's address (sent at sign-up, and again on request). */
export function emailVerificationMail(to: string, name: string, url: string, language: Language): Mail {
  return linkMail(VERIFY_TEXT[language], to, name, url);
}

/** A one-time sign-in link, offered to an owner whose account is locked by wrong passwords (anyone may ask for one). */
export function signInLinkMail(to: string, name: string, url: string, language: Language): Mail {
  return linkMail(SIGN_IN_LINK_TEXT[language], to, name, url);
}

// ------------------------------------------------------------------------------------------------
// A visa draft nobody has changed for months is deleted; its owner is told two weeks before
// (docs/decisions/027). The subject names nothing personal.

const DRAFT_DELETION_TEXT: Record<Language, (date: string) => LinkMailText> = {
  en: (date) => ({
    subject: 'Your unfinished visa application will be deleted',
    greeting: (name) => `Hello ${name},`,
    body: `You started a visa application on Aylal but have not changed it for almost six months. To keep your personal data no longer than needed, we will delete it with its documents on ${date}. To keep it, open it and carry on; any change keeps it for another six months.`,
    action: 'Open my application',
    ignore: 'If you no longer need it, you do not have to do anything.',
  }),
  mn: (date) => ({
    subject: 'Таны дуусаагүй визийн өргөдөл устгагдана',
    greeting: (name) => `Сайн байна уу, ${name}`,
    body: `Та Аялал дээр визийн өргөдөл бөглөж эхэлсэн боловч бараг зургаан сарын турш өөрчлөөгүй байна. Хувийн мэдээллийг шаардлагатай хугацаанаас удаан хадгалахгүйн тулд бид үүнийг хавсаргасан бичиг баримтын хамт ${date}-нд устгана. Хадгалахыг хүсвэл өргөдлөө нээж үргэлжлүүлэн бөглөнө үү: аливаа өөрчлөлт түүнийг дахин зургаан сар хадгална.`,
    action: 'Өргөдлөө нээх',
    ignore: 'Хэрэв танд хэрэггүй бол юу ч хийх шаардлагагүй.',
  }),
};

/** The warning that an untouched visa draft will be deleted on `date` (already formatted in `language`). */
export function draftDeletionMail(to: string, name: string, url: string, date: string, language: Language): Mail {
  return linkMail(DRAFT_DELETION_TEXT[language](date), to, name, url);
}

export const DRAFT_DELETION_SUBJECTS = [
  DRAFT_DELETION_TEXT.en('').subject,
  DRAFT_DELETION_TEXT.mn('').subject,
] as const;

/** Subjects of the mails above, in both languages (tests and helpers find the mail by them). */
export const EMAIL_VERIFICATION_SUBJECTS = [VERIFY_TEXT.en.subject, VERIFY_TEXT.mn.subject] as const;
export const SIGN_IN_LINK_SUBJECTS = [SIGN_IN_LINK_TEXT.en.subject, SIGN_IN_LINK_TEXT.mn.subject] as const;

// ------------------------------------------------------------------------------------------------
// Consultations: booked, moved, confirmed or cancelled, each with a calendar invitation.

export type ConsultationMailKind = 'booked' | 'rescheduled' | 'confirmed' | 'cancelled';

const CONSULTATION_TEXT: Record<
  Language,
  {
    subject: Record<ConsultationMailKind, string>;
    body: Record<ConsultationMailKind, (trip: string) => string>;
    greeting: (name: string) => string;
    when: string;
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
    },
    body: {
      booked: (trip) => `Your consultation about “${trip}” is booked. Our team will confirm it soon.`,
      rescheduled: (trip) => `Your consultation about “${trip}” has a new time. Our team will confirm it soon.`,
      confirmed: (trip) =>
        `Our team has confirmed your consultation about “${trip}”. We look forward to talking with you.`,
      cancelled: (trip) =>
        `Your consultation about “${trip}” has been cancelled. You can book a new time on the trip’s page.`,
    },
    greeting: (name) => `Hello ${name},`,
    when: 'When',
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
    },
    body: {
      booked: (trip) => `“${trip}” аяллын талаарх таны зөвлөгөө товлогдлоо. Манай баг удахгүй баталгаажуулна.`,
      rescheduled: (trip) =>
        `“${trip}” аяллын талаарх таны зөвлөгөөний цаг өөрчлөгдлөө. Манай баг удахгүй баталгаажуулна.`,
      confirmed: (trip) => `“${trip}” аяллын талаарх таны зөвлөгөөг манай баг баталгаажууллаа. Таныг хүлээж байна.`,
      cancelled: (trip) =>
        `“${trip}” аяллын талаарх таны зөвлөгөө цуцлагдлаа. Аяллын хуудаснаас шинэ цаг товлох боломжтой.`,
    },
    greeting: (name) => `Сайн байна уу, ${name}`,
    when: 'Огноо, цаг',
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
}

export function consultationMail(input: ConsultationMailInput): Mail {
  const t = CONSULTATION_TEXT[input.language];
  const trip = input.trip || t.generalTopic;
  const when = formatSlot(input.start, input.end, input.language, { timeZone: input.timeZone, separator: ', ' });
  const subject = `${t.subject[input.kind]}: ${when}`;
  const policy = input.kind === 'cancelled' ? [] : input.policy;
  const text = [
    t.greeting(input.name),
    '',
    t.body[input.kind](trip),
    '',
    `${t.when}: ${when}`,
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
    (policy.length ? `<ul>${policy.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` : '') +
    `<p><a href="${escapeHtml(input.manageUrl)}">${escapeHtml(t.manage)}</a></p>` +
    `<p>${escapeHtml(t.invitation)}</p>`;
  return { to: input.to, subject, text, html, calendar: input.calendar };
}

export function consultationSummary(trip: string, language: Language): string {
  const t = CONSULTATION_TEXT[language];
  return t.summary(trip || t.generalTopic);
}

// ------------------------------------------------------------------------------------------------
// Contact messages (docs/decisions/017, 025): the confirmation and staff replies, one thread. The
// confirmation says nothing the sender typed (anyone may type anyone's address: quoted, their
// words would be agency-branded mail to a stranger), only the reference and a link to our page.
// The subject carries the reference only; every reply's subject is the confirmation's with "Re: ",
// so mail programs that also thread by subject agree with In-Reply-To/References.

const CONTACT_TEXT: Record<
  Language,
  {
    subject: (reference: string) => string;
    greeting: string;
    received: (reference: string) => string;
    again: string;
    contactPage: string;
    ignore: string;
    replyFooter: (reference: string) => string;
  }
> = {
  en: {
    subject: (reference) => `Your message to Aylal (${reference})`,
    greeting: 'Hello,',
    received: (reference) =>
      `Thank you for writing to Aylal. Your message has reached us and its reference is ${reference}. Our team will answer by email, usually within one working day.`,
    again: 'To write to us again, use our contact page:',
    contactPage: 'Contact Aylal',
    ignore: 'If you did not write to us, you can ignore this email.',
    replyFooter: (reference) => `To answer us, reply to this email. Your reference: ${reference}.`,
  },
  mn: {
    subject: (reference) => `Аялал руу илгээсэн таны зурвас (${reference})`,
    greeting: 'Сайн байна уу,',
    received: (reference) =>
      `Аялал руу бичсэнд баярлалаа. Таны зурвас бидэнд ирлээ, лавлах дугаар нь ${reference}. Манай баг ихэвчлэн нэг ажлын өдрийн дотор имэйлээр хариулна.`,
    again: 'Бидэнд дахин бичих бол манай холбоо барих хуудсыг ашиглана уу:',
    contactPage: 'Аялалтай холбогдох',
    ignore: 'Хэрэв та бидэнд бичээгүй бол энэ имэйлийг үл тоомсорлож болно.',
    replyFooter: (reference) => `Бидэнд хариулах бол энэ имэйлд хариу бичнэ үү. Таны лавлах дугаар: ${reference}.`,
  },
};

export interface ContactMailInput {
  to: string;
  reference: string;
  language: Language;
}

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
    .join('');

/**
 * The confirmation that a contact message arrived: the reference and a link to our contact page,
 * nothing the sender typed (not their words, title or name). Its Message-ID starts the thread.
 */
export function contactConfirmationMail(input: ContactMailInput & { messageId: string; contactUrl: string }): Mail {
  const t = CONTACT_TEXT[input.language];
  return {
    to: input.to,
    subject: t.subject(input.reference),
    text: `${t.greeting}\n\n${t.received(input.reference)}\n\n${t.again}\n${input.contactUrl}\n\n${t.ignore}\n`,
    html:
      `<p>${escapeHtml(t.greeting)}</p><p>${escapeHtml(t.received(input.reference))}</p>` +
      `<p>${escapeHtml(t.again)} <a href="${escapeHtml(input.contactUrl)}">${escapeHtml(t.contactPage)}</a></p>` +
      `<p>${escapeHtml(t.ignore)}</p>`,
    messageId: input.messageId,
  };
}

/** A staff reply, threaded under the confirmation (In-Reply-To and References: the thread's id). */
export function contactReplyMail(
  input: ContactMailInput & { body: string; messageId: string; threadId: string },
): Mail {
  const t = CONTACT_TEXT[input.language];
  return {
    to: input.to,
    subject: `Re: ${t.subject(input.reference)}`,
    text: `${input.body}\n\n-- \n${t.replyFooter(input.reference)}\n`,
    html: `${paragraphs(input.body)}<hr><p><small>${escapeHtml(t.replyFooter(input.reference))}</small></p>`,
    messageId: input.messageId,
    inReplyTo: input.threadId,
    references: input.threadId,
  };
}
