import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cv } from '@aylal/shared/schemas/cv';
import { AppError } from './app-error.ts';
import { defaultPoolSize, PdfPool, type PdfRenderers } from './pdf-pool.ts';

const CV: Cv = {
  fullName: 'Pool Person',
  title: '',
  email: '',
  phone: '',
  address: '',
  summary: 'Drawn in a worker thread.',
  experience: [],
  education: [],
  skills: [],
  languages: [],
};

/** The nice value of each of this process's threads (Linux). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: state is field 3, nice field 19.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

const REAL_WORKER = new URL('./pdf-worker.mjs', import.meta.url).href;

/**
 * A renderer of the test's own (lib/ knows no module's): TypeScript, as the modules' are, so the
 * thread's TypeScript support is exercised too. It writes the CV's name where a PDF's title goes.
 */
const TEST_RENDERER = `export async function drawTitle(input: { fullName?: string }, language: string): Promise<Uint8Array> {
  return new TextEncoder().encode(\`%PDF- (CV: \${input.fullName ?? 'visa'}) \${language}\`);
}
`;

describe('the PDF pool', () => {
  let dir: string;
  let renderers: PdfRenderers;
  /** A thread entry that dies (process.exit in a thread ends the thread) until `marker` exists. */
  const dyingWorker = (name: string, marker: string | null) => {
    const file = path.join(dir, `${name}.mjs`);
    writeFileSync(
      file,
      `import { existsSync, writeFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
const marker = ${JSON.stringify(marker)};
if (marker && existsSync(marker)) await import(${JSON.stringify(REAL_WORKER)});
else parentPort.once('message', () => { if (marker) writeFileSync(marker, ''); process.exit(1); });
`,
    );
    return pathToFileURL(file);
  };

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'aylal-pdf-pool-'));
    // .mts: the temporary folder has no package.json saying its .ts files are modules.
    const renderer = path.join(dir, 'renderer.mts');
    writeFileSync(renderer, TEST_RENDERER);
    const drawTitle = { url: pathToFileURL(renderer).href, name: 'drawTitle' };
    renderers = { cv: drawTitle, visa: drawTitle, receipt: drawTitle };
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves a core to the event loop and holds at most two threads', () => {
    expect([1, 2, 3, 4, 16].map(defaultPoolSize)).toEqual([1, 1, 2, 2, 2]);
  });

  it('draws in a worker thread, and refuses new drawings once closed', async () => {
    const pool = new PdfPool({ renderers, size: 1 });
    const drawing = await pool.draw({ kind: 'cv', cv: CV, language: 'en' });
    expect(drawing.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(drawing.pdf.toString('latin1')).toContain('(CV: Pool Person)');
    expect(drawing.threadId).not.toBe(threadId);
    // On Linux the drawing thread yields the core to the event loop (nice 10, the rest 0).
    if (process.platform === 'linux') expect(threadNiceValues()).toContain(10);
    await pool.close();
    await expect(pool.draw({ kind: 'cv', cv: CV, language: 'en' })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  it('replaces a thread that dies and draws its PDF on the new one', async () => {
    const pool = new PdfPool({ renderers, size: 1, workerUrl: dyingWorker('dies-once', path.join(dir, 'died')) });
    try {
      const drawing = await pool.draw({ kind: 'cv', cv: CV, language: 'mn' });
      expect(drawing.pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await pool.draw({ kind: 'cv', cv: CV, language: 'en' })).pdf.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await pool.close();
    }
  });

  it('answers SERVICE_UNAVAILABLE (503), not a server error, when the new thread dies too', async () => {
    const pool = new PdfPool({ renderers, size: 1, workerUrl: dyingWorker('always-dies', null) });
    try {
      const failure = await pool.draw({ kind: 'cv', cv: CV, language: 'en' }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AppError);
      expect(failure).toMatchObject({ code: 'SERVICE_UNAVAILABLE', statusCode: 503 });
    } finally {
      await pool.close();
    }
  });

  it('ends a drawing that takes too long and answers SERVICE_UNAVAILABLE', async () => {
    const hanging = path.join(dir, 'hangs.mjs');
    writeFileSync(hanging, `import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => {});\n`);
    const errors: Error[] = [];
    const pool = new PdfPool({
      renderers,
      size: 1,
      workerUrl: pathToFileURL(hanging),
      timeoutMs: 200,
      onThreadError: (error) => errors.push(error),
    });
    try {
      await expect(pool.draw({ kind: 'cv', cv: CV, language: 'en' })).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(errors.map((error) => error.message).join()).toMatch(/took over 200 ms/);
    } finally {
      await pool.close();
    }
  });
});
