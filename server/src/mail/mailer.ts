import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/mail.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A calendar invitation, sent as text/calendar (an .ics attachment calendar apps act on). */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Every message is written to the outbox first. With SMTP_URL it is then sent and marked sent;
 * without, the outbox (and the log, so a developer can follow a reset link) is where it is read.
 */
export function createMailer(options: { db: Db; smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport: Transporter | undefined = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(mail) {
      const [row] = await options.db
        .insert(outbox)
        .values({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          calendar: mail.calendar?.content,
        })
        .returning({ id: outbox.id });
      if (!transport) {
        options.log.info({ to: mail.to, subject: mail.subject }, 'email written to the outbox (no SMTP_URL)');
        // Printed as plain text so a developer can follow a link from the terminal.
        process.stdout.write(`\n--- email to ${mail.to}: ${mail.subject}\n${mail.text}---\n\n`);
        return;
      }
      try {
        const { calendar, ...message } = mail;
        await transport.sendMail({
          from: options.from,
          ...message,
          ...(calendar
            ? { icalEvent: { method: calendar.method, filename: 'consultation.ics', content: calendar.content } }
            : {}),
        });
        await options.db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row!.id));
      } catch (error) {
        await options.db
          .update(outbox)
          .set({ error: String(error) })
          .where(eq(outbox.id, row!.id));
        throw error;
      }
    },
  };
}
