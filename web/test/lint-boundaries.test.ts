import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundaries of STYLE.md are enforced by `npm run lint` (eslint.config.js). The fixtures in
 * lint-fixtures/ are ignored by the repository's lint and linted here, through ESLint's Node API
 * with the repository's config, at virtual paths inside web/src or server/src, so the imports they
 * hold resolve against the real files there.
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

  it("fails a server module's import of a file inside another module, in source and tests alike", async () => {
    for (const at of ['server/src/modules/jobs/fixture.ts', 'server/src/modules/jobs/fixture.test.ts']) {
      expect(await failures('server-module-deep-import.ts', at)).toEqual([
        {
          ruleId: 'aylal/no-restricted-paths',
          message: expect.stringContaining('Another server module is reached through its index.ts only'),
        },
      ]);
    }
  });

  it("passes a server module importing another's index.ts, its own files and lib/", async () => {
    expect(await failures('server-module-index-import.ts', 'server/src/modules/jobs/fixture.ts')).toEqual([]);
  });

  it("fails an import of a module's inner file from outside the modules, and passes its index.ts", async () => {
    expect(await failures('server-outside-deep-import.ts', 'server/src/plugins/fixture.ts')).toEqual([
      {
        ruleId: 'aylal/no-restricted-paths',
        message: expect.stringContaining('Another server module is reached through its index.ts only'),
      },
    ]);
    expect(await failures('server-outside-index-import.ts', 'server/src/plugins/fixture.ts')).toEqual([]);
  });

  it('fails a module imported by lib/, even through its index.ts', async () => {
    expect(await failures('server-lib-module-import.ts', 'server/src/lib/fixture.ts')).toEqual([
      { ruleId: 'aylal/no-restricted-paths', message: expect.stringContaining('lib/ never imports a module') },
    ]);
  });
});
