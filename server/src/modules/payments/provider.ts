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

export interface PaymentProvider {
  readonly name: 'qpay' | 'stripe';
  /** The payment method it serves. */
  readonly method: 'qpay' | 'card';
  /** Opens the provider's invoice or session for a payment just made; its callback comes to `callbackUrl`. */
  start(payment: PaymentRow, description: string, callbackUrl: string): Promise<StartedPayment>;
  /** Asks the provider whether the payment was paid: its confirmation, or null while it was not. */
  confirm(payment: PaymentRow): Promise<ProviderConfirmation | null>;
}
