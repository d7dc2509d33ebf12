// One thread of the PDF pool (pdf-pool.ts): draws a PDF per message (a CV or a visa application), one at a time,
// with the renderers the pool names in workerData (each module's own; lib/ imports no module).
// Plain JavaScript, so the thread starts the same under every runner of the server. tsx (npm
// start, the bench) passes its loader to worker threads but Vitest (vite-node) does not, so
// TypeScript support is registered here; under tsx the second registration is harmless.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

/**
 * Drawing yields to the event loop and the database when they want the core: on Linux a thread
 * has a nice value of its own (lowering it needs no privilege). Elsewhere a nice value would be
 * the whole process's, so it stays as it is.
 */
function lowerThreadPriority() {
  if (process.platform !== 'linux') return;
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
  } catch {
    // No /proc (a sandbox): drawn at normal priority.
  }
}

lowerThreadPriority();
register();
/** kind → its drawing function, imported once when the thread starts. */
const draw = Object.fromEntries(
  await Promise.all(
    Object.entries(workerData.renderers).map(async ([kind, { url, name }]) => [kind, (await import(url))[name]]),
  ),
);

parentPort.on('message', async (job) => {
  try {
    const pdf = await draw[job.kind](job[job.kind], job.language);
    // Moved, not copied, to the main thread: a buffer that owns all its memory moves whole.
    const bytes = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? pdf : new Uint8Array(pdf);
    parentPort.postMessage({ pdf: bytes, threadId }, [bytes.buffer]);
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error), threadId });
  }
});
