import type { PlaywrightWorkerArgs } from '@playwright/test';
import type { ContactRequest } from '@aylal/shared/schemas/contact';
import { expect } from '../fixtures.ts';
import { BASE_URL } from './constants.ts';

/**
 * A message sent through the form's API by someone signed out, in English, as the form sends it:
 * with the token the server gave when the form opened, a few seconds earlier; its reference.
 */
export async function sendSignedOut(
  playwright: PlaywrightWorkerArgs['playwright'],
  message: Pick<ContactRequest, 'title' | 'type' | 'name' | 'email' | 'message'>,
): Promise<string> {
  const anonymous = await playwright.request.newContext({ baseURL: BASE_URL });
  const { token } = (await (await anonymous.get('/api/contact/form-token')).json()) as { token: string };
  await new Promise((resolve) => setTimeout(resolve, 3_100));
  const sent = await anonymous.post('/api/contact', {
    headers: { origin: BASE_URL },
    data: { ...message, contact: '', formToken: token, language: 'en' },
  });
  expect(sent.status()).toBe(201);
  const { reference } = (await sent.json()) as { reference: string };
  await anonymous.dispose();
  return reference;
}
