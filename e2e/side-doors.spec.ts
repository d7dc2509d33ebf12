/**
 * Side doors (docs/decisions/021): a link's `?next=` that a browser would read as another host never
 * leads off the site after an action. The attacker's report: `/cv?next=/\host/phish` took the
 * visitor off-site at "Back to the job".
 */
import enCv from '@aylal/locales/en/cv.json' with { type: 'json' };
import { BASE_URL, expect, test } from './fixtures.ts';

/** The report's case and its plainer cousin; web/src/lib/same-origin-path.test.ts has the rest. */
const OFF_SITE = ['/\\evil.example/phish', '/.//evil.example/phish'];

test("after saving a CV, 'Back to the job' stays on this site whatever ?next= says", async ({ page, api }) => {
  // Three page loads and saves: about 30 s on a quiet machine, three times as long on a loaded one.
  test.setTimeout(180_000);
  await api.signUp({ name: 'Nomin Bat' });
  const jobs = (await (await page.request.get(`${BASE_URL}/api/jobs`)).json()) as { items: { id: string }[] };
  const job = `/jobs/${jobs.items[0]!.id}`;
  // Were the page to follow one of these, it would land here.
  const phished: string[] = [];
  await page.route('**://evil.example/**', (route) => {
    phished.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<h1>Phish</h1>' });
  });

  let saves = 0;
  const saveCv = async () => {
    await page.getByLabel(enCv.fields.title).fill(`Registered nurse ${(saves += 1)}`);
    await expect(page.getByText(enCv.unsaved)).toBeVisible();
    await page.getByRole('button', { name: enCv.save }).click();
    // The save bar's own words stay, where a toast closes by itself.
    await expect(page.getByText(enCv.allSaved, { exact: true })).toBeVisible({ timeout: 30_000 });
  };

  for (const next of OFF_SITE) {
    await page.goto(`/cv?next=${encodeURIComponent(next)}`);
    await saveCv();
    const back = page.getByRole('link', { name: enCv.backToJob });
    // No way back is offered to a place that is not ours; were one offered, it would stay here.
    for (const link of await back.all()) {
      expect(new URL((await link.getAttribute('href'))!, BASE_URL).origin, next).toBe(new URL(BASE_URL).origin);
      await link.click();
    }
    expect(new URL(page.url()).origin, next).toBe(new URL(BASE_URL).origin);
  }
  expect(phished).toEqual([]);

  // A job of this site: the way back is there and leads to it.
  await page.goto(`/cv?next=${encodeURIComponent(job)}`);
  await saveCv();
  await page.getByRole('link', { name: enCv.backToJob }).click();
  await expect(page).toHaveURL(`${BASE_URL}${job}`);
});
