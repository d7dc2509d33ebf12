// The privacy sweep (docs/decisions/027): at start and every hour, in one process at a time.

import { and, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import { onePassAtATime } from '../../lib/advisory-lock.ts';
import { idempotentRequests } from '../../db/schema/idempotency.ts';
import { IDEMPOTENCY_KEEP_HOURS } from '../../plugins/idempotency.ts';
import type { FastifyBaseLogger } from 'fastify';
import { ACCESS_RECORD_DAYS, SENT_EMAIL_BODY_DAYS } from '@aylal/shared/retention';
import type { Db } from '../../db/client.ts';
import { jobMaterials } from '../../db/schema/jobs.ts';
import { outbox } from '../../db/schema/mail.ts';
import { accessRecords, storageRemovals } from '../../db/schema/privacy.ts';
import { tripImages } from '../../db/schema/trips.ts';
import { visaDocuments } from '../../db/schema/visa.ts';
import type { Storage } from '../../lib/storage.ts';
import { removeQueued } from './removals.ts';
import { purgeDueApplications, sweepDrafts } from './retention.ts';

/** Any fixed number: the advisory lock that keeps the sweep to one process at a time. */
const SWEEP_LOCK = 0x61796c73; // "ayls"
const DAY_MS = 24 * 60 * 60 * 1000;
/** A file no row points at is left alone this long: an upload's row commits just after its file is written. */
const ORPHAN_AGE_MS = DAY_MS;
const ORPHAN_BATCH = 500;

/** Where each kind of stored file is pointed at from: a prefix, and the key its row holds for a file. */
const STORED_FILES = [
  { prefix: 'visa/', table: visaDocuments, column: visaDocuments.fileKey, rowKey: (key: string) => key },
  { prefix: 'jobs/', table: jobMaterials, column: jobMaterials.fileKey, rowKey: (key: string) => key },
  // A trip picture is stored in several widths ('…-640.webp') under the one key its row holds.
  {
    prefix: 'trips/',
    table: tripImages,
    column: tripImages.fileKey,
    rowKey: (key: string) => key.replace(/-\d+\.webp$/, ''),
  },
] as const;

export interface SweepReport {
  purgedApplications: number;
  warnedDrafts: number;
  deletedDrafts: number;
  blankedEmails: number;
  deletedAccessRecords: number;
  expiredRequestKeys: number;
  removedFiles: number;
  removedOrphans: string[];
  filesWaiting: number;
}

export interface PrivacySweepOptions {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** How often the whole sweep runs (an hour); queued file removals are retried every `retryMs`. */
  intervalMs?: number;
  retryMs?: number;
}

export class PrivacySweep {
  readonly #options: Required<PrivacySweepOptions>;
  #timers: NodeJS.Timeout[] = [];
  #running: Promise<unknown> | null = null;

  constructor(options: PrivacySweepOptions) {
    this.#options = { intervalMs: 60 * 60_000, retryMs: 5 * 60_000, ...options };
  }

  start(): void {
    const { intervalMs, retryMs, log } = this.#options;
    const quietly = (work: () => Promise<unknown>) => () => {
      if (this.#running) return;
      this.#running = work()
        .catch((error: unknown) => log.error({ err: error }, 'the privacy sweep failed; it runs again later'))
        .finally(() => {
          this.#running = null;
        });
    };
    quietly(() => this.runOnce())();
    this.#timers = [
      setInterval(
        quietly(() => this.runOnce()),
        intervalMs,
      ).unref(),
      setInterval(
        quietly(() => removeQueued(this.#options.db, this.#options.storage, log)),
        retryMs,
      ).unref(),
    ];
  }

  async stop(): Promise<void> {
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers = [];
    await this.#running;
  }

  /**
   * One pass: returns what it did, or null when another process is sweeping now. Every step is
   * its own transaction(s), so a pass cut short leaves nothing half done.
   */
  async runOnce(now = new Date()): Promise<SweepReport | null> {
    const { db, storage, log, publicUrl } = this.#options;
    return onePassAtATime(db, SWEEP_LOCK, async () => {
      const purged = await purgeDueApplications(db, now);
      const drafts = await sweepDrafts(db, publicUrl, now);
      const blanked = await db
        .update(outbox)
        .set({ text: '', html: null, calendar: null })
        .where(
          and(
            isNotNull(outbox.sentAt),
            lte(outbox.sentAt, new Date(now.getTime() - SENT_EMAIL_BODY_DAYS * DAY_MS)),
            or(ne(outbox.text, ''), isNotNull(outbox.html), isNotNull(outbox.calendar)),
          ),
        )
        .returning({ id: outbox.id });
      const expired = await db
        .delete(accessRecords)
        .where(lte(accessRecords.createdAt, new Date(now.getTime() - ACCESS_RECORD_DAYS * DAY_MS)))
        .returning({ id: accessRecords.id });
      // Answers kept for a repeated write (decision 028) are kept a day only.
      const keys = await db
        .delete(idempotentRequests)
        .where(lte(idempotentRequests.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEEP_HOURS * 3_600_000)))
        .returning({ key: idempotentRequests.key });
      const removed = await removeQueued(db, storage, log, undefined, now);
      const orphans = await this.#removeOrphans(now);
      const [waiting] = await db.select({ count: sql<number>`count(*)::int` }).from(storageRemovals);
      const report: SweepReport = {
        purgedApplications: purged.ids.length,
        warnedDrafts: drafts.warned,
        deletedDrafts: drafts.deleted,
        blankedEmails: blanked.length,
        deletedAccessRecords: expired.length,
        expiredRequestKeys: keys.length,
        removedFiles: removed.removed,
        removedOrphans: orphans,
        filesWaiting: waiting?.count ?? 0,
      };
      log.info({ sweep: report }, 'privacy sweep done');
      return report;
    });
  }

  /** Stored files no row points at, written more than a day ago, are removed; returns their keys. */
  async #removeOrphans(now: Date): Promise<string[]> {
    const { db, storage, log } = this.#options;
    const removed: string[] = [];
    for (const kind of STORED_FILES) {
      let batch: string[] = [];
      const flush = async () => {
        const rowKeys = [...new Set(batch.map(kind.rowKey))];
        const pointed = await db.select({ key: kind.column }).from(kind.table).where(inArray(kind.column, rowKeys));
        const queued = await db
          .select({ key: storageRemovals.key })
          .from(storageRemovals)
          .where(inArray(storageRemovals.key, batch));
        const kept = new Set([...pointed.map((row) => row.key), ...queued.map((row) => row.key)]);
        for (const key of batch) {
          if (kept.has(kind.rowKey(key)) || kept.has(key)) continue;
          await storage.remove(key);
          removed.push(key);
        }
        batch = [];
      };
      for await (const file of storage.list(kind.prefix)) {
        if (now.getTime() - file.modifiedAt.getTime() < ORPHAN_AGE_MS) continue;
        batch.push(file.key);
        if (batch.length >= ORPHAN_BATCH) await flush();
      }
      if (batch.length > 0) await flush();
    }
    if (removed.length > 0) log.info({ files: removed }, 'removed stored files no record points at');
    return removed;
  }
}
