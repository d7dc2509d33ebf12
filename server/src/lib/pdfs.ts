import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Cv } from '@aylal/shared/schemas/cv';
import type { Language } from '@aylal/shared/i18n';
import { AppError } from './app-error.ts';
import { pdfInput, PdfPool, type PdfJob, type PdfPoolOptions } from './pdf-pool.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The PDFs the product draws (CVs, visa applications): off the event loop, reused while their
     * content is unchanged, a few per user at once.
     */
    cvPdfs: CvPdfs;
  }
}

export interface CvPdfsOptions extends PdfPoolOptions {
  /** PDFs one user may have waiting at once; beyond that PDF_BUSY. */
  perUser?: number;
  /** Bytes of drawn PDFs kept for reuse (least recently used go first). */
  cacheBytes?: number;
  /**
   * Drawings one user may start in a row, and how often one more comes back: a person opening
   * PDFs never notices, a script asking in a loop draws one every `drawIntervalMs` at most.
   */
  drawBurst?: number;
  drawIntervalMs?: number;
  /** The clock budgets are counted on (tests move it). */
  now?: () => number;
  /** Told of each drawing refused (PDF_BUSY, or the pool full or failing): the metrics count them. */
  onRefused?: () => void;
}

/** A user's drawings in hand: `tokens` at `at`, one more every interval up to the burst. */
interface Budget {
  tokens: number;
  at: number;
}

/** Budgets kept before the full ones (users who have not drawn for a while) are let go. */
const MAX_BUDGETS = 10_000;

export interface CvPdf {
  pdf: Buffer;
  /** Served from the cache, not drawn for this request. */
  cached: boolean;
}

/**
 * The key of a drawing: whose, in which language, of which content (and kind). Content rather
 * than the CV's version, because versions start again at 1 when a CV is deleted and made anew,
 * and because an application's CV (a snapshot) has no version; the same content draws the same PDF.
 */
function keyOf(ownerId: string, job: PdfJob): string {
  const digest = createHash('sha256')
    .update(JSON.stringify(pdfInput(job)))
    .digest('base64url');
  return `${ownerId}\n${job.language}\n${job.kind}\n${digest}`;
}

/**
 * The CV PDFs of every user, drawn by a pool of worker threads (a PDF takes tens to hundreds of milliseconds
 * of CPU, which on the event loop would stall every other request). A drawing is kept for reuse
 * while its content is unchanged, shared by simultaneous requests for it; each user may have
 * `perUser` requests waiting for drawings at once and start `drawBurst` drawings in a row, then
 * one per `drawIntervalMs`, so that one user cannot keep the threads (and on a small machine the
 * core the requests share with them) busy.
 */
export class CvPdfs {
  private readonly pool: PdfPool;
  private readonly perUser: number;
  private readonly cacheBytes: number;
  /** Insertion order is recency: a hit moves its entry to the end. */
  private readonly cache = new Map<string, Buffer>();
  private cachedBytes = 0;
  private readonly drawing = new Map<string, Promise<Buffer>>();
  private readonly waiting = new Map<string, number>();
  private readonly budgets = new Map<string, Budget>();
  private readonly drawBurst: number;
  private readonly drawIntervalMs: number;
  private readonly now: () => number;
  private draws = 0;
  private readonly onRefused: () => void;
  private readonly threads = new Set<number>();

  constructor({
    perUser = 2,
    cacheBytes = 32 * 1024 * 1024,
    drawBurst = 4,
    drawIntervalMs = 3000,
    now = Date.now,
    onRefused = () => undefined,
    ...poolOptions
  }: CvPdfsOptions) {
    this.pool = new PdfPool(poolOptions);
    this.onRefused = onRefused;
    this.perUser = perUser;
    this.cacheBytes = cacheBytes;
    this.drawBurst = drawBurst;
    this.drawIntervalMs = drawIntervalMs;
    this.now = now;
  }

  /**
   * The CV's PDF for `ownerId` (the user asking): PDF_BUSY when they already wait for `perUser`
   * or have used up their drawings for now. A kept PDF, or one being drawn, costs nothing.
   */
  getPdf(ownerId: string, cv: Cv, language: Language): Promise<CvPdf> {
    return this.getDocument(ownerId, { kind: 'cv', cv, language });
  }

  /** Any kind of PDF the pool draws (a visa application's), under the same limits and cache as CVs. */
  async getDocument(ownerId: string, job: PdfJob): Promise<CvPdf> {
    try {
      return await this.drawOrKeep(ownerId, job);
    } catch (error) {
      if (error instanceof AppError && (error.code === 'PDF_BUSY' || error.code === 'SERVICE_UNAVAILABLE'))
        this.onRefused();
      throw error;
    }
  }

  private async drawOrKeep(ownerId: string, job: PdfJob): Promise<CvPdf> {
    const key = keyOf(ownerId, job);
    const kept = this.takeFromCache(key);
    if (kept) return { pdf: kept, cached: true };
    const waiting = this.waiting.get(ownerId) ?? 0;
    if (waiting >= this.perUser) throw new AppError('PDF_BUSY');
    if (!this.drawing.has(key) && !this.spendDrawing(ownerId)) throw new AppError('PDF_BUSY');
    this.waiting.set(ownerId, waiting + 1);
    try {
      return { pdf: await this.drawOnce(key, job), cached: false };
    } finally {
      this.releaseWaiting(ownerId);
    }
  }

  /** Drops an owner's kept PDFs (their CV was saved or deleted): memory back at once. */
  forget(ownerId: string): void {
    for (const key of [...this.cache.keys()]) if (key.startsWith(`${ownerId}\n`)) this.dropFromCache(key);
  }

  /** Drawings done so far and the threads that did them, for tests and the bench; those under way now. */
  stats(): { draws: number; threadIds: number[]; cachedBytes: number; drawing: number } {
    return {
      draws: this.draws,
      threadIds: [...this.threads],
      cachedBytes: this.cachedBytes,
      drawing: this.drawing.size,
    };
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  /** One drawing per key at a time: simultaneous requests for the same PDF share it. */
  private drawOnce(key: string, job: PdfJob): Promise<Buffer> {
    let pending = this.drawing.get(key);
    if (!pending) {
      pending = this.pool
        .draw(job)
        .then(({ pdf, threadId }) => {
          this.draws++;
          this.threads.add(threadId);
          this.keepInCache(key, pdf);
          return pdf;
        })
        .finally(() => this.drawing.delete(key));
      this.drawing.set(key, pending);
    }
    return pending;
  }

  private takeFromCache(key: string): Buffer | undefined {
    const pdf = this.cache.get(key);
    if (!pdf) return undefined;
    this.cache.delete(key);
    this.cache.set(key, pdf);
    return pdf;
  }

  private keepInCache(key: string, pdf: Buffer) {
    // One PDF never takes more than an eighth of the room.
    if (pdf.length > this.cacheBytes / 8) return;
    this.dropFromCache(key);
    this.cache.set(key, pdf);
    this.cachedBytes += pdf.length;
    while (this.cachedBytes > this.cacheBytes) this.dropFromCache(this.cache.keys().next().value!);
  }

  private dropFromCache(key: string) {
    const pdf = this.cache.get(key);
    if (!pdf) return;
    this.cache.delete(key);
    this.cachedBytes -= pdf.length;
  }

  /** Takes one drawing from the owner's budget; false when none is left yet. */
  private spendDrawing(ownerId: string): boolean {
    const now = this.now();
    const budget = this.budgets.get(ownerId) ?? { tokens: this.drawBurst, at: now };
    const tokens = Math.min(this.drawBurst, budget.tokens + (now - budget.at) / this.drawIntervalMs);
    if (tokens < 1) return false;
    if (!this.budgets.has(ownerId) && this.budgets.size >= MAX_BUDGETS) this.forgetFullBudgets(now);
    this.budgets.set(ownerId, { tokens: tokens - 1, at: now });
    return true;
  }

  private forgetFullBudgets(now: number) {
    const refilled = this.drawBurst * this.drawIntervalMs;
    for (const [ownerId, { tokens, at }] of this.budgets) {
      if (tokens * this.drawIntervalMs + (now - at) >= refilled) this.budgets.delete(ownerId);
    }
  }

  private releaseWaiting(ownerId: string) {
    const waiting = (this.waiting.get(ownerId) ?? 1) - 1;
    if (waiting > 0) this.waiting.set(ownerId, waiting);
    else this.waiting.delete(ownerId);
  }
}

/** `app.cvPdfs`, for the CV routes, the back office's application PDFs and the visa applications' PDFs; its threads end with the app. */
export const cvPdfsPlugin = fp<CvPdfsOptions>(async (app, options) => {
  const pdfs = new CvPdfs({
    ...options,
    onThreadError: (error) => app.log.error({ err: error }, 'PDF thread failed'),
    onRefused: () => app.metrics.pdfRefused(),
  });
  app.decorate('cvPdfs', pdfs);
  app.metrics.gauge('aylal_pdf_drawing', 'PDFs being drawn now (the pool busy)', () => pdfs.stats().drawing);
  app.addHook('onClose', () => pdfs.close());
});
