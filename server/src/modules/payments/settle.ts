// Consultation fees given back (decision 033): a consultation cancelled in time, or by the agency,
// is marked by the consultations module; here, in one process at a time, what was paid for it is
// refunded and what is still open is cancelled at its provider, and the mark is cleared. Run
// often (every process, every half minute) and so durable: a process that stops halfway leaves
// the mark, and the next pass finishes.

import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  isOpenPayment,
  PAYMENT_HOLDING_STATES,
  paymentStatesBefore,
  type PaymentState,
} from '@aylal/shared/payment-rules';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import { consultationFeesDueBack, consultationFeeSettled } from '../consultations/index.ts';
import { onePassAtATime } from '../../lib/advisory-lock.ts';
import type { PaymentProvider } from './provider.ts';
import { refundPayment, type RefundedHook } from './refund.ts';
import { movePayment } from './states.ts';

/** Any fixed number: the advisory lock that keeps settling to one process at a time. */
const SETTLE_LOCK = 0x61797366; // "aysf"
const REFUNDABLE = paymentStatesBefore('refund_pending');

export interface SettleReport {
  refunded: number;
  cancelled: number;
  /** Consultations left for the next pass (a provider that did not answer). */
  left: number;
}

/**
 * One pass over the consultations whose fee is to be given back; null when another process is
 * settling now. A refund the provider refuses leaves the payment refund_failed, in staff's hands
 * (they may try again): the consultation is then settled here.
 */
export async function settleConsultationFees(
  db: Db,
  providers: ReadonlyMap<string, PaymentProvider>,
  log: FastifyBaseLogger,
  callbackUrl: (id: string) => string,
  onRefunded: RefundedHook = async () => {},
): Promise<SettleReport | null> {
  return onePassAtATime(db, SETTLE_LOCK, async () => {
    const report: SettleReport = { refunded: 0, cancelled: 0, left: 0 };
    for (const consultationId of await consultationFeesDueBack(db)) {
      const held = await db
        .select()
        .from(payments)
        .where(and(eq(payments.consultationId, consultationId), inArray(payments.state, [...PAYMENT_HOLDING_STATES])));
      let done = true;
      let refunded = false;
      for (const payment of held) {
        try {
          if (isOpenPayment(payment.state as PaymentState)) {
            // A bank app may no longer pay it; paid there a moment ago, it is refunded next pass.
            if (payment.state === 'pending') await providers.get(payment.method)?.cancel(payment);
            if (await movePayment(db, payment.id, 'cancelled', { reason: 'Consultation cancelled' }))
              report.cancelled += 1;
          } else if (REFUNDABLE.includes(payment.state as PaymentState)) {
            const after = await refundPayment(
              db,
              providers,
              payment.id,
              { actorId: null, reason: 'Consultation cancelled in time', callbackUrl },
              onRefunded,
            ).catch((error: unknown) => {
              log.warn({ err: error, payment: payment.id }, 'consultation fee: the refund failed; staff may retry it');
              return null;
            });
            if (after?.state === 'refunded') {
              report.refunded += 1;
              refunded = true;
            }
          }
        } catch (error) {
          done = false;
          log.warn({ err: error, payment: payment.id }, 'consultation fee: the provider did not answer; next pass');
        }
      }
      if (done) await consultationFeeSettled(db, consultationId, refunded);
      else report.left += 1;
    }
    if (report.refunded > 0 || report.cancelled > 0) log.info(report, 'consultation fees given back');
    return report;
  });
}
