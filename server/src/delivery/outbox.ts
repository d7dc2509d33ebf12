import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { outbox } from '../db/schema/mail.ts';
import { currentRequestId } from '../lib/request-id.ts';
import type { Mail } from '../mail/mailer.ts';

/** The channel that wakes the delivery workers when something was queued (payload empty). */
export const DELIVERY_CHANNEL = 'aylal_deliveries';

/** Wakes every process's worker at commit (a NOTIFY inside a transaction is sent only if it commits). */
export async function wakeDeliveries(runner: DbOrTx): Promise<void> {
  await runner.execute(sql`select pg_notify(${DELIVERY_CHANNEL}, '')`);
}

/**
 * Queues an email: a row of `outbox` the worker sends. Called with the change's transaction so
 * the email exists exactly when the change does; `wake` false when the caller wakes the workers
 * itself (notify does, once for all it queued).
 */
export async function enqueueEmail(
  runner: DbOrTx,
  mail: Mail,
  options: { notificationId?: string; wake?: boolean } = {},
): Promise<string> {
  const id = randomUUID();
  await runner.insert(outbox).values({
    id,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    calendar: mail.calendar?.content,
    calendarMethod: mail.calendar?.method,
    messageId: mail.messageId ?? `<outbox-${id}@aylal>`,
    inReplyTo: mail.inReplyTo,
    references: mail.references,
    notificationId: options.notificationId,
    requestId: currentRequestId(),
  });
  if (options.wake !== false) await wakeDeliveries(runner);
  return id;
}
