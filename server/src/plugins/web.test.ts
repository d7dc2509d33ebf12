import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mnMeta from '@aylal/locales/mn/meta.json' with { type: 'json' };
import { createTestApp, ORIGIN, type TestApp } from '../../test/helpers.ts';
import { DEMO_TRIPS } from '../db/seeds/demo-data.ts';
import { insertTrips, listPublishedTripPaths } from '../modules/trips/index.ts';
import { tripImages } from '../db/schema/trips.ts';
import { insertJobs } from '../modules/jobs/index.ts';
import { jobInput } from '../../test/jobs.ts';

const SCRIPT = 'console.log("aylal");'.repeat(50);

describe('serving the web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'aylal-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html>\n<html lang="en">\n  <head>\n    <!--app-head-->\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
    );
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), SCRIPT);
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
    const worker = `self.addEventListener('push', () => {});`.repeat(20);
    writeFileSync(path.join(dist, 'sw.js'), worker);
    writeFileSync(path.join(dist, 'sw.js.br'), brotliCompressSync(worker));
    t = await createTestApp({}, { webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('fills in the page title, description, Open Graph and hreflang for each page', async () => {
    const response = await t.get('/trips');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<title>Guided trips · Aylal</title>');
    expect(response.body).toContain('<meta property="og:title" content="Guided trips · Aylal">');
    expect(response.body).toContain(`<link rel="alternate" hreflang="en" href="${ORIGIN}/trips">`);
    expect(response.body).toContain(`<link rel="alternate" hreflang="mn" href="${ORIGIN}/trips?lang=mn">`);
    expect(response.body).toContain(`<link rel="canonical" href="${ORIGIN}/trips">`);
    expect(response.body).not.toContain('noindex');
  });

  it('in Mongolian with ?lang=mn, <html lang> included', async () => {
    const response = await t.get('/?lang=mn');
    expect(response.body).toContain('<html lang="mn">');
    expect(response.body).toContain(`<title>${mnMeta.home.title}</title>`);
    expect(response.body).toContain('<meta property="og:locale" content="mn_MN">');
  });

  it('keeps pages behind a login out of search engines', async () => {
    for (const url of ['/cv', '/admin/settings', '/reset-password']) {
      expect((await t.get(url)).body).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('sends any other path to the home page', async () => {
    const response = await t.get('/no/such/page');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
  });

  it('serves hashed assets precompressed and cached for a year', async () => {
    const response = await t.get('/assets/index-abc123.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the service worker uncached, for the whole site, compressed or not', async () => {
    for (const encoding of ['br', 'identity']) {
      const response = await t.get('/sw.js', { headers: { 'accept-encoding': encoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['content-encoding']).toBe(encoding === 'br' ? 'br' : undefined);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['service-worker-allowed']).toBe('/');
    }
  });

  it('answers robots.txt and the sitemap with real content, not the app', async () => {
    const robots = await t.get('/robots.txt');
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    const sitemap = await t.get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toMatch(/xml/);
    expect(sitemap.body).toContain(`<loc>${ORIGIN}/jobs?lang=mn</loc>`);
  });

  it("describes a trip's page with the trip itself, and answers 404 for an unknown trip", async () => {
    await insertTrips(t.db, [DEMO_TRIPS[0]!]);
    const [tripPath] = await listPublishedTripPaths(t.db);
    const page = await t.get(tripPath!);
    expect(page.statusCode).toBe(200);
    const title = DEMO_TRIPS[0]!.title.en.replace(/&/g, '&amp;');
    expect(page.body).toContain(`<title>${title} · Aylal</title>`);
    expect(page.body).not.toContain('noindex');
    const mongolian = await t.get(`${tripPath}?lang=mn`);
    expect(mongolian.body).toContain(`<title>${DEMO_TRIPS[0]!.title.mn} · Аялал</title>`);

    const unknown = await t.get('/trips/00000000-0000-0000-0000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<div id="root">');
    expect(unknown.body).toContain('noindex');

    const sitemap = await t.get('/sitemap.xml');
    expect(sitemap.body).toContain(`<loc>${ORIGIN}${tripPath}?lang=mn</loc>`);
  });

  it("describes a job's page with the job, keeps a closed one out of search engines, and lists open ones in the sitemap", async () => {
    const [open, closed] = await insertJobs(t.db, [
      { ...jobInput({ title: { en: 'Welder in Busan', mn: 'Пусан дахь гагнуурчин' } }), company: 'Hanil' },
      jobInput({ title: { en: 'Closed & done', mn: 'Хаагдсан' }, status: 'closed' }),
    ]);
    const page = await t.get(`/jobs/${open}?lang=mn`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Пусан дахь гагнуурчин · Hanil</title>');
    expect(page.body).toContain(`<link rel="alternate" hreflang="en" href="${ORIGIN}/jobs/${open}">`);
    expect(page.body).not.toContain('noindex');

    const closedPage = await t.get(`/jobs/${closed}`);
    expect(closedPage.statusCode).toBe(200);
    expect(closedPage.body).toContain('<title>Closed &amp; done');
    expect(closedPage.body).toContain('<meta name="robots" content="noindex">');

    const unknown = await t.get('/jobs/00000000-0000-0000-0000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('noindex');

    const sitemap = (await t.get('/sitemap.xml')).body;
    expect(sitemap).toContain(`<loc>${ORIGIN}/jobs/${open}</loc>`);
    expect(sitemap).toContain(`<loc>${ORIGIN}/jobs/${open}?lang=mn</loc>`);
    expect(sitemap).not.toContain(closed);
  });

  it('preloads what the catalogue and a trip page ask for first: their API answer and first picture', async () => {
    const [tripId] = await insertTrips(t.db, [{ ...DEMO_TRIPS[1]!, continent: 'oceania' }]);
    await t.db
      .insert(tripImages)
      .values({ tripId: tripId!, position: 0, fileKey: `trips/${tripId}/cover`, width: 1600, height: 1000 });
    // Written straight to the database: the catalogue this process keeps forgets as a change to a trip would make it.
    t.app.changes.forget(['trip']);
    const base = `/uploads/trips/${tripId}/cover`;

    // The same URL the page builds from its address (unknown and foreign parameters dropped).
    const catalogue = await t.get('/trips?continent=oceania&lang=mn&colour=blue');
    expect(catalogue.body).toContain('<link rel="preload" as="fetch" crossorigin href="/api/trips?continent=oceania">');
    expect(catalogue.body).toContain(
      `<link rel="preload" as="image" href="${base}-480.webp" imagesrcset="${base}-480.webp 480w, ${base}-960.webp 960w, ${base}-1600.webp 1600w" imagesizes="(min-width: 62em) 360px, (min-width: 48em) 50vw, 100vw" fetchpriority="high">`,
    );
    expect((await t.get('/trips')).body).toContain('<link rel="preload" as="fetch" crossorigin href="/api/trips">');

    const page = await t.get(`/trips/${tripId}`);
    expect(page.body).toContain(`<link rel="preload" as="fetch" crossorigin href="/api/trips/${tripId}">`);
    expect(page.body).toContain(`imagesizes="(min-width: 62em) 240px, 50vw" fetchpriority="high">`);
    expect((await t.get('/trips/00000000-0000-0000-0000-000000000000')).body).not.toContain('as="fetch"');
  });

  it('leaves /api/* to the API: an unknown API path is a JSON 404', async () => {
    const response = await t.get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    // However it is spelled: the router decodes the path, and so does the page side (decision 021).
    for (const url of ['/api', '/%61pi', '/%61%70%69', '/%61pi?x=1', '/%61pi/nothing-here']) {
      const encoded = await t.get(url);
      expect(encoded.statusCode, url).toBe(404);
      expect(encoded.json(), url).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('serves a page spelled with encoded letters as the page itself', async () => {
    const response = await t.get('/trip%73?lang=mn');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="mn">');
    expect(response.body).toContain(`<link rel="canonical" href="${ORIGIN}/trips?lang=mn">`);
    // The back office, encoded, is still the back office: out of search engines, no page data.
    expect((await t.get('/%61dmin/settings')).body).toContain('<meta name="robots" content="noindex">');
  });

  it("answers a malformed percent-encoding on a page's path with our own error, in the reader's language", async () => {
    for (const url of ['/%zz', '/trips/%E0%A4%A', '/trips/%', '/assets/%ff%fe']) {
      for (const [language, message] of [
        ['en', 'The request could not be understood. Please try again.'],
        ['mn', 'Хүсэлтийг ойлгох боломжгүй байна. Дахин оролдоно уу.'],
      ] as const) {
        const response = await t.get(url, { headers: { 'accept-language': language } });
        expect(response.statusCode, url).toBe(400);
        expect(response.json(), url).toEqual({ error: { code: 'BAD_REQUEST', message } });
        expect(response.headers['cache-control'], url).toBe('private, no-store');
      }
    }
  });
});
