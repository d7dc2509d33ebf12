/**
 * Where a consultation happens (issue 23): staff set a video link in the back office (an http link
 * is refused with a translated message), the traveller is emailed, and their consultations page
 * shows the link with "Add to calendar": the calendar file and a Google Calendar link, in English
 * and Mongolian.
 */
import enAdmin from '@aylal/locales/en/admin.json' with { type: 'json' };
import enBooking from '@aylal/locales/en/consultationBooking.json' with { type: 'json' };
import mnBooking from '@aylal/locales/mn/consultationBooking.json' with { type: 'json' };
import { DEMO_TRIPS } from '../server/src/db/seeds/demo-data.ts';
import { ADMIN_NAME, BASE_URL, expect, fill, signedInContext, test, toast } from './fixtures.ts';

const place = enAdmin.consultations.place;

test('staff set a video link; the traveller sees it and can add it to their calendar', async ({
  page,
  browser,
  createUser,
  signInAsAdmin,
  mail,
}) => {
  // A traveller books through the API (a random open time, so runs do not race for one slot).
  const traveller = await createUser({ name: `Saruul ${Date.now().toString(36)}` });
  const { context, page: travellerPage } = await signedInContext(browser, traveller.email, traveller.password);
  const trips = (await (await travellerPage.request.get(`${BASE_URL}/api/trips?pageSize=12`)).json()) as {
    items: { id: string; title: { en: string } }[];
  };
  const trip = trips.items.find((item) => item.title.en === DEMO_TRIPS[5]!.title.en)!;
  const { slots } = (await (await travellerPage.request.get(`${BASE_URL}/api/consultations/slots`)).json()) as {
    slots: string[];
  };
  const startsAt = slots[10 + Math.floor(Math.random() * Math.min(60, slots.length - 10))]!;
  const booked = await travellerPage.request.post(`${BASE_URL}/api/consultations`, {
    data: { tripId: trip.id, startsAt, acknowledgedPolicy: true },
    headers: { origin: BASE_URL },
  });
  expect(booked.status()).toBe(201);
  const video = `https://meet.example.com/aylal-${Date.now().toString(36)}`;

  // Staff: an http link is refused on the field; an https one is saved and written in the history.
  await signInAsAdmin(page);
  await page.goto('/admin/consultations');
  await page.getByRole('textbox', { name: 'Search' }).fill(traveller.name);
  const row = page.getByRole('row', { name: new RegExp(traveller.name) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `${enAdmin.consultations.open}: ${traveller.name}` }).click();
  const drawer = page.getByRole('dialog', { name: enAdmin.consultations.detailTitle });
  await expect(drawer.getByText(/^At the office: .+/)).toBeVisible();
  await drawer.getByText(place.video, { exact: true }).click();
  const link = drawer.getByRole('textbox', { name: place.videoLabel });
  await link.fill('http://meet.example.com/plain');
  await drawer.getByRole('button', { name: place.save }).click();
  await expect(drawer.getByText(place.badLink)).toBeVisible();
  await link.fill(video);
  await drawer.getByRole('button', { name: place.save }).click();
  await expect(toast(page, place.saved)).toBeVisible();
  // Written in the history as a sentence: who set which link.
  await expect(
    drawer.getByText(fill(enAdmin.consultations.said.placeVideo, { actor: ADMIN_NAME, place: video }), { exact: true }),
  ).toBeVisible();

  // One email, with the link and the calendar invitation's LOCATION.
  const email = await mail.waitForMail(traveller.email, { subjectIncludes: 'Where your consultation takes place' });
  expect(email.text).toContain(`Where: Video call: ${video}`);
  expect(email.calendar).toContain(`LOCATION:${video}`);

  // The traveller: the link, the calendar file and Google Calendar's link.
  await travellerPage.goto('/consultations');
  const card = travellerPage.getByRole('listitem', { name: DEMO_TRIPS[5]!.title.en });
  await expect(card.getByRole('link', { name: enBooking.location.join })).toHaveAttribute('href', video);
  const calendar = card.getByRole('group', { name: enBooking.location.addToCalendar });
  const file = calendar.getByRole('link', { name: enBooking.location.downloadIcs });
  const ics = await travellerPage.request.get(new URL((await file.getAttribute('href'))!, BASE_URL).toString());
  expect(ics.headers()['content-type']).toContain('text/calendar');
  const body = await ics.text();
  expect(body).toContain(`LOCATION:${video}`);
  expect(body).toContain(`DTSTART:${startsAt.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
  const google = new URL(
    (await calendar.getByRole('link', { name: enBooking.location.googleCalendar }).getAttribute('href'))!,
  );
  expect(`${google.origin}${google.pathname}`).toBe('https://calendar.google.com/calendar/render');
  expect(google.searchParams.get('action')).toBe('TEMPLATE');
  expect(google.searchParams.get('location')).toBe(video);
  expect(google.searchParams.get('text')).toBe(`Aylal consultation: ${DEMO_TRIPS[5]!.title.en}`);
  expect(google.searchParams.get('dates')).toMatch(/^\d{8}T\d{6}Z\/\d{8}T\d{6}Z$/);

  // In Mongolian: the same, in Mongolian words.
  await travellerPage.goto('/consultations?lang=mn');
  const mnCard = travellerPage.getByRole('listitem', { name: DEMO_TRIPS[5]!.title.mn });
  await expect(mnCard.getByText(`${mnBooking.location.video}:`)).toBeVisible();
  await expect(mnCard.getByRole('link', { name: mnBooking.location.join })).toHaveAttribute('href', video);
  const mnCalendar = mnCard.getByRole('group', { name: mnBooking.location.addToCalendar });
  await expect(mnCalendar.getByRole('link', { name: mnBooking.location.downloadIcs })).toBeVisible();
  await expect(mnCalendar.getByRole('link', { name: mnBooking.location.googleCalendar })).toBeVisible();
  await context.close();
});
