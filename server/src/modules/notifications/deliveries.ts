import { sql } from 'drizzle-orm';
import { maskEmail, type AdminDeliveriesResponse, type RetryDeliveriesRequest } from '@aylal/shared/schemas/deliveries';
import type { Db, Tx } from '../../db/client.ts';
import { wakeDeliveries } from '../../delivery/outbox.ts';
import type { FailedEmail } from '../../delivery/worker.ts';
import type { Notifier } from './notify.ts';

const LIMIT = 200;

interface Row extends Record<string, unknown> {
  id: string;
  channel: 'email' | 'push';
  recipient: string | null;
  subject: string | null;
  attempts: number;
  error: string | null;
  next_attempt_at: string | null;
  failed_at: string | null;
  created_at: string;
  request_id: string | null;
}

/**
 * Emails and pushes that failed for good or are being retried (tried at least once, not sent),
 * failed first and newest first. A push names its person by their account's address, masked.
 */
export async function listDeliveries(db: Db): Promise<AdminDeliveriesResponse> {
  const { rows } = await db.execute<Row>(sql`
    select * from (
      select id, 'email' as channel, "to" as recipient, subject, attempts, error,
        next_attempt_at, failed_at, created_at, request_id
      from outbox where sent_at is null and (failed_at is not null or attempts > 0)
      union all
      select d.id, 'push', u.email, d.payload->>'title', d.attempts, d.error,
        d.next_attempt_at, d.failed_at, d.created_at, d.request_id
      from push_deliveries d
      join push_subscriptions s on s.id = d.subscription_id
      left join users u on u.id = s.user_id
      where d.sent_at is null and (d.failed_at is not null or d.attempts > 0)
    ) queue
    order by (failed_at is null), created_at desc
    limit ${LIMIT}`);
  const [counts] = (
    await db.execute<{ failed: number; retrying: number }>(sql`
      select
        (select count(*) from outbox where sent_at is null and failed_at is not null)
          + (select count(*) from push_deliveries where sent_at is null and failed_at is not null) as failed,
        (select count(*) from outbox where sent_at is null and failed_at is null and attempts > 0)
          + (select count(*) from push_deliveries where sent_at is null and failed_at is null and attempts > 0)
          as retrying`)
  ).rows;
  const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    items: rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      recipient: row.recipient ? maskEmail(row.recipient) : '***',
      subject: row.subject ?? '',
      state: row.failed_at ? ('failed' as const) : ('retrying' as const),
      attempts: row.attempts,
      error: row.error,
      nextAttemptAt: row.failed_at ? null : iso(row.next_attempt_at),
      failedAt: iso(row.failed_at),
      createdAt: iso(row.created_at)!,
      requestId: row.request_id,
    })),
    counts: { failed: Number(counts?.failed ?? 0), retrying: Number(counts?.retrying ?? 0) },
  };
}

/**
 * Tries them again now, with their attempts afresh (the ones named, or every failed and retrying
 * one, but not one a worker is sending at this moment); the workers are woken at commit. How many
 * were taken up.
 */
export async function retryDeliveries(db: Db, request: RetryDeliveriesRequest): Promise<{ retried: number }> {
  const ids = (channel: 'email' | 'push') =>
    request.items ? request.items.filter((item) => item.channel === channel).map((item) => item.id) : null;
  return db.transaction(async (tx) => {
    let retried = 0;
    for (const [table, channel] of [
      [sql`outbox`, 'email'],
      [sql`push_deliveries`, 'push'],
    ] as const) {
      const only = ids(channel);
      if (only && only.length === 0) continue;
      const { rowCount } = await tx.execute(sql`
        update ${table} set failed_at = null, attempts = 0, next_attempt_at = now(), locked_until = null
        where sent_at is null and (failed_at is not null or attempts > 0)
          -- one a worker is sending right now is left to it: taken again, it could go twice
          and (locked_until is null or locked_until < now())
          ${
            only
              ? sql`and id in (${sql.join(
                  only.map((id) => sql`${id}::uuid`),
                  sql`, `,
                )})`
              : sql``
          }`);
      retried += rowCount ?? 0;
    }
    if (retried > 0) await wakeDeliveries(tx);
    return { retried };
  });
}

/** One staff notification of failed emails an hour at the most: a mail server down fails many. */
const TELL_AGAIN_AFTER = '1 hour';

/**
 * Tells the staff, in the app and by push (never by email, which may be what is failing), that an
 * email was given up on; its subject only (never its recipient). When a notification of this kind
 * came in the last hour, the list in Settings says the rest.
 */
export async function tellStaffOfFailedEmail(tx: Tx, notifier: Notifier, email: FailedEmail): Promise<void> {
  // One process at a time decides, so two failing together make one notification.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('aylal:staffDeliveryFailed'))`);
  const { rows } = await tx.execute(sql`
    select 1 from notifications
    where type = 'staffDeliveryFailed' and created_at > now() - ${TELL_AGAIN_AFTER}::interval
    limit 1`);
  if (rows.length > 0) return;
  await notifier.notify(tx, {
    type: 'staffDeliveryFailed',
    params: { subject: email.subject },
    link: '/admin/settings#deliveries',
    skipEmail: true,
  });
}
