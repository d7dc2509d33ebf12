import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { seoRoutes } from './seo.ts';

describe('the sitemap', () => {
  it("stays within a single file's limit of 50,000 URLs however many pages there are, every page in both languages", async () => {
    const app = Fastify();
    let asked = 0;
    await app.register(seoRoutes, {
      publicUrl: 'https://aylal.example',
      listPages: async (limit) => {
        asked = limit;
        return Array.from({ length: 80_000 }, (_, index) => `/trips/${index}`);
      },
    });
    const body = (await app.inject('/sitemap.xml')).body;
    const urls = body.match(/<loc>/g)?.length ?? 0;
    expect(urls).toBeLessThanOrEqual(50_000);
    expect(urls).toBeGreaterThan(49_900);
    expect(asked).toBeLessThan(25_000);
    expect(body).toContain('<loc>https://aylal.example/trips/0?lang=mn</loc>');
    await app.close();
  });
});
