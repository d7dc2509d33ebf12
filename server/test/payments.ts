import type { TestApp } from './helpers.ts';

/** A new traveller with a visa application (a draft) to pay for: their cookie, id and the application's. */
export async function travellerWithVisa(t: TestApp, email: string) {
  const cookie = await t.signUp(email);
  const me = (await t.get('/api/me', { cookie })).json() as { id: string };
  const draft = await t.send('POST', '/api/visa-applications', { cookie, body: {} });
  if (draft.statusCode >= 300) throw new Error(`no visa application for ${email}: ${draft.body}`);
  return { cookie, userId: me.id, visaApplicationId: (draft.json() as { id: string }).id };
}
