#!/usr/bin/env node
// `npm run bench:lighthouse [-- URL ...]`: Lighthouse (mobile, simulated throttling) on the public
// pages of a running product, against the budgets of ARCHITECTURE.md: performance >= 98 and
// accessibility, best practices and SEO = 100. Start the product first (`npm start`); the base URL
// is BASE_URL or http://localhost:3000.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const base = (process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/?lang=mn', '/trips', '/jobs'];
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const flags =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';
const BUDGET = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };

const dir = mkdtempSync(path.join(os.tmpdir(), 'aylal-lighthouse-'));
let failed = false;
console.log('page                  perf  a11y  best  seo   FCP     LCP     TBT    CLS');
for (const [index, pagePath] of paths.entries()) {
  const out = path.join(dir, `${index}.json`);
  const run = spawnSync(
    'npx',
    ['lighthouse', base + pagePath, '--quiet', `--chrome-flags=${flags}`, '--output=json', `--output-path=${out}`],
    { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (run.status !== 0) {
    console.log(`${pagePath.padEnd(20)}  lighthouse failed`);
    failed = true;
    continue;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const score = (key) => Math.round(report.categories[key].score * 100);
  const metric = (key) => report.audits[key].displayValue.replace(/\s/g, '');
  const scores = Object.keys(BUDGET).map(score);
  const over = Object.entries(BUDGET).filter(([key, min]) => score(key) < min);
  failed ||= over.length > 0;
  console.log(
    `${pagePath.padEnd(20)} ${scores.map((s) => String(s).padStart(4)).join('  ')}   ${[
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
    ]
      .map((key) => metric(key).padEnd(7))
      .join(' ')}${over.length ? `  below budget: ${over.map(([key]) => key).join(', ')}` : ''}`,
  );
}
rmSync(dir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
