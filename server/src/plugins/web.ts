import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { isLanguage, LANGUAGES, type Language } from '@aylal/shared/i18n';
import {
  matchPage,
  normalPath,
  pageMetaKey,
  pageModules,
  pageNamespaces,
  pageOf,
  type PageKey,
  type PageMetaKey,
} from '@aylal/shared/pages';
import type { QueryKey } from '@aylal/shared/query-keys';
import enMeta from '@aylal/locales/en/meta.json' with { type: 'json' };
import mnMeta from '@aylal/locales/mn/meta.json' with { type: 'json' };
import { escapeHtml } from '../lib/html.ts';
import { logPath } from '../lib/log-errors.ts';

const META: Record<Language, typeof enMeta> = { en: enMeta, mn: mnMeta };

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * `<link>` hints for the code and words a light public page loads after the entry (its screen, its
 * provider and its namespaces, as the router asks for them, shared/src/pages.ts), from Vite's
 * manifest: announced in the page's head so the browser fetches them at once, not one after
 * another. Pages drawn with the component library (heavy, mostly behind a login) and the back
 * office get none.
 */
export function preloadHints(manifest: Record<string, ManifestChunk>, key: PageMetaKey, language: Language): string[] {
  if (key === 'admin') return [];
  if (pageOf(key).ui === 'mantine') return [];
  const assets = { modules: pageModules(key), namespaces: pageNamespaces(key) };
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of assets.modules) visit(module);
  for (const namespace of assets.namespaces) visit(`../locales/${language}/${namespace}.json`);
  return [...files].map((file) =>
    file.endsWith('.css')
      ? `<link rel="preload" as="style" crossorigin href="/${file}">`
      : `<link rel="modulepreload" crossorigin href="/${file}">`,
  );
}
const HEAD_MARKER = '<!--app-head-->';

/** Vite's entry `<script type="module">` and the modulepreload links after it, in index.html. */
const ENTRY_TAGS =
  /<script type="module" crossorigin src="([^"]+)"><\/script>((?:\s*<link rel="modulepreload" crossorigin href="[^"]+">)*)/;

function readCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (!name) continue;
    try {
      cookies[name] = decodeURIComponent(value.join('='));
    } catch {
      // A cookie that is not ours, badly encoded: ignored.
    }
  }
  return cookies;
}

/** What the server knows of a page beyond its kind (a trip's own title, summary and picture). */
export interface PageDescription {
  title: string;
  description: string;
  image?: string;
  /** False for a page worth keeping but not worth finding (a job no longer taking applications). */
  indexed?: boolean;
}

/** What the server reads for one page, once per request. */
export interface PageData {
  /** A page about one thing, described by it; null: there is no such thing (the page answers 404). */
  described?: PageDescription | null;
  /** `<link>` preloads of what the page asks for as soon as its code runs (its API data, its first picture). */
  preloads: string[];
  /**
   * The data the page is drawn with, under the web app's query keys (shared/src/query-keys.ts);
   * null: not drawn here.
   */
  queries: [QueryKey, unknown][] | null;
}

/** A public page as the server reads it: its kind, its path's parameters (`id`) and the request's search. */
export interface PageRequest<Key extends PageKey = PageKey> {
  key: Key;
  params: Record<string, string>;
  pathname: string;
  search: URLSearchParams;
  language: Language;
  withData: boolean;
}

export type LoadPage = (page: PageRequest) => Promise<PageData>;

/** The server's data loaders, one per public page it draws or describes (the modules' page-data.ts). */
export type PageLoaders = { [Key in PageKey]?: (page: PageRequest<Key>) => Promise<PageData> };

/** One LoadPage from the loaders: a page without one is sent as the shell (its code asks for its data). */
export function pageLoader(loaders: PageLoaders): LoadPage {
  return (page) => {
    const load = loaders[page.key] as ((page: PageRequest) => Promise<PageData>) | undefined;
    return load ? load(page) : Promise.resolve({ preloads: [], queries: null });
  };
}

/** The web app's server renderer (plugins/server-rendering.ts): HTML for #root, or null (a redirect). */
export type DrawPage = (input: {
  url: string;
  language: Language;
  currency: 'USD' | 'MNT';
  queries: [QueryKey, unknown][];
}) => Promise<string | null>;

export function renderHead(options: {
  key: PageMetaKey;
  pathname: string;
  language: Language;
  publicUrl: string;
  described?: PageDescription | null;
}): string {
  const { key, pathname, language, publicUrl, described } = options;
  const meta = described ?? META[language][key];
  const urlFor = (lang: Language) => `${publicUrl}${pathname}${lang === 'en' ? '' : `?lang=${lang}`}`;
  // A fixed page as the registry says; a page about one thing as the thing says.
  const definition = key === 'admin' ? null : pageOf(key);
  const indexed =
    !!definition?.indexed && (definition.path.includes(':') ? !!described && described.indexed !== false : true);
  const image = described?.image ? `${publicUrl}${described.image}` : `${publicUrl}/logo.png`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(META[language].siteName)}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(urlFor(language))}">`,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    `<meta property="og:locale" content="${language === 'mn' ? 'mn_MN' : 'en_US'}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<link rel="canonical" href="${escapeHtml(urlFor(language))}">`,
    ...LANGUAGES.map((lang) => `<link rel="alternate" hreflang="${lang}" href="${escapeHtml(urlFor(lang))}">`),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(urlFor('en'))}">`,
    ...(indexed ? [] : ['<meta name="robots" content="noindex">']),
  ];
  return tags.join('\n    ');
}

/**
 * Serves the built SPA: hashed assets with long-lived caching and precompressed variants, the
 * few root files, and index.html (with the page's title, description, Open Graph and hreflang
 * filled in) for every page the app answers. Unknown paths go to the home page.
 */
export async function webPlugin(
  app: FastifyInstance,
  {
    distDir,
    publicUrl,
    loadPage,
    drawPage,
  }: {
    distDir: string;
    publicUrl: string;
    loadPage?: LoadPage;
    drawPage?: DrawPage;
  },
) {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`web build not found in ${distDir}: run "npm run build" (npm start does it for you)`);
    return;
  }
  const template = readFileSync(indexFile, 'utf8');
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>)
    : {};
  // The entry and everything it imports are already in index.html; the rest is worked out once
  // per page kind and language.
  const inTemplate = new Set([...template.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]));

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      if (/^sw\.js(\.br|\.gz)?$/.test(path.basename(filePath))) {
        // The service worker (or its precompressed copy): checked for updates on each visit, for the whole site.
        res.setHeader('cache-control', 'no-cache');
        res.setHeader('service-worker-allowed', '/');
        return;
      }
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const hintCache = new Map<string, string[]>();
  const hintsFor = (key: PageMetaKey, language: Language) => {
    const cacheKey = `${key}:${language}`;
    let hints = hintCache.get(cacheKey);
    if (!hints) {
      hints = preloadHints(manifest, key, language).filter(
        (hint) => !inTemplate.has(/href="\/([^"]+)"/.exec(hint)?.[1]),
      );
      hintCache.set(cacheKey, hints);
    }
    return hints;
  };

  /** The page drawn on the server, or null (the drawing failed or redirects: the shell goes). */
  const drawn = async (url: URL, language: Language, currency: 'USD' | 'MNT', queries: [QueryKey, unknown][]) => {
    try {
      return (await drawPage?.({ url: url.href, language, currency, queries })) ?? null;
    } catch (error) {
      app.log.error({ err: error, url: logPath(url.pathname) }, 'server rendering failed; sending the page shell');
      return null;
    }
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, decodedPath: string) => {
    // The path as the router decoded it (`/trip%73` is `/trips`), written again in its one
    // spelling; the query as sent.
    const url = new URL(request.url, 'http://localhost');
    url.pathname = decodedPath;
    const key = pageMetaKey(url.pathname);
    if (!key) return reply.redirect('/', 302);
    // ?lang= (shared links), then the reader's saved choices (cookies the web app keeps).
    const cookies = readCookies(request.headers.cookie);
    const lang = url.searchParams.get('lang') ?? cookies.language;
    const language: Language = isLanguage(lang) ? lang : 'en';
    const currency = cookies.currency === 'MNT' ? 'MNT' : 'USD';
    const pathname = normalPath(url.pathname);
    const matched = key === 'admin' ? null : matchPage(pathname);
    const page: PageData =
      loadPage && matched
        ? await loadPage({
            key: matched.key,
            params: matched.params,
            pathname,
            search: url.searchParams,
            language,
            withData: Boolean(drawPage),
          })
        : { preloads: [], queries: null };
    const { described } = page;
    const html = page.queries && described !== null ? await drawn(url, language, currency, page.queries) : null;
    const rendered = html === null ? null : { html, state: { language, currency, queries: page.queries } };
    // A drawn page paints from its HTML: its styles become stylesheets, and its code and data
    // (carried in the page) need no early fetch competing with the first paint.
    const hints = rendered
      ? hintsFor(key, language)
          .filter((hint) => hint.includes('as="style"'))
          .map((hint) => hint.replace('rel="preload" as="style"', 'rel="stylesheet"'))
      : hintsFor(key, language);
    const dataHint = rendered ? page.preloads.filter((hint) => hint.includes('as="image"')) : page.preloads;
    let document = template
      .replace('<html lang="en">', `<html lang="${language}">`)
      .replace(
        HEAD_MARKER,
        [renderHead({ key, pathname, language, publicUrl, described }), ...hints, ...dataHint].join('\n    '),
      );
    if (rendered) {
      // Data, not a script: the CSP's `script-src 'self'` does not apply to it, and `<` is escaped.
      const state = JSON.stringify(rendered.state).replace(/</g, '\\u003c');
      document = document
        .replace(
          '<div id="root"></div>',
          `<div id="root">${rendered.html}</div>\n    <script type="application/json" id="ssr-data">${state}</script>`,
        )
        // The page is already there to read: its code is asked for after the first paint.
        .replace(ENTRY_TAGS, (_all, entry: string, preloads: string) => {
          // The entry's own imports, then the page's route code and words, all asked for at once.
          const routeModules = hintsFor(key, language).filter((hint) => hint.includes('rel="modulepreload"'));
          const modules = [...`${preloads} ${routeModules.join(' ')}`.matchAll(/href="([^"]+)"/g)]
            .map((match) => match[1])
            .join(' ');
          return `<script defer src="/boot.js" data-entry="${entry}" data-preloads="${modules}"></script>`;
        });
    }
    reply
      .status(described === null ? 404 : 200)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, cookie')
      .type('text/html; charset=utf-8');
    // A drawn page carries its words and data: compressed, it is a fifth of the size on the wire.
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) {
      return reply
        .header('content-encoding', 'br')
        .send(brotliCompressSync(document, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
    }
    if (/\bgzip\b/.test(accepted))
      return reply.header('content-encoding', 'gzip').send(gzipSync(document, { level: 6 }));
    return reply.send(document);
  };

  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    // What the wildcard matched, decoded by the router: `/%61pi` is `/api` (decision 021).
    const decodedPath = `/${(request.params as { '*': string })['*']}`;
    if (decodedPath.startsWith('/api/') || decodedPath === '/api') {
      return reply.callNotFound();
    }
    return sendPage(request, reply, decodedPath);
  });
}
