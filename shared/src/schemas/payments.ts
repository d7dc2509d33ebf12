import { z } from 'zod';
import { PAYMENT_CURRENCIES, PAYMENT_METHODS, PAYMENT_PURPOSES, PAYMENT_STATES } from '../payment-rules.ts';

const BankLinkSchema = z.object({ name: z.string(), description: z.string(), logo: z.string(), link: z.string() });

/** GET /api/payments/:id: a payment as its payer and staff see it (docs/decisions/033). */
export const PaymentSchema = z.object({
  id: z.string(),
  purpose: z.enum(PAYMENT_PURPOSES),
  method: z.enum(PAYMENT_METHODS),
  state: z.enum(PAYMENT_STATES),
  /** In the currency's minor unit. */
  amount: z.number().int(),
  currency: z.enum(PAYMENT_CURRENCIES),
  refunded: z.number().int(),
  /** What the payer pays with while it is open. */
  instructions: z
    .object({
      qrText: z.string().optional(),
      bankLinks: z.array(BankLinkSchema).optional(),
      checkoutUrl: z.string().optional(),
    })
    .nullable(),
  expiresAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** POST /api/payments: pay for a visa application's processing or a consultation's fee, by QPay or a card. */
export const PaymentRequestSchema = z.object({
  for: z.union([
    z.object({ visaApplicationId: z.string().max(100) }).strict(),
    z.object({ consultationId: z.string().max(100) }).strict(),
  ]),
  method: z.enum(['qpay', 'card']),
});
export type PaymentRequest = z.infer<typeof PaymentRequestSchema>;

/** POST /api/admin/payments: staff record the processing or a consultation's fee paid by hand (cash at the office). */
export const ManualPaymentRequestSchema = z.object({
  for: z.union([
    z.object({ visaApplicationId: z.string().max(100) }).strict(),
    z.object({ consultationId: z.string().max(100) }).strict(),
  ]),
  currency: z.enum(PAYMENT_CURRENCIES),
});
export type ManualPaymentRequest = z.infer<typeof ManualPaymentRequestSchema>;

/** POST /api/admin/payments/:id/refund: staff give back all that is left (no amount) or part of it, with a reason. */
export const RefundRequestSchema = z.object({
  /** In the payment's minor unit (cents, möngö). */
  amount: z.number().int().positive().max(1_000_000_000).optional(),
  reason: z.string().trim().min(1).max(300),
});
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

const agencyDate = z.iso.date().refine((value) => value >= '1970-01-01' && value <= '9999-12-31', 'year');

/**
 * GET /api/admin/payments: staff's payments list, newest first: of one application or consultation,
 * or filtered by state, method, what it pays for, the agency days it was made on and a search
 * (the payer's name or email, an application's reference).
 */
export const AdminPaymentsQuerySchema = z
  .object({
    visaApplicationId: z.string().max(100).optional(),
    consultationId: z.string().max(100).optional(),
    q: z.string().trim().max(200).optional(),
    state: z.enum(PAYMENT_STATES).optional(),
    method: z.enum(PAYMENT_METHODS).optional(),
    purpose: z.enum(PAYMENT_PURPOSES).optional(),
    from: agencyDate.optional(),
    to: agencyDate.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to',
    path: ['to'],
  });
export type AdminPaymentsQuery = z.infer<typeof AdminPaymentsQuerySchema>;

/** A payment as staff's list shows it: who paid and what for. */
export const AdminPaymentSchema = PaymentSchema.extend({
  /** Null once their account is deleted (the payment, a financial record, stays). */
  payer: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  visaApplication: z.object({ id: z.string(), reference: z.string().nullable() }).nullable(),
  consultation: z
    .object({ id: z.string(), title: z.object({ en: z.string(), mn: z.string() }), startsAt: z.string() })
    .nullable(),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;

export const AdminPaymentsSchema = z.object({ items: z.array(AdminPaymentSchema), total: z.number().int() });
export type AdminPayments = z.infer<typeof AdminPaymentsSchema>;
