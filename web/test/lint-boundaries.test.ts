import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundaries of STYLE.md are enforced by `npm run lint` (eslint.config.js). The fixtures in
 * lint-fixtures/ are ignored by the repository's lint and linted here, through ESLint's Node API
 * with the repository's config, at virtual paths inside web/src, so the imports they hold resolve
 * against the real files there.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const fixture = (name: string) => readFileSync(new URL(`./lint-fixtures/${name}`, import.meta.url), 'utf8');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The rules that fail the fixture at `at` (a path from the repository root), with their messages. */
async function failures(name: string, at: string) {
  const [result] = await eslint.lintText(fixture(name), { filePath: `${root}${at}` });
  return (result?.messages ?? [])
    .filter((message) => message.severity === 2)
    .map(({ ruleId, message }) => ({ ruleId, message }));
}

describe('lint boundaries', { timeout: 60_000 }, () => {
  it('fails a relative import from one feature into another', async () => {
    expect(await failures('cross-feature-import.ts', 'web/src/features/jobs/api/fixture.ts')).toEqual([
      {
        ruleId: 'aylal/no-restricted-paths',
        message: expect.stringContaining('A feature never imports another feature'),
      },
    ]);
  });

  it('passes the same feature importing lib/', async () => {
    expect(await failures('lib-import.ts', 'web/src/features/jobs/api/fixture.ts')).toEqual([]);
  });

  it('fails a schema value (zod) outside the form kit, in a feature or elsewhere in the web', async () => {
    for (const at of ['web/src/features/jobs/api/fixture.ts', 'web/src/app/fixture.ts', 'web/src/lib/fixture.ts']) {
      expect(await failures('schema-value-import.ts', at)).toEqual([
        { ruleId: 'no-restricted-imports', message: expect.stringContaining('Only the form kit') },
      ]);
    }
  });

  it('passes a schema value in the form kit, and a schema type anywhere', async () => {
    expect(await failures('schema-value-import.ts', 'web/src/lib/forms/fixture.ts')).toEqual([]);
    expect(await failures('schema-value-import.ts', 'web/src/features/jobs/forms/fixture.ts')).toEqual([]);
    expect(await failures('schema-type-import.ts', 'web/src/features/jobs/api/fixture.ts')).toEqual([]);
  });
});
