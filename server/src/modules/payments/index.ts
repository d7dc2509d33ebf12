// Payments (issue 25, docs/decisions/033): provider-agnostic records of what a person pays for,
// moved state by state exactly once. So far the states and the provider events' ledger; the
// providers (QPay, Stripe), the routes and the screens come next.
export { movePayment, recordProviderEvent, type PaymentMove, type PaymentRow } from './states.ts';
