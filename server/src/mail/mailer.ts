import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A calendar invitation, sent as text/calendar (an .ics attachment calendar apps act on). */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
  /** The Message-ID header, the same on every attempt (decision 014). */
  messageId?: string;
  /** A reply's thread (decision 017): the Message-ID it answers, and the thread's ids. */
  inReplyTo?: string;
  references?: string;
}

/**
 * How the delivery worker hands an email to the mail server. Nothing else sends mail: every
 * message is written to the outbox (server/src/delivery/outbox.ts) in the transaction of the change
 * and sent by the worker (server/src/delivery/worker.ts).
 */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * With SMTP_URL, nodemailer; without, the message is printed (so a developer can follow a reset
 * link from the terminal) and counts as sent: the outbox row is where it is read.
 */
export function createMailer(options: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport: Transporter | undefined = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(mail) {
      if (!transport) {
        options.log.info({ subject: mail.subject }, 'email written to the outbox (no SMTP_URL)');
        process.stdout.write(`\n--- email to ${mail.to}: ${mail.subject}\n${mail.text}---\n\n`);
        return;
      }
      const { calendar, ...message } = mail;
      await transport.sendMail({
        from: options.from,
        ...message,
        ...(calendar
          ? { icalEvent: { method: calendar.method, filename: 'consultation.ics', content: calendar.content } }
          : {}),
      });
    },
  };
}
