// The local payment providers the end-to-end tests' products pay through, started once for every
// lane (as the local OpenID provider is): QPay (server/src/bench/fake-qpay.ts) on E2E_QPAY_PORT and
// Stripe (server/src/bench/fake-stripe.ts) on E2E_STRIPE_PORT. Stripe's webhooks go back to the
// product a session came from.
import { startFakeQPay } from '../../server/src/bench/fake-qpay.ts';
import { startFakeStripe } from '../../server/src/bench/fake-stripe.ts';

// Stripe first: the runner waits for QPay's health, and both must be up by then.
const stripe = await startFakeStripe(Number(process.env.E2E_STRIPE_PORT ?? 4022));
const qpay = await startFakeQPay(Number(process.env.E2E_QPAY_PORT ?? 4021));
console.log(`fake QPay on ${qpay.url}, fake Stripe on ${stripe.url}`);
const stop = () => void Promise.all([qpay.close(), stripe.close()]).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
