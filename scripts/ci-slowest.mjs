#!/usr/bin/env node
// `node scripts/ci-slowest.mjs UNIT_JSON E2E_JSON`: what took CI's time, from the JSON reports
// .ci/run has vitest and Playwright write beside their usual output: the slowest unit test files,
// the slowest end-to-end files (their tests' time added up, retries included), and how long each
// end-to-end worker was busy, so that the next change to the CI budget starts from figures.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [unitFile, e2eFile] = process.argv.slice(2);
const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(6)} s`;
const top = (entries, count = 12) => entries.sort((a, b) => b[1] - a[1]).slice(0, count);
const read = (file) => (file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

const unit = read(unitFile);
if (unit) {
  const files = unit.testResults.map((result) => [
    path.relative(process.cwd(), result.name),
    result.endTime - result.startTime,
  ]);
  console.log(`slowest unit test files (${files.length} files):`);
  for (const [file, ms] of top(files)) console.log(`  ${seconds(ms)}  ${file}`);
}

const e2e = read(e2eFile);
if (e2e) {
  const byFile = new Map();
  const workers = new Map();
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        for (const result of test.results) {
          const key = `${file} [${test.projectName}]`;
          byFile.set(key, (byFile.get(key) ?? 0) + result.duration);
          const start = Date.parse(result.startTime);
          const worker = workers.get(result.parallelIndex) ?? { busy: 0, first: start, last: start };
          worker.busy += result.duration;
          worker.first = Math.min(worker.first, start);
          worker.last = Math.max(worker.last, start + result.duration);
          workers.set(result.parallelIndex, worker);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of e2e.suites) walk(suite, suite.file ?? suite.title);
  console.log(`slowest end-to-end files (${byFile.size} file and project pairs):`);
  for (const [file, ms] of top([...byFile])) console.log(`  ${seconds(ms)}  ${file}`);
  for (const [index, worker] of [...workers].sort((a, b) => a[0] - b[0])) {
    console.log(
      `  worker ${index}: busy ${seconds(worker.busy).trim()} between its first test and its last, ${seconds(worker.last - worker.first).trim()}`,
    );
  }
}
