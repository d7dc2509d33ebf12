import { describe, expect, it } from 'vitest';
import { preloadHints } from './web.ts';

const manifest = {
  'src/main.tsx': { file: 'assets/index-1.js', imports: ['_framework.js'] },
  '_framework.js': { file: 'assets/framework-1.js' },
  'src/app/routes/trip.tsx': {
    file: 'assets/trip-1.js',
    imports: ['_framework.js', '_query.js'],
    css: ['assets/trip-1.css'],
  },
  'src/components/query-provider.tsx': { file: 'assets/query-provider-1.js', imports: ['_query.js'] },
  '_query.js': { file: 'assets/query-1.js' },
  '../locales/mn/tripDetails.json': { file: 'assets/tripDetails-mn.js' },
  '../locales/mn/tripsList.json': { file: 'assets/tripsList-mn.js' },
  '../locales/mn/transport.json': { file: 'assets/transport-mn.js' },
  '../locales/en/tripDetails.json': { file: 'assets/tripDetails-en.js' },
};

describe('preload hints', () => {
  it("announce a page's chunks, its styles and its words in the reader's language, once each", () => {
    const hints = preloadHints(manifest, 'trip', 'mn');
    expect(hints).toEqual(
      expect.arrayContaining([
        '<link rel="modulepreload" crossorigin href="/assets/trip-1.js">',
        '<link rel="preload" as="style" crossorigin href="/assets/trip-1.css">',
        '<link rel="modulepreload" crossorigin href="/assets/query-1.js">',
        '<link rel="modulepreload" crossorigin href="/assets/query-provider-1.js">',
        '<link rel="modulepreload" crossorigin href="/assets/tripDetails-mn.js">',
      ]),
    );
    expect(hints.join()).not.toContain('tripDetails-en');
    expect(new Set(hints).size).toBe(hints.length);
  });

  it('say nothing for pages without a plan', () => {
    expect(preloadHints(manifest, 'cv', 'en')).toEqual([]);
  });
});
