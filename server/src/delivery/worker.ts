import pg from 'pg';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { outbox } from '../db/schema/mail.ts';
import { pushDeliveries, pushSubscriptions } from '../db/schema/notifications.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import { DELIVERY_CHANNEL } from './outbox.ts';
import type { PushOutcome, PushPayload, PushSender } from './push-sender.ts';
import type { PushEndpointPolicy } from '../lib/push-endpoints.ts';

export interface DeliveryWorkerOptions {
  db: Db;
  mailer: Mailer;
  /** Without one, pushes wait in the queue until a process that has one takes them. */
  pushSender?: PushSender;
  /**
   * PUSH_SERVICE_HOSTS: a subscription whose endpoint is not a push service of the list (stored
   * before the list existed, or since taken off it) is never sent to, and is removed.
   */
  pushEndpoints: PushEndpointPolicy;
  log: FastifyBaseLogger;
  /** The slow poll that catches what a missed NOTIFY (a process that was down) left due. */
  pollMs?: number;
  /** How long a taken row is this worker's; after that another may take it again. */
  leaseMs?: number;
  /** The first retry's delay; each further attempt doubles it (capped at `maxDelayMs`). */
  retryBaseMs?: number;
  maxDelayMs?: number;
  /** Given up (`failed_at`) after this many attempts. */
  maxAttempts?: number;
  batchSize?: number;
}

type OutboxRow = typeof outbox.$inferSelect;

/** An email given up on after its last attempt: what may be said of it (never its recipient). */
export interface FailedEmail {
  id: string;
  subject: string;
  attempts: number;
}

/** Runs in the transaction that marks an email failed for good (the staff's notification). */
export type EmailFailedListener = (tx: Tx, email: FailedEmail) => Promise<void>;

/** The delay before attempt `attempts + 1`: exponential, capped, with ±20 % jitter. */
export function backoffMs(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const delay = Math.min(baseMs * 2 ** Math.max(attempts - 1, 0), maxMs);
  return Math.round(delay * (0.8 + 0.4 * random()));
}

/** An endpoint's host, for the log (never its path: the device's capability). */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '(not a URL)';
  }
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/**
 * Sends what waits in `outbox` (emails) and `push_deliveries` (pushes): decision 014, "The
 * delivery queue". One per process. Woken by `pg_notify('aylal_deliveries')` at the commit of the
 * change that queued something, and by a slow poll. Rows are taken with `FOR UPDATE SKIP LOCKED`
 * in a statement of their own that leases them (`locked_until`) and counts the attempt; the send
 * happens outside any transaction; the row is then marked sent, or given a later `next_attempt_at`
 * (exponential backoff), or given up (`failed_at`).
 */
export class DeliveryWorker {
  readonly #options: Required<Omit<DeliveryWorkerOptions, 'pushSender'>> & { pushSender?: PushSender };
  #listener: pg.Client | null = null;
  #poll: NodeJS.Timeout | null = null;
  #reconnect: NodeJS.Timeout | null = null;
  #running: Promise<number> | null = null;
  #again = false;
  #stopped = true;
  readonly #emailFailed: EmailFailedListener[] = [];

  constructor(options: DeliveryWorkerOptions) {
    this.#options = {
      pollMs: 5000,
      leaseMs: 60_000,
      retryBaseMs: 10_000,
      maxDelayMs: 60 * 60_000,
      maxAttempts: 8,
      batchSize: 20,
      ...options,
    };
  }

  /** `listener` runs, in its transaction, each time an email is given up on after its last attempt. */
  onEmailFailed(listener: EmailFailedListener): void {
    this.#emailFailed.push(listener);
  }

  /** Listens, polls, and sends whatever is already due (a process that stopped may have left some). */
  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    void this.#listen();
    this.#poll = setInterval(() => this.wake(), this.#options.pollMs);
    this.#poll.unref();
    this.wake();
  }

  /** Stops listening and polling, and waits for the sends under way. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#poll) clearInterval(this.#poll);
    if (this.#reconnect) clearTimeout(this.#reconnect);
    this.#poll = this.#reconnect = null;
    const listener = this.#listener;
    this.#listener = null;
    await listener?.end().catch(() => undefined);
    await this.#running?.catch(() => undefined);
  }

  /** Runs the queue now (or again right after the run under way). */
  wake(): void {
    if (this.#stopped) return;
    void this.#run().catch((error: unknown) => this.#options.log.error({ err: error }, 'delivery run failed'));
  }

  /**
   * Sends everything due now, and what falls due meanwhile, until nothing is left that this
   * process can send (rows waiting for a retry stay waiting). For tests and tools; works when
   * stopped too.
   */
  async drain(): Promise<void> {
    for (;;) {
      await this.#running?.catch(() => undefined);
      if ((await this.#run()) === 0 && !this.#running) return;
    }
  }

  /** One pass at a time per process; a wake during a pass asks for another. */
  #run(): Promise<number> {
    if (this.#running) {
      this.#again = true;
      return this.#running.then(() => 0);
    }
    const pass = (async () => {
      let total = 0;
      do {
        this.#again = false;
        for (;;) {
          const sent = (await this.#emails()) + (await this.#pushes());
          total += sent;
          if (sent === 0) break;
        }
      } while (this.#again);
      return total;
    })();
    this.#running = pass;
    return pass.finally(() => {
      if (this.#running === pass) this.#running = null;
    });
  }

  async #listen(): Promise<void> {
    if (this.#stopped) return;
    const client = new pg.Client(this.#options.db.$client.options);
    const retry = () => {
      if (this.#listener === client) this.#listener = null;
      client.removeAllListeners();
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
      if (this.#stopped || this.#reconnect) return;
      this.#reconnect = setTimeout(() => {
        this.#reconnect = null;
        void this.#listen();
      }, 2000);
      this.#reconnect.unref();
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', () => this.wake());
    try {
      await client.connect();
      await client.query(`LISTEN ${DELIVERY_CHANNEL}`);
      if (this.#stopped) {
        await client.end();
        return;
      }
      this.#listener = client;
      // Whatever was queued while we were not listening.
      this.wake();
    } catch {
      retry();
    }
  }

  #retryAt(attempts: number, retryAfterMs?: number): Date {
    const { retryBaseMs, maxDelayMs } = this.#options;
    // A push service's Retry-After is honoured up to the queue's own longest wait.
    const delay =
      retryAfterMs !== undefined ? Math.min(retryAfterMs, maxDelayMs) : backoffMs(attempts, retryBaseMs, maxDelayMs);
    return new Date(Date.now() + delay);
  }

  /**
   * Leases up to a batch of the queue's due rows (not sent, not given up, not leased by another
   * process), counting the attempt; their ids.
   */
  async #leaseDue(queue: typeof outbox | typeof pushDeliveries): Promise<string[]> {
    const { db, leaseMs, batchSize } = this.#options;
    const taken = await db.execute<{ id: string }>(sql`
      with due as (
        select id from ${queue}
        where sent_at is null and failed_at is null and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by next_attempt_at
        limit ${batchSize}
        for update skip locked
      )
      update ${queue} q
      set locked_until = now() + make_interval(secs => ${leaseMs / 1000}), attempts = q.attempts + 1
      from due where q.id = due.id
      returning q.id`);
    return taken.rows.map((row) => row.id);
  }

  async #emails(): Promise<number> {
    const { db } = this.#options;
    const ids = await this.#leaseDue(outbox);
    if (ids.length === 0) return 0;
    const rows = await db.select().from(outbox).where(inArray(outbox.id, ids));
    await Promise.all(rows.map((row) => this.#sendEmail(row)));
    return rows.length;
  }

  async #sendEmail(row: OutboxRow): Promise<void> {
    const { db, mailer, maxAttempts, log } = this.#options;
    const mail: Mail = {
      to: row.to,
      subject: row.subject,
      text: row.text,
      ...(row.html ? { html: row.html } : {}),
      ...(row.calendar
        ? { calendar: { method: row.calendarMethod === 'CANCEL' ? 'CANCEL' : 'REQUEST', content: row.calendar } }
        : {}),
      messageId: row.messageId ?? `<outbox-${row.id}@aylal>`,
      ...(row.inReplyTo ? { inReplyTo: row.inReplyTo } : {}),
      ...(row.references ? { references: row.references } : {}),
    };
    try {
      await mailer.send(mail);
      await db.update(outbox).set({ sentAt: new Date(), lockedUntil: null, error: null }).where(eq(outbox.id, row.id));
      log.info({ outbox: row.id, requestId: row.requestId ?? undefined, attempts: row.attempts }, 'email sent');
    } catch (error) {
      const giveUp = row.attempts >= maxAttempts;
      log.warn(
        { outbox: row.id, requestId: row.requestId ?? undefined, attempts: row.attempts, giveUp },
        'email not sent',
      );
      await db.transaction(async (tx) => {
        await tx
          .update(outbox)
          .set({
            error: errorText(error),
            lockedUntil: null,
            ...(giveUp ? { failedAt: new Date() } : { nextAttemptAt: this.#retryAt(row.attempts) }),
          })
          .where(eq(outbox.id, row.id));
        if (!giveUp) return;
        const failed = { id: row.id, subject: row.subject, attempts: row.attempts };
        // Each in a savepoint of its own: one that fails is logged and does not undo the give-up.
        for (const listener of this.#emailFailed)
          await tx
            .transaction((inner) => listener(inner, failed))
            .catch((err: unknown) => log.error({ err, outbox: row.id }, 'what an email failing for good tells failed'));
      });
    }
  }

  async #pushes(): Promise<number> {
    const { db, pushSender } = this.#options;
    if (!pushSender) return 0;
    const ids = await this.#leaseDue(pushDeliveries);
    if (ids.length === 0) return 0;
    const rows = await db
      .select({
        id: pushDeliveries.id,
        attempts: pushDeliveries.attempts,
        requestId: pushDeliveries.requestId,
        payload: pushDeliveries.payload,
        subscriptionId: pushSubscriptions.id,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushDeliveries)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushDeliveries.subscriptionId))
      .where(inArray(pushDeliveries.id, ids));
    await Promise.all(rows.map((row) => this.#sendPush(pushSender, row)));
    return rows.length;
  }

  async #sendPush(
    sender: PushSender,
    row: {
      id: string;
      attempts: number;
      requestId: string | null;
      payload: unknown;
      subscriptionId: string;
      endpoint: string;
      p256dh: string;
      auth: string;
    },
  ): Promise<void> {
    const { db, maxAttempts, pushEndpoints, log } = this.#options;
    const outcome: PushOutcome = !pushEndpoints.ruleFor(row.endpoint)
      ? { kind: 'refused', error: 'not a push service this server sends to' }
      : await sender
          .send({ endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth }, row.payload as PushPayload)
          .catch((error: unknown) => ({ kind: 'retry' as const, error: errorText(error), retryAfterMs: undefined }));
    const logged = { push: row.id, requestId: row.requestId ?? undefined, attempts: row.attempts };
    if (outcome.kind !== 'refused') log.info({ ...logged, outcome: outcome.kind }, 'push attempted');
    switch (outcome.kind) {
      case 'refused':
        // Never sent to; its waiting pushes go with it. The endpoint's path is the device's
        // secret: only its host is logged.
        log.warn(
          { ...logged, subscription: row.subscriptionId, host: hostOf(row.endpoint), reason: outcome.error },
          'push subscription removed: its endpoint is not one we send to',
        );
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscriptionId));
        return;
      case 'sent':
        await db
          .update(pushDeliveries)
          .set({ sentAt: new Date(), lockedUntil: null, error: null })
          .where(eq(pushDeliveries.id, row.id));
        return;
      case 'gone':
        // Its waiting pushes go with it (on delete cascade).
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscriptionId));
        return;
      case 'retry': {
        const giveUp = row.attempts >= maxAttempts;
        await db
          .update(pushDeliveries)
          .set({
            error: outcome.error.slice(0, 1000),
            lockedUntil: null,
            ...(giveUp
              ? { failedAt: new Date() }
              : { nextAttemptAt: this.#retryAt(row.attempts, outcome.retryAfterMs) }),
          })
          .where(eq(pushDeliveries.id, row.id));
        return;
      }
      case 'failed':
        await db
          .update(pushDeliveries)
          .set({ error: outcome.error.slice(0, 1000), lockedUntil: null, failedAt: new Date() })
          .where(eq(pushDeliveries.id, row.id));
        return;
    }
  }
}
