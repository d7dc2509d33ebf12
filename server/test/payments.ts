import type { OpenPaymentInput } from '../src/modules/payments/index.ts';
import { expect } from 'vitest';
import type { TestApp } from './helpers.ts';
import { completeVisaForm, visaConsent } from './visa.ts';

/** A new traveller with a visa application (a draft) to pay for: their cookie, id and the application's. */
export async function travellerWithVisa(t: TestApp, email: string) {
  const cookie = await t.signUp(email);
  const me = (await t.get('/api/me', { cookie })).json() as { id: string };
  const draft = await t.send('POST', '/api/visa-applications', { cookie, body: {} });
  if (draft.statusCode >= 300) throw new Error(`no visa application for ${email}: ${draft.body}`);
  return { cookie, userId: me.id, visaApplicationId: (draft.json() as { id: string }).id };
}

/** What opening a payment of `traveller`'s visa processing at $49 takes; `overrides` change any of it. */
export function visaPaymentInput(
  traveller: { userId: string; visaApplicationId: string },
  overrides: Partial<OpenPaymentInput> = {},
): OpenPaymentInput {
  return {
    purpose: 'visa-processing',
    visaApplicationId: traveller.visaApplicationId,
    userId: traveller.userId,
    priceUsd: 49,
    currency: 'MNT',
    description: 'Visa processing',
    callbackUrl: () => 'http://127.0.0.1:1/lost',
    returnUrl: (id) => `http://127.0.0.1:1/visa/${traveller.visaApplicationId}?payment=${id}`,
    ...overrides,
  };
}

/** An application of `cookie`'s sent, with the paid processing chosen or not: its id. */
export async function sentVisaApplication(t: TestApp, cookie: string, processing: boolean): Promise<string> {
  const created = (await t.send('POST', '/api/visa-applications', { cookie })).json();
  const saved = await t.send('PUT', `/api/visa-applications/${created.id}`, {
    cookie,
    body: { form: completeVisaForm({ processing }) },
    headers: { 'if-match': `"${created.version}"` },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const submitted = await t.send('POST', `/api/visa-applications/${created.id}/submit`, {
    cookie,
    body: visaConsent(),
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return created.id as string;
}

/** Staff (`admin`'s cookie) price the visa processing at $49 in Settings. */
export async function priceVisaProcessing(t: TestApp, admin: string): Promise<void> {
  const price = await t.send('PUT', '/api/admin/settings/visa', { cookie: admin, body: { processingPriceUsd: 49 } });
  expect(price.statusCode, price.body).toBe(200);
}
