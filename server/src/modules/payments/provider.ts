// What the payments module asks of a provider (decision 033): to start taking a payment, and its
// word on whether it was paid. QPay and Stripe each answer it; nothing else in the module knows
// which one it talks to.
import type { PaymentCurrency, PaymentInstructions } from '@aylal/shared/payment-rules';
import type { PaymentRow } from './states.ts';

export interface StartedPayment {
  /** The provider's invoice or session. */
  providerRef: string;
  expiresAt: Date;
  instructions: PaymentInstructions;
}

/** The provider's word that money arrived: what it was, under the key that makes it one event. */
export interface ProviderConfirmation {
  eventKey: string;
  providerPaymentRef: string;
  amount: number;
  currency: PaymentCurrency | string;
  paidAt: Date;
}

/** What opening a payment at its provider needs besides the payment. */
export interface StartRequest {
  /** What the payer sees at the provider (a reference, never a name). */
  description: string;
  /** Where the provider's callback about this payment goes (QPay's). */
  callbackUrl: string;
  /** The page the payer comes back to from the provider's own page (Stripe Checkout's). */
  returnUrl: string;
}

/** What giving back money of a paid payment needs. */
export interface RefundRequest {
  /** In the payment's minor unit: all that is left, or part of it where the provider can. */
  amount: number;
  /** The same for every try of one refund, so the provider makes it once however often it is asked. */
  idempotencyKey: string;
  /** Where the provider tells of the refund (QPay's callback). */
  callbackUrl: string;
}

export interface PaymentProvider {
  readonly name: 'qpay' | 'stripe';
  /** The payment method it serves. */
  readonly method: 'qpay' | 'card';
  /** Opens the provider's invoice or session for a payment just made. */
  start(payment: PaymentRow, request: StartRequest): Promise<StartedPayment>;
  /** Asks the provider whether the payment was paid: its confirmation, or null while it was not. */
  confirm(payment: PaymentRow): Promise<ProviderConfirmation | null>;
  /** Stops the provider taking the open payment (the payer chose another way); throws when it cannot (paid meanwhile). */
  cancel(payment: PaymentRow): Promise<void>;
  /** Whether it refunds part of a payment (QPay gives back whole payments only). */
  readonly refundsPart: boolean;
  /** Gives back money of a paid payment; throws when the provider refuses or does not answer. */
  refund(payment: PaymentRow, request: RefundRequest): Promise<void>;
}
