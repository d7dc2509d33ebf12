import type { Language } from '@aylal/shared/i18n';
import type { Mail } from './mailer.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const RESET_TEXT: Record<
  Language,
  { subject: string; greeting: (name: string) => string; body: string; action: string; ignore: string }
> = {
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
    ignore: 'Хэрэв та энэ хүсэлтийг илгээгээгүй бол энэ и-мэйлийг үл тоомсорлож болно: таны нууц үг өөрчлөгдөхгүй.',
  },
};

export function passwordResetMail(to: string, name: string, url: string, language: Language): Mail {
  const t = RESET_TEXT[language];
  return {
    to,
    subject: t.subject,
    text: `${t.greeting(name)}\n\n${t.body}\n\n${url}\n\n${t.ignore}\n`,
    html:
      `<p>${escapeHtml(t.greeting(name))}</p><p>${escapeHtml(t.body)}</p>` +
      `<p><a href="${escapeHtml(url)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(t.ignore)}</p>`,
  };
}
