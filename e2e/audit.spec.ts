/**
 * Who changed what and the account timeline (issue 14; docs/decisions/018): a trip's edit shows in
 * its history with who made it and the price written for the reader; a person with a
 * consultation, a job application and a visa application sees all three on their timeline, on a
 * phone in Mongolian. The records are set up through the API: the screens are what is checked.
 */
import type { APIRequestContext, APIResponse } from '@playwright/test';
import mnProfile from '@aylal/locales/mn/profile.json' with { type: 'json' };
import mnTimeline from '@aylal/locales/mn/timeline.json' with { type: 'json' };
import { DEMO_TRIPS } from '../server/src/db/seeds/demo-data.ts';
import { ADMIN_NAME, BASE_URL, en, expect, fill, signInAsAdmin, test } from './fixtures.ts';
import { visaApplicationOf } from './support/visa.ts';

const headers = { origin: BASE_URL };

async function ok(response: Promise<APIResponse>, status = 200) {
  const answer = await response;
  expect(answer.status(), await answer.text()).toBe(status);
  return answer.json() as Promise<Record<string, unknown>>;
}

test("a trip's edit shows in its history, with who made it and the price as the reader reads it", async ({ page }) => {
  await signInAsAdmin(page);
  // A draft, deleted at the end: the catalogue's own tests count the published trips.
  const trip = {
    ...DEMO_TRIPS[0]!,
    status: 'draft' as const,
    fare: 1200,
    title: { en: `History trip ${Date.now()}`, mn: 'Түүхийн аялал' },
  };
  const { id } = (await ok(page.request.post(`${BASE_URL}/api/admin/trips`, { headers, data: trip }), 201)) as {
    id: string;
  };
  await ok(page.request.put(`${BASE_URL}/api/admin/trips/${id}`, { headers, data: { ...trip, fare: 1350 } }));

  await page.goto(`/admin/trips/${id}`);
  await expect(page.getByRole('heading', { level: 2, name: en.admin.history.title })).toBeVisible();
  const entries = page.getByRole('listitem').filter({ hasText: ADMIN_NAME });
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText(fill(en.admin.history.actions.update, { actor: ADMIN_NAME }));
  // A sentence, as staff read it.
  await expect(entries.first()).toContainText('Price changed from $1,200 to $1,350.');
  await expect(entries.last()).toContainText(fill(en.admin.history.actions.create, { actor: ADMIN_NAME }));
  expect((await page.request.delete(`${BASE_URL}/api/admin/trips/${id}`, { headers })).ok()).toBe(true);
});

/** Books the first free slot from a random one on (other tests book too; active consultations never overlap). */
async function bookSomeSlot(request: APIRequestContext, tripId: string) {
  const { slots } = (await (await request.get(`${BASE_URL}/api/consultations/slots`)).json()) as { slots: string[] };
  const start = Math.floor(Math.random() * Math.max(1, slots.length - 20));
  for (const startsAt of slots.slice(start, start + 20)) {
    const response = await request.post(`${BASE_URL}/api/consultations`, {
      headers,
      data: { tripId, startsAt, acknowledgedPolicy: true },
    });
    if (response.status() === 201) return;
  }
  throw new Error('no free slot to book');
}

test('a person sees their consultation, job application and visa application on their timeline @phone-only', async ({
  page,
  api,
  uniqueEmail,
}) => {
  const email = uniqueEmail('timeline');
  await api.signUp({ email, name: 'Бат Дорж' });
  const request = page.request;

  const trips = (await (await request.get(`${BASE_URL}/api/trips?pageSize=1`)).json()) as {
    items: { id: string; title: { mn: string } }[];
  };
  await bookSomeSlot(request, trips.items[0]!.id);

  const jobs = (await (await request.get(`${BASE_URL}/api/jobs?pageSize=1`)).json()) as {
    items: { id: string; title: { mn: string } }[];
  };
  await ok(
    request.put(`${BASE_URL}/api/cv`, {
      headers,
      data: {
        fullName: 'Бат Дорж',
        title: 'Гагнуурчин',
        email,
        phone: '',
        address: '',
        summary: '',
        experience: [],
        education: [],
        skills: [],
        languages: [],
      },
    }),
    201,
  );
  await ok(request.post(`${BASE_URL}/api/jobs/${jobs.items[0]!.id}/applications`, { headers, data: {} }), 201);

  const { id: visaId } = await visaApplicationOf(
    request,
    { firstName: 'Bat', lastName: 'Dorj', email },
    { submit: true },
  );

  // From the profile page, in Mongolian, on a phone.
  await page.goto('/profile?lang=mn');
  await page.getByRole('link', { name: mnProfile.timelineLink }).click();
  await expect(page).toHaveURL(/\/account\/timeline$/);
  await expect(page.getByRole('heading', { level: 1, name: mnTimeline.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: mnTimeline.today })).toBeVisible();

  const items = page.getByTestId('timeline-item');
  await expect(items).toHaveCount(4);
  // Newest first: the visa application sent, then started, the job application, the consultation.
  await expect(items.nth(0)).toContainText(mnTimeline.visa.submitted);
  await expect(items.nth(0)).toContainText('Өмнөд Солонгос');
  await expect(items.nth(1)).toContainText(mnTimeline.visa.created);
  await expect(items.nth(2)).toContainText(mnTimeline.application.applied);
  await expect(items.nth(2)).toContainText(jobs.items[0]!.title.mn);
  await expect(items.nth(3)).toContainText(mnTimeline.consultation.booked);
  await expect(items.nth(3)).toContainText(trips.items[0]!.title.mn);

  // Each opens its page.
  await items.nth(0).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/visa/${visaId}$`));
});
