import { afterAll, beforeAll } from 'vitest';
import { fakeQPayConfig, startFakeQPay, type FakeQPay } from '../src/bench/fake-qpay.ts';
import { fakeStripeConfig, startFakeStripe, type FakeStripe } from '../src/bench/fake-stripe.ts';
import { ADMIN_EMAIL, createTestApp, type TestApp, useAccounts } from './helpers.ts';
import { lazily } from './lazily.ts';

/**
 * A test app that takes payments: the local Stripe and QPay started before a block's tests, the
 * app configured for both, and an admin and a traveller signed up; all closed after the tests.
 */
export function usePayingTestApp() {
  let t: TestApp | undefined;
  let stripe: FakeStripe | undefined;
  let qpay: FakeQPay | undefined;
  beforeAll(async () => {
    [stripe, qpay] = await Promise.all([startFakeStripe(), startFakeQPay()]);
    t = await createTestApp({ ...fakeStripeConfig(stripe.url), ...fakeQPayConfig(qpay.url) });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([stripe?.close(), qpay?.close()]);
  });
  const app = {
    t: lazily(() => t, 'the test app'),
    stripe: lazily(() => stripe, 'the local Stripe'),
    qpay: lazily(() => qpay, 'the local QPay'),
  };
  return { ...app, accounts: useAccounts(app.t, { admin: ADMIN_EMAIL, traveller: 'traveller@example.com' }) };
}
