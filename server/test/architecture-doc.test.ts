import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema/index.ts';

// ARCHITECTURE.md is read by people deciding where a change goes: its list of modules and of
// tables must be the code's, or it misleads. These fail when the two part ways.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const doc = readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8');

/** The text of one `## Heading` section of the document, up to the next one. */
function section(heading: string): string {
  const start = doc.indexOf(`\n## ${heading}\n`);
  expect(start, `ARCHITECTURE.md has a "## ${heading}" section`).toBeGreaterThanOrEqual(0);
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
}

describe('ARCHITECTURE.md', () => {
  it('lists every server module, and only those, each a plugin in its index.ts', () => {
    const modulesDir = path.join(root, 'server/src/modules');
    const directories = readdirSync(modulesDir)
      .filter((name) => statSync(path.join(modulesDir, name)).isDirectory())
      .sort();
    const listed = [...section('Modules').matchAll(/^- `([a-z-]+)`:/gm)].map((match) => match[1]).sort();
    expect(listed).toEqual(directories);
    const withoutIndex = directories.filter((name) => !existsSync(path.join(modulesDir, name, 'index.ts')));
    expect(withoutIndex).toEqual([]);
  });

  it('names every table of the schema in its Data section', () => {
    const data = section('Data');
    const tables = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => value instanceof PgTable)
      .map((table) => getTableConfig(table).name);
    expect(tables.length).toBeGreaterThan(30);
    const missing = tables.filter((name) => !data.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
