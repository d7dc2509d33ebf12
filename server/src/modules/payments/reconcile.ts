// Reconciliation (decision 033): every few minutes, in one process at a time, each payment still
// waiting for more than ten minutes is asked about at its provider, so one paid there whose
// callback never reached us is found; one the provider stopped taking (its invoice's end passed)
// and still unpaid expires.

import { and, inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PAYMENT_OPEN_STATES } from '@aylal/shared/payment-rules';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import { onePassAtATime } from '../../lib/advisory-lock.ts';
import type { PaymentProvider } from './provider.ts';
import { confirmPayment, type PaidHook } from './service.ts';
import { movePayment } from './states.ts';

/** A payment younger than this is left to its callback. */
export const RECONCILE_AFTER_MS = 10 * 60_000;
/** Any fixed number: the advisory lock that keeps reconciliation to one process at a time. */
const RECONCILE_LOCK = 0x61797079; // "aypy"
const BATCH = 200;

export interface ReconcileReport {
  asked: number;
  paid: number;
  expired: number;
}

/**
 * One pass over the payments waiting longer than RECONCILE_AFTER_MS, oldest first; null when
 * another process is reconciling now. A provider that does not answer for one payment leaves it
 * for the next pass.
 */
export async function reconcilePayments(
  db: Db,
  providers: PaymentProvider[],
  log: FastifyBaseLogger,
  now = new Date(),
  onPaid?: PaidHook,
): Promise<ReconcileReport | null> {
  return onePassAtATime(db, RECONCILE_LOCK, async () => {
    const report: ReconcileReport = { asked: 0, paid: 0, expired: 0 };
    const byMethod = new Map<string, PaymentProvider>(providers.map((provider) => [provider.method, provider]));
    const waiting = await db
      .select()
      .from(payments)
      .where(
        and(
          inArray(payments.state, [...PAYMENT_OPEN_STATES]),
          inArray(payments.method, [...byMethod.keys()]),
          lt(payments.updatedAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
        ),
      )
      .orderBy(payments.updatedAt)
      .limit(BATCH);
    for (const payment of waiting) {
      const provider = byMethod.get(payment.method)!;
      try {
        report.asked += 1;
        if ((await confirmPayment(db, provider, payment.id, onPaid)) === 'paid') {
          report.paid += 1;
          continue;
        }
        // Never opened at the provider (the process stopped between the two), or no longer payable.
        const over = payment.state === 'created' || (payment.expiresAt !== null && payment.expiresAt <= now);
        if (over && (await movePayment(db, payment.id, 'expired'))) report.expired += 1;
      } catch (error) {
        log.warn({ err: error, payment: payment.id }, 'reconciliation: the provider did not answer; next pass');
      }
    }
    if (report.paid > 0 || report.expired > 0) log.info(report, 'payments reconciled');
    return report;
  });
}
