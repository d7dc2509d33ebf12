import type { Payment } from '@aylal/shared/schemas/payments';
import type { PaymentRow } from './states.ts';

/** A payment as its payer and staff see it. */
export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    purpose: row.purpose as Payment['purpose'],
    method: row.method as Payment['method'],
    state: row.state as Payment['state'],
    amount: row.amount,
    currency: row.currency as Payment['currency'],
    refunded: row.refunded,
    instructions: row.instructions,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
