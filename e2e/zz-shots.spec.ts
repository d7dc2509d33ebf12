import { BASE_URL, expect, ok, signInAsAdmin, test } from './fixtures.ts';

test('shots', async ({ browser, page, api }) => {
  const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staffPage = await staff.newPage();
  await signInAsAdmin(staffPage);
  const hoursUrl = `${BASE_URL}/api/admin/settings/consultation-hours`;
  const before = await ok<Record<string, unknown>>(await staffPage.request.get(hoursUrl));
  await ok(await staffPage.request.put(hoursUrl, { headers: { origin: BASE_URL }, data: { ...before, tripFeeUsd: 20, visaFeeUsd: 35 } }));
  await staffPage.goto('/admin/settings?lang=en');
  await staffPage.getByText('Fee for a consultation about a trip').scrollIntoViewIfNeeded();
  await staffPage.screenshot({ path: '/tmp/shots/settings-en.png' });
  await staffPage.goto('/admin/settings?lang=mn');
  await staffPage.getByText('Аяллын талаарх зөвлөгөөний төлбөр').scrollIntoViewIfNeeded();
  await staffPage.screenshot({ path: '/tmp/shots/settings-mn.png' });
  await api.signUp();
  const trips = await ok<{ items: { id: string }[] }>(await page.request.get(`${BASE_URL}/api/trips?pageSize=12`));
  const slots = await ok<{ slots: string[] }>(await page.request.get(`${BASE_URL}/api/consultations/slots`));
  for (const [lang, width] of [['en', 1280], ['mn', 412]] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/trips/${trips.items[lang === 'en' ? 3 : 4]!.id}?lang=${lang}`);
    await page.getByRole('button', { name: lang === 'en' ? 'Book a consultation' : /зөвлөгөө/i }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox').check();
    await dialog.getByText(lang === 'en' ? 'This consultation costs' : 'Энэ зөвлөгөө').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots/dialog-${lang}.png` });
  }
  const booked = await ok<{ id: string }>(
    await page.request.post(`${BASE_URL}/api/consultations`, {
      headers: { origin: BASE_URL },
      data: { tripId: trips.items[5]!.id, startsAt: slots.slots[200], acknowledgedPolicy: true },
    }),
    201,
  );
  for (const [lang, width] of [['en', 1280], ['mn', 412]] as const) {
    await page.setViewportSize({ width, height: 1000 });
    await page.goto(`/consultations?lang=${lang}`);
    await expect(page.getByRole('button', { name: /QPay/ }).first()).toBeVisible();
    await page.screenshot({ path: `/tmp/shots/card-${lang}.png`, fullPage: true });
  }
  await page.getByRole('button', { name: /QPay/ }).first().click();
  await expect(page.getByRole('img', { name: /QPay/ })).toBeVisible();
  await page.screenshot({ path: `/tmp/shots/card-qpay-mn.png`, fullPage: true });
  await staffPage.goto(`/admin/consultations?open=${booked.id}&lang=en`);
  await expect(staffPage.getByText(/Fee \$20/)).toBeVisible();
  await staffPage.screenshot({ path: '/tmp/shots/drawer-en.png' });
  await ok(await staffPage.request.put(hoursUrl, { headers: { origin: BASE_URL }, data: before }));
});
