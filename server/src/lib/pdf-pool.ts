import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Language } from '@aylal/shared/i18n';
import { AppError } from './app-error.ts';

/**
 * What each kind of PDF is drawn from. The pool knows no kind itself: a module that draws one adds
 * it (`declare module '../../lib/pdf-pool.ts' { interface PdfInputs { cv: Cv } }`) and hands the
 * pool its renderer (modules/cv/index.ts, modules/visa/index.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PdfInputs {}

/** What a thread draws: a kind, a language and the kind's input under its name (`{ kind: 'cv', cv, language }`). */
export type PdfJob = {
  [K in keyof PdfInputs]: { kind: K; language: Language } & { [P in K]: PdfInputs[K] };
}[keyof PdfInputs];

/**
 * How a thread draws one kind: the module (a file URL) and the name of the function it exports,
 * `(input, language) => Promise<Uint8Array>`. A URL rather than a function, since each thread
 * imports the renderers itself.
 */
export interface PdfRenderer {
  url: string;
  name: string;
}

export type PdfRenderers = { [K in keyof PdfInputs]: PdfRenderer };

/** The input of a drawing, whatever its kind. */
export const pdfInput = (job: PdfJob): unknown => (job as unknown as Record<string, unknown>)[job.kind];

/**
 * Threads for drawing: one core stays with the event loop (and, in the default setup, the
 * embedded PostgreSQL beside it), and two threads at most, since each holds its own PDFKit and
 * fonts (tens of MB) and PDFs are a rare, per-user action that the per-user limit keeps short.
 * Two cores (the reference machine) make one thread.
 */
export function defaultPoolSize(cores = availableParallelism()): number {
  return Math.max(1, Math.min(2, cores - 1));
}

export interface PdfPoolOptions {
  /** The renderer of each kind of PDF. */
  renderers: PdfRenderers;
  size?: number;
  /** The thread's entry; tests pass one that crashes. */
  workerUrl?: URL;
  /** Drawings waiting for a thread beyond which new ones answer SERVICE_UNAVAILABLE. */
  maxQueue?: number;
  /** A drawing taking longer ends its thread and answers SERVICE_UNAVAILABLE. */
  timeoutMs?: number;
  /** Told of a thread that failed (its drawing is retried or answers SERVICE_UNAVAILABLE). */
  onThreadError?: (error: Error) => void;
}

export interface PdfDrawing {
  pdf: Buffer;
  /** The thread that drew it (never the main thread's 0). */
  threadId: number;
}

interface Job {
  drawing: PdfJob;
  resolve: (drawing: PdfDrawing) => void;
  reject: (error: Error) => void;
  /** Threads it has been given to; a thread dying under it is retried once on a new one. */
  attempts: number;
  timedOut?: boolean;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer?: NodeJS.Timeout;
}

type Reply = { pdf: Uint8Array; threadId: number } | { error: string; threadId: number };

const WORKER_URL = new URL('./pdf-worker.mjs', import.meta.url);

/** PDFs (CVs, visa applications) drawn in worker threads, one drawing per thread at a time, in arrival order. */
export class PdfPool {
  readonly size: number;
  private readonly workerUrl: URL;
  private readonly renderers: PdfRenderers;
  private readonly maxQueue: number;
  private readonly timeoutMs: number;
  private readonly onThreadError: (error: Error) => void;
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private closed = false;

  constructor(options: PdfPoolOptions) {
    this.renderers = options.renderers;
    this.size = options.size ?? defaultPoolSize();
    this.workerUrl = options.workerUrl ?? WORKER_URL;
    this.maxQueue = options.maxQueue ?? 64;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.onThreadError = options.onThreadError ?? (() => undefined);
  }

  /** Draws the PDF in a worker thread; SERVICE_UNAVAILABLE when too many wait or a thread fails twice. */
  draw(drawing: PdfJob): Promise<PdfDrawing> {
    if (this.closed || this.queue.length >= this.maxQueue) return Promise.reject(new AppError('SERVICE_UNAVAILABLE'));
    return new Promise((resolve, reject) => {
      this.queue.push({ drawing, resolve, reject, attempts: 0 });
      this.assignJobs();
    });
  }

  /** Ends every thread; drawings still waiting answer SERVICE_UNAVAILABLE. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new AppError('SERVICE_UNAVAILABLE'));
    await Promise.all([...this.slots].map((slot) => slot.worker.terminate()));
  }

  /** Gives waiting drawings to idle threads, starting threads (lazily) up to the pool's size. */
  private assignJobs() {
    while (this.queue.length > 0 && !this.closed) {
      const slot = [...this.slots].find((candidate) => !candidate.job) ?? this.startThread();
      if (!slot) return;
      this.runJob(slot, this.queue.shift()!);
    }
  }

  private startThread(): Slot | undefined {
    if (this.slots.size >= this.size) return undefined;
    const slot: Slot = { worker: new Worker(this.workerUrl, { workerData: { renderers: this.renderers } }), job: null };
    slot.worker.on('message', (reply: Reply) => this.finishJob(slot, reply));
    // A thread that throws outside a drawing (or fails to start) then exits: handled there.
    slot.worker.on('error', (error) => this.onThreadError(error));
    slot.worker.on('exit', () => this.replaceThread(slot));
    this.slots.add(slot);
    return slot;
  }

  private runJob(slot: Slot, job: Job) {
    job.attempts++;
    slot.job = job;
    // An idle thread does not keep the process alive; a busy one does.
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      job.timedOut = true;
      this.onThreadError(new Error(`a ${job.drawing.kind} PDF took over ${this.timeoutMs} ms; its thread was ended`));
      void slot.worker.terminate();
    }, this.timeoutMs);
    slot.worker.postMessage(job.drawing);
  }

  private finishJob(slot: Slot, reply: Reply) {
    const job = slot.job;
    clearTimeout(slot.timer);
    slot.job = null;
    slot.worker.unref();
    if (job) {
      if ('error' in reply) job.reject(new Error(`drawing the ${job.drawing.kind} PDF failed: ${reply.error}`));
      else
        job.resolve({
          pdf: Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength),
          threadId: reply.threadId,
        });
    }
    this.assignJobs();
  }

  /** A thread ended (crashed, timed out or closed): its drawing is retried once, the thread replaced on demand. */
  private replaceThread(slot: Slot) {
    clearTimeout(slot.timer);
    this.slots.delete(slot);
    const job = slot.job;
    slot.job = null;
    if (job) {
      if (this.closed || job.timedOut || job.attempts >= 2) job.reject(new AppError('SERVICE_UNAVAILABLE'));
      else this.queue.unshift(job);
    }
    this.assignJobs();
  }
}
