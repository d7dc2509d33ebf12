import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { DEMO_TRIPS } from '../db/seeds/demo-data.ts';
import { insertTrips } from '../modules/trips/index.ts';
import { HOME_SHOWCASE_SEARCH } from '@aylal/shared/pages';
import { queryKeys } from '@aylal/shared/query-keys';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/framework-abc.js">
  </head>
  <body><div id="root"></div></body>
</html>
`;

// A stand-in for web/dist-server/entry-server.js: draws what it was given, and fails on request.
const RENDERER = `
export async function render(input) {
  if (input.url.includes('explode')) throw new Error('boom');
  return '<p data-drawn="' + input.language + ' ' + input.currency + ' ' + input.queries.length + '">drawn &lt;/script&gt;</p>';
}
`;

describe('pages drawn on the server', () => {
  let root: string;
  let t: TestApp;
  let off: TestApp;
  let tripId: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'aylal-ssr-'));
    const dist = path.join(root, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    mkdirSync(path.join(root, 'dist-server'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), RENDERER);
    t = await createTestApp({}, { webDistDir: dist });
    off = await createTestApp({ SERVER_RENDERING: 'false' }, { webDistDir: dist });
    tripId = (await insertTrips(t.db, [DEMO_TRIPS[0]!]))[0]!;
  });
  afterAll(async () => {
    await t.close();
    await off.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("draws the catalogue with the reader's language and currency, and sends the data it drew with", async () => {
    const page = await t.get('/trips?continent=asia', { headers: { cookie: 'language=mn; currency=MNT' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="mn">');
    expect(page.body).toContain('<div id="root"><p data-drawn="mn MNT 1">');
    const state = JSON.parse(/<script type="application\/json" id="ssr-data">(.*?)<\/script>/s.exec(page.body)![1]!);
    expect(state).toMatchObject({ language: 'mn', currency: 'MNT' });
    expect(state.queries[0][0]).toEqual(queryKeys.trips.list('continent=asia'));
    expect(state.queries[0][1]).toMatchObject({ total: 1, totalCapped: false });
    // Its code comes after the first paint; its styles are not merely preloaded.
    expect(page.body).toContain(
      '<script defer src="/boot.js" data-entry="/assets/index-abc.js" data-preloads="/assets/framework-abc.js"></script>',
    );
    expect(page.body).not.toContain('type="module"');
  });

  it('draws the home page and a trip page, not an unknown trip or a back-office page', async () => {
    // The home page is drawn with the newest trips and open jobs (the very answers of their APIs).
    const home = (await t.get('/?lang=en')).body;
    expect(home).toContain('data-drawn="en USD 2"');
    const state = JSON.parse(/<script type="application\/json" id="ssr-data">(.*?)<\/script>/s.exec(home)![1]!);
    expect(state.queries.map(([key]: [unknown]) => key)).toEqual([
      queryKeys.trips.list(HOME_SHOWCASE_SEARCH),
      queryKeys.jobs.list(HOME_SHOWCASE_SEARCH),
    ]);
    expect(state.queries[0][1].items.map((trip: { id: string }) => trip.id)).toEqual([tripId]);
    expect(state.queries[1][1]).toMatchObject({ items: [], total: 0 });
    const trip = await t.get(`/trips/${tripId}`);
    expect(trip.body).toContain('data-drawn="en USD 1"');
    expect(trip.body).toContain(JSON.stringify(queryKeys.trips.detail(tripId)));
    const unknown = await t.get('/trips/00000000-0000-0000-0000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<div id="root"></div>');
    for (const url of ['/cv', '/consultations', '/admin/dashboard'])
      expect((await t.get(url)).body, url).toContain('<div id="root"></div>');
  });

  it('escapes the data so nothing in it can end the script block', async () => {
    const page = await t.get(`/trips/${tripId}`);
    const block = /<script type="application\/json" id="ssr-data">(.*?)<\/script>/s.exec(page.body)![1]!;
    expect(block).not.toContain('<');
  });

  it('sends the shell when drawing fails, or when drawing is turned off', async () => {
    const failed = await t.get('/trips?explode=1');
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('<div id="root"></div>');
    expect(failed.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    expect((await off.get('/trips')).body).toContain('<div id="root"></div>');
  });

  it('compresses pages for browsers that accept it', async () => {
    const page = await t.get('/trips', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('data-drawn=');
  });
});
