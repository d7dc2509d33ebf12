import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { minimalCv } from '../server/test/cv.ts';
import { BASE_URL, expect, test } from './fixtures.ts';

/**
 * A page on another port of this host is the same site as the product, so a browser sends the
 * visitor's Lax session cookie with its form posts. It tries what such a page tried before
 * hardening (docs/decisions/010-hardening.md): applying for a job and cancelling a consultation in
 * the visitor's name, by form posts (text/plain and urlencoded) and a no-cors fetch. Nothing changes.
 */
function attackPage(applyUrl: string, cancelUrl: string): string {
  const form = (id: string, action: string, enctype: string) =>
    `<iframe name="${id}-frame" title="${id}"></iframe>
     <form id="${id}" method="post" action="${action}" enctype="${enctype}" target="${id}-frame">
       <input name='{"x":"' value='"}'>
     </form>`;
  return `<!doctype html><html><body>
    ${form('apply-plain', applyUrl, 'text/plain')}
    ${form('apply-urlencoded', applyUrl, 'application/x-www-form-urlencoded')}
    ${form('cancel-plain', cancelUrl, 'text/plain')}
    <script>
      for (const id of ['apply-plain', 'apply-urlencoded', 'cancel-plain']) document.getElementById(id).submit();
      window.fetched = Promise.allSettled([
        fetch(${JSON.stringify(applyUrl)}, { method: 'POST', mode: 'no-cors', credentials: 'include',
          headers: { 'content-type': 'text/plain' }, body: '{}' }),
        fetch(${JSON.stringify(cancelUrl)}, { method: 'POST', mode: 'no-cors', credentials: 'include' }),
      ]);
    </script></body></html>`;
}

test('a page on another port cannot apply or cancel in the signed-in visitor’s name', async ({ page, api }) => {
  await api.signUp();
  const headers = { origin: BASE_URL, 'content-type': 'application/json' };
  const cv = minimalCv({ title: 'Cook' });
  expect((await page.request.put(`${BASE_URL}/api/cv`, { data: cv, headers })).status()).toBe(201);
  const jobs = (await (await page.request.get(`${BASE_URL}/api/jobs`)).json()) as { items: { id: string }[] };
  const jobId = jobs.items[0]!.id;
  const trips = (await (await page.request.get(`${BASE_URL}/api/trips?pageSize=1`)).json()) as {
    items: { id: string }[];
  };
  const { slots } = (await (await page.request.get(`${BASE_URL}/api/consultations/slots`)).json()) as {
    slots: string[];
  };
  const booked = await page.request.post(`${BASE_URL}/api/consultations`, {
    data: {
      tripId: trips.items[0]!.id,
      startsAt: slots[slots.length - 1 - Math.floor(Math.random() * 20)],
      acknowledgedPolicy: true,
    },
    headers,
  });
  expect(booked.status()).toBe(201);
  const consultation = (await booked.json()) as { id: string };

  const applyUrl = `${BASE_URL}/api/jobs/${jobId}/applications`;
  const cancelUrl = `${BASE_URL}/api/consultations/${consultation.id}/cancel`;
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(attackPage(applyUrl, cancelUrl));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const attacker = `http://localhost:${(server.address() as AddressInfo).port}/`;

  try {
    const answers: number[] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'POST' && response.url().startsWith(`${BASE_URL}/api/`)) {
        answers.push(response.status());
      }
    });
    await page.goto(attacker);
    // Three form posts and two fetches (whose opaque answers the page cannot read), every one
    // refused before a handler ran.
    await page.evaluate(() => (window as unknown as { fetched: Promise<unknown> }).fetched);
    await expect.poll(() => answers.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    expect(answers.every((status) => status === 403)).toBe(true);
  } finally {
    server.close();
  }

  const applications = (await (await page.request.get(`${BASE_URL}/api/applications`)).json()) as {
    items: unknown[];
  };
  expect(applications.items).toEqual([]);
  const mine = (await (await page.request.get(`${BASE_URL}/api/consultations`)).json()) as {
    items: { id: string; state: string }[];
  };
  expect(mine.items.find((item) => item.id === consultation.id)?.state).toBe('pending');
});
