#!/usr/bin/env node
// `npm run bench:lighthouse [-- URL ...]`: Lighthouse (mobile, simulated throttling) on the public
// pages of a running product, against the budgets of ARCHITECTURE.md: performance >= 98 and
// accessibility, best practices and SEO = 100. Start the product first (`npm start`); the base URL
// is BASE_URL or http://localhost:3000. Each page is measured RUNS times (default 3) and its median
// run is reported: simulated throttling multiplies the machine's own noise by four, so one run can
// be several points off. A run Lighthouse itself fails (NO_NAVSTART, seen here) is retried.
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
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));

/** One Lighthouse report of the page, or null when Lighthouse failed three times. */
function measure(url, out) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const run = spawnSync(
      'npx',
      ['lighthouse', url, '--quiet', `--chrome-flags=${flags}`, '--output=json', `--output-path=${out}`],
      { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (run.status !== 0) continue;
    const report = JSON.parse(readFileSync(out, 'utf8'));
    if (!report.runtimeError && report.categories.performance.score !== null) return report;
  }
  return null;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'aylal-lighthouse-'));
let failed = false;
console.log('page                  perf  a11y  best  seo   FCP     LCP     TBT    CLS');
for (const [index, pagePath] of paths.entries()) {
  const reports = [];
  for (let run = 0; run < RUNS; run++) {
    const report = measure(base + pagePath, path.join(dir, `${index}-${run}.json`));
    if (report) reports.push(report);
  }
  if (reports.length === 0) {
    console.log(`${pagePath.padEnd(20)}  lighthouse failed`);
    failed = true;
    continue;
  }
  reports.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
  const report = reports[Math.floor(reports.length / 2)];
  const runs = reports.map((r) => Math.round(r.categories.performance.score * 100)).join(' ');
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
      .join(' ')} runs ${runs}${over.length ? `  below budget: ${over.map(([key]) => key).join(', ')}` : ''}`,
  );
}
rmSync(dir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
