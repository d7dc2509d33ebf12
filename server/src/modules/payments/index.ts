// Payments (issue 25, docs/decisions/033): provider-agnostic records of what a person pays for,
// moved state by state exactly once. So far: the states, the provider events' ledger, QPay's client
// and provider, and opening and confirming a payment; the routes, Stripe and the screens come next.
export type { PaymentProvider, ProviderConfirmation, StartedPayment } from './provider.ts';
export { QPayClient, QPayError, type QPayConfig } from './qpay-client.ts';
export { qpayProvider } from './qpay-provider.ts';
export { confirmPayment, openPayment, type Confirmation, type OpenPaymentInput } from './service.ts';
export { movePayment, recordProviderEvent, type PaymentMove, type PaymentRow } from './states.ts';
