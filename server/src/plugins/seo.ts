import type { FastifyInstance } from 'fastify';
import { LANGUAGES } from '@aylal/shared/i18n';
import { INDEXED_PATHS } from '@aylal/shared/pages';

/** A sitemap file may list at most this many URLs (sitemaps.org). */
const SITEMAP_MAX_URLS = 50_000;

/**
 * robots.txt and sitemap.xml, built from the public URL so they are right wherever it runs.
 * `listPages(limit)` gives at most `limit` pages beyond the fixed ones; each is listed in every
 * language, and the whole stays within one sitemap file's limit.
 */
export async function seoRoutes(
  app: FastifyInstance,
  { publicUrl, listPages }: { publicUrl: string; listPages?: (limit: number) => Promise<string[]> },
) {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const urlFor = (path: string, lang: string) => `${publicUrl}${path}${lang === 'en' ? '' : `?lang=${lang}`}`;
    const room = Math.floor(SITEMAP_MAX_URLS / LANGUAGES.length) - INDEXED_PATHS.length;
    const paths = [...INDEXED_PATHS, ...((await listPages?.(room)) ?? []).slice(0, room)];
    const entries = paths.flatMap((path) =>
      LANGUAGES.map(
        (lang) =>
          `  <url>\n    <loc>${urlFor(path, lang)}</loc>\n` +
          LANGUAGES.map(
            (alt) => `    <xhtml:link rel="alternate" hreflang="${alt}" href="${urlFor(path, alt)}"/>\n`,
          ).join('') +
          '  </url>',
      ),
    );
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
          '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
          entries.join('\n') +
          '\n</urlset>\n',
      );
  });
}
