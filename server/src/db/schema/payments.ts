import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, partOf, timestamptz, updatedAt } from './columns.ts';
import {
  PAYMENT_CURRENCIES,
  PAYMENT_HOLDING_STATES,
  PAYMENT_METHODS,
  PAYMENT_PURPOSES,
  PAYMENT_STATES,
} from '@aylal/shared/payment-rules';
import type { PaymentInstructions } from '@aylal/shared/payment-rules';
import { userOrNull } from './auth.ts';
import { consultations } from './consultations.ts';
import { visaApplications } from './visa.ts';

const quoted = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * A payment (docs/decisions/033): for one thing (a visa application's processing, a consultation),
 * its amount and currency fixed when it is made, moved from state to state only by
 * `UPDATE … WHERE state = ANY(allowed)` with a history row. A financial record outlives what it paid
 * for and its payer's account: their ids become null, the purpose and the amounts stay.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    purpose: text('purpose').notNull(),
    visaApplicationId: uuid('visa_application_id').references(() => visaApplications.id, { onDelete: 'set null' }),
    consultationId: uuid('consultation_id').references(() => consultations.id, { onDelete: 'set null' }),
    /** Who pays; null once their account is deleted. */
    userId: userOrNull('user_id'),
    method: text('method').notNull(),
    state: text('state').notNull().default('created'),
    /** In the currency's minor unit (cents, möngö). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** How much of it was refunded, in the same unit. */
    refunded: integer('refunded').notNull().default(0),
    /** The provider's invoice or session (QPay's invoice_id, Stripe's Checkout Session id). */
    providerRef: text('provider_ref'),
    /** The provider's record of the money (QPay's payment_id, Stripe's PaymentIntent id), once paid. */
    providerPaymentRef: text('provider_payment_ref'),
    /** What the payer pays with while it is open (QPay's QR text and bank links, the Checkout URL); no personal data. */
    instructions: jsonb('instructions').$type<PaymentInstructions>(),
    /** When the provider stops taking payment for it. */
    expiresAt: timestamptz('expires_at'),
    paidAt: timestamptz('paid_at'),
    /** Staff who recorded a manual payment. */
    recordedBy: userOrNull('recorded_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('payments_purpose_check', sql`${table.purpose} in (${quoted(PAYMENT_PURPOSES)})`),
    check('payments_method_check', sql`${table.method} in (${quoted(PAYMENT_METHODS)})`),
    check('payments_state_check', sql`${table.state} in (${quoted(PAYMENT_STATES)})`),
    check('payments_currency_check', sql`${table.currency} in (${quoted(PAYMENT_CURRENCIES)})`),
    check('payments_amount_check', sql`${table.amount} > 0 and ${table.refunded} between 0 and ${table.amount}`),
    // One payment holds a thing at a time (PAYMENT_HOLDING_STATES): a second click, tab or process
    // cannot make another while one is open or paid.
    uniqueIndex('payments_visa_holding_idx')
      .on(table.visaApplicationId)
      .where(sql`${table.state} in (${quoted(PAYMENT_HOLDING_STATES)})`),
    uniqueIndex('payments_consultation_holding_idx')
      .on(table.consultationId)
      .where(sql`${table.state} in (${quoted(PAYMENT_HOLDING_STATES)})`),
    index('payments_state_idx').on(table.state, table.updatedAt),
    index('payments_user_idx').on(table.userId),
    // Staff's list, newest first.
    index('payments_created_idx').on(table.createdAt),
  ],
);

/** Every move of a payment: from, to, when, by whom (staff or null: the provider, the reconciliation). */
export const paymentHistory = pgTable(
  'payment_history',
  {
    id: id(),
    paymentId: partOf('payment_id', () => payments.id),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    actorId: userOrNull('actor_id'),
    /** A refund's amount (minor unit). */
    amount: integer('amount'),
    /** Staff's reason for a refund or a cancellation; never personal data. */
    reason: text('reason'),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (table) => [index('payment_history_payment_idx').on(table.paymentId, table.at)],
);

/**
 * Every provider event we acted on, recorded first: a repeated callback or webhook finds its key
 * here and changes nothing (docs/decisions/033).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    /** QPay's payment_id, Stripe's event id. */
    eventKey: text('event_key').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventKey] })],
);
