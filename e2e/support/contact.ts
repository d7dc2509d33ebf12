import type { PlaywrightWorkerArgs } from '@playwright/test';
import type { ContactRequest } from '@aylal/shared/schemas/contact';
import { expect } from '../fixtures.ts';
import { BASE_URL } from './constants.ts';

type SignedOutMessage = Pick<ContactRequest, 'title' | 'type' | 'name' | 'email' | 'message'>;

/**
 * A message sent through the form's API by someone signed out, in English, as the form sends it:
 * with the token the server gave when the form opened, a few seconds earlier; its reference.
 */
export async function sendSignedOut(
  playwright: PlaywrightWorkerArgs['playwright'],
  message: SignedOutMessage,
): Promise<string> {
  const [reference] = await sendAllSignedOut(playwright, [message]);
  return reference!;
}

/**
 * Several such messages, each from a visitor of its own: their forms open together, so the few
 * seconds a form must stay open are waited once; sent in the order given. Their references.
 */
export async function sendAllSignedOut(
  playwright: PlaywrightWorkerArgs['playwright'],
  messages: SignedOutMessage[],
): Promise<string[]> {
  const visitors = await Promise.all(
    messages.map(async () => {
      const anonymous = await playwright.request.newContext({ baseURL: BASE_URL });
      const { token } = (await (await anonymous.get('/api/contact/form-token')).json()) as { token: string };
      return { anonymous, token };
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 3_100));
  const references: string[] = [];
  for (const [index, { anonymous, token }] of visitors.entries()) {
    const sent = await anonymous.post('/api/contact', {
      headers: { origin: BASE_URL },
      data: { ...messages[index]!, contact: '', formToken: token, language: 'en' },
    });
    expect(sent.status()).toBe(201);
    references.push(((await sent.json()) as { reference: string }).reference);
    await anonymous.dispose();
  }
  return references;
}
