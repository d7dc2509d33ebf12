/**
 * Payments (issue 25, docs/decisions/033), zod-free: what a payment pays for, how, and the states
 * it moves through. Shared by the server, the payer's page and the back office.
 */

/** What a payment pays for: a visa application's paid processing, or a consultation's fee. */
export const PAYMENT_PURPOSES = ['visa-processing', 'consultation'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** QPay (the QR code every Mongolian bank app scans), a card (Stripe Checkout), or staff's record of cash at the office. */
export const PAYMENT_METHODS = ['qpay', 'card', 'manual'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Amounts are integers in the currency's minor unit (ISO 4217: both have two decimals). */
export const PAYMENT_CURRENCIES = ['MNT', 'USD'] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];

export const PAYMENT_STATES = [
  'created',
  'pending',
  'paid',
  'expired',
  'cancelled',
  'failed',
  'refund_pending',
  'refunded',
  'partially_refunded',
  'refund_failed',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * Where each state may go. created → pending (the provider's invoice or session exists) → paid,
 * expired, cancelled or failed; paid → refund_pending → refunded, partially_refunded or
 * refund_failed. A provider may confirm money that arrived after we gave up waiting (a lost
 * callback, an invoice paid at its last second): expired and failed still become paid, because the
 * money moved. A part refunded may be refunded again; a refund that failed may be tried again.
 */
export const PAYMENT_MOVES: Readonly<Record<PaymentState, readonly PaymentState[]>> = {
  created: ['pending', 'paid', 'expired', 'cancelled', 'failed'],
  pending: ['paid', 'expired', 'cancelled', 'failed'],
  expired: ['paid'],
  failed: ['paid'],
  cancelled: [],
  paid: ['refund_pending'],
  refund_pending: ['refunded', 'partially_refunded', 'refund_failed'],
  partially_refunded: ['refund_pending'],
  refund_failed: ['refund_pending'],
  refunded: [],
};

/** The states a payment may be in to move to `to`. */
export function paymentStatesBefore(to: PaymentState): PaymentState[] {
  return PAYMENT_STATES.filter((from) => PAYMENT_MOVES[from].includes(to));
}

/** Still waiting for the payer: what reconciliation asks the provider about. */
export const PAYMENT_OPEN_STATES = ['created', 'pending'] as const satisfies readonly PaymentState[];

export function isOpenPayment(state: PaymentState): boolean {
  return (PAYMENT_OPEN_STATES as readonly PaymentState[]).includes(state);
}

/**
 * A payment that holds its purpose: while one is open or its money is kept, no second payment for
 * the same application or consultation may be made (expired, cancelled, failed and refunded ones
 * leave room for a new one).
 */
export const PAYMENT_HOLDING_STATES = [
  'created',
  'pending',
  'paid',
  'refund_pending',
  'partially_refunded',
  'refund_failed',
] as const satisfies readonly PaymentState[];

/** QPay takes tögrög (at the product's rate, money.ts); a card pays in US dollars. */
export const PAYMENT_METHOD_CURRENCY: Readonly<Record<Exclude<PaymentMethod, 'manual'>, PaymentCurrency>> = {
  qpay: 'MNT',
  card: 'USD',
};

/** A price in whole US dollars as a payment's amount: minor units of `currency` (whole tögrög at `usdToMnt`). */
export function paymentAmount(usd: number, currency: PaymentCurrency, usdToMnt: number): number {
  return currency === 'MNT' ? Math.round(usd * usdToMnt) * 100 : Math.round(usd * 100);
}

/** What the payer is shown to pay with: QPay's QR code and bank links, or a card's Checkout page. */
export interface PaymentInstructions {
  qrText?: string;
  bankLinks?: { name: string; description: string; logo: string; link: string }[];
  checkoutUrl?: string;
}

/** The number a payer and staff quote for a payment: "P-" and the first eight characters of its id. */
export function receiptNumber(paymentId: string): string {
  return `P-${paymentId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}
