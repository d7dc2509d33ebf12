import { threadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { Cv } from '@aylal/shared/schemas/cv';
import { errorOf, useTestApp } from '../../../test/helpers.ts';
import { CvPdfs } from '../../lib/pdfs.ts';
import { visaPdfRenderer } from '../visa/index.ts';
import { receiptPdfRenderer } from '../payments/index.ts';
import { cvPdfRenderer } from './index.ts';
import { renderCvPdf } from './pdf.ts';

/** The app's renderers, as plugins/infrastructure.ts hands them to the pool. */
const renderers = { cv: cvPdfRenderer, visa: visaPdfRenderer, receipt: receiptPdfRenderer };

function cvInput(overrides: Partial<Cv> = {}): Cv {
  return {
    fullName: 'Alice Example',
    title: 'Welder',
    email: 'alice@example.com',
    phone: '+976 9911 2233',
    address: 'Ulaanbaatar',
    summary: 'Ten years of welding.',
    experience: [
      {
        company: 'Mongol Gan LLC',
        position: 'Senior welder',
        start: '2018-03',
        end: '',
        current: true,
        description: 'Steel structures, inspection.',
      },
    ],
    education: [{ institution: 'MUST', degree: 'Bachelor', field: 'Mechanics', start: '2010-09', end: '2014-06' }],
    skills: [{ name: 'MIG/MAG welding', level: 'expert' }],
    languages: [{ name: 'Монгол', level: 'native' }],
    ...overrides,
  };
}

/** A CV of several pages: a drawing long enough for requests to overlap it. */
function longCv(name: string): Cv {
  const job = cvInput().experience[0]!;
  return cvInput({
    fullName: name,
    experience: Array.from({ length: 14 }, (_, index) => ({
      ...job,
      company: `Company ${index + 1}`,
      description: 'Steel structures, quality inspection, team lead. '.repeat(6),
    })),
  });
}

/** The PDF without what changes from one drawing to the next (its creation time and file ID). */
function withoutDrawingTime(pdf: Buffer): string {
  return pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '(D:)')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '/ID []');
}

describe('CV PDFs', () => {
  const t = useTestApp();

  const saveCv = (cookie: string, cv: Cv) => t.send('PUT', '/api/cv', { cookie, body: cv });
  const getPdf = (cookie: string, lang = 'en') => t.get(`/api/cv/pdf?lang=${lang}`, { cookie });

  /** A new user with a saved CV, and their cookie. */
  async function userWithCv(email: string, cv: Cv) {
    const cookie = await t.signUp(email);
    expect((await saveCv(cookie, cv)).statusCode).toBe(201);
    return cookie;
  }

  it('comes back through the worker threads as the drawing module draws it, never drawn on the main thread', async () => {
    const cv = cvInput();
    const cookie = await userWithCv('drawn@example.com', cv);
    const response = await getPdf(cookie, 'mn');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-pdf-cache']).toBe('miss');
    expect(withoutDrawingTime(response.rawPayload)).toBe(withoutDrawingTime(await renderCvPdf(cv, 'mn')));
    const { draws, threadIds } = t.app.cvPdfs.stats();
    expect(draws).toBeGreaterThan(0);
    expect(threadIds.length).toBeGreaterThan(0);
    expect(threadIds).not.toContain(threadId);
  });

  it('reuses a PDF while the CV is unchanged, and draws it again once the CV is saved or made anew', async () => {
    const cookie = await userWithCv('cached@example.com', cvInput({ fullName: 'Cached First' }));
    const first = await getPdf(cookie);
    expect(first.headers['x-pdf-cache']).toBe('miss');
    const draws = t.app.cvPdfs.stats().draws;

    const again = await getPdf(cookie);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-pdf-cache']).toBe('hit');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(t.app.cvPdfs.stats().draws).toBe(draws);
    // Another language is another PDF.
    expect((await getPdf(cookie, 'mn')).headers['x-pdf-cache']).toBe('miss');

    expect((await saveCv(cookie, cvInput({ fullName: 'Cached Second' }))).statusCode).toBe(200);
    const saved = await getPdf(cookie);
    expect(saved.headers['x-pdf-cache']).toBe('miss');
    expect(saved.rawPayload.toString('latin1')).toContain('(CV: Cached Second)');
    expect(t.app.cvPdfs.stats().draws).toBe(draws + 2);

    // Deleted and made again, the CV is at version 1 once more: still not the old PDF.
    const remove = await t.send('DELETE', '/api/cv', { cookie });
    expect(remove.statusCode).toBe(204);
    expect((await saveCv(cookie, cvInput({ fullName: 'Cached Third' }))).json()).toMatchObject({ version: 1 });
    const remade = await getPdf(cookie);
    expect(remade.headers['x-pdf-cache']).toBe('miss');
    expect(remade.rawPayload.toString('latin1')).toContain('(CV: Cached Third)');
  });

  it('answers PDF_BUSY to a user asking for more than two at once, while another user is served', async () => {
    const busy = await userWithCv('busy@example.com', longCv('Busy Person'));
    const other = await userWithCv('other@example.com', longCv('Other Person'));
    const [otherResponse, ...responses] = await Promise.all([
      getPdf(other),
      ...Array.from({ length: 6 }, () => getPdf(busy)),
    ]);
    expect(otherResponse!.statusCode).toBe(200);
    const served = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(served).toHaveLength(2);
    expect(refused).toHaveLength(4);
    for (const response of refused) {
      expect(response.statusCode).toBe(429);
      expect(errorOf(response).code).toBe('PDF_BUSY');
    }
    // The two served shared one drawing; and the limit is free again once they are done.
    expect(served[0]!.rawPayload.equals(served[1]!.rawPayload)).toBe(true);
    expect((await saveCv(busy, longCv('Busy Again'))).statusCode).toBe(200);
    expect((await getPdf(busy)).statusCode).toBe(200);
  });

  it('keeps answering other requests while PDFs are drawn', async () => {
    const first = await userWithCv('first-drawer@example.com', longCv('First Drawer'));
    const second = await userWithCv('second-drawer@example.com', longCv('Second Drawer'));
    const draws = t.app.cvPdfs.stats().draws;
    let finished = 0;
    const pdfs = [getPdf(first, 'en'), getPdf(first, 'mn'), getPdf(second, 'en'), getPdf(second, 'mn')].map((pending) =>
      pending.finally(() => finished++),
    );
    const trips = await t.get('/api/trips');
    expect(trips.statusCode).toBe(200);
    // Four drawings of several pages each take far longer than a search, which did not wait for them.
    expect(finished).toBeLessThan(4);
    for (const response of await Promise.all(pdfs)) expect(response.statusCode).toBe(200);
    expect(t.app.cvPdfs.stats().draws).toBe(draws + 4);
    expect(t.app.cvPdfs.stats().threadIds).not.toContain(threadId);
  });

  it('keeps one PDF per content for the same reader: each application in the back office is its own CV', async () => {
    const pdfs = new CvPdfs({ renderers, size: 1 });
    try {
      const first = await pdfs.getPdf('admin', cvInput({ fullName: 'Applicant One' }), 'en');
      const second = await pdfs.getPdf('admin', cvInput({ fullName: 'Applicant Two' }), 'en');
      expect(second.cached).toBe(false);
      expect(second.pdf.toString('latin1')).toContain('(CV: Applicant Two)');
      const firstAgain = await pdfs.getPdf('admin', cvInput({ fullName: 'Applicant One' }), 'en');
      expect(firstAgain.cached).toBe(true);
      expect(firstAgain.pdf.equals(first.pdf)).toBe(true);
    } finally {
      await pdfs.close();
    }
  });

  it('lets one user start a few drawings in a row, then one per interval; kept PDFs and other users are not held back', async () => {
    let now = 0;
    const pdfs = new CvPdfs({ renderers, size: 1, drawBurst: 2, drawIntervalMs: 3000, now: () => now });
    const version = (name: string) => cvInput({ fullName: `Looping ${name}` });
    try {
      await pdfs.getPdf('looper', version('A'), 'en');
      await pdfs.getPdf('looper', version('B'), 'en');
      const refused = await pdfs.getPdf('looper', version('C'), 'en').catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: 'PDF_BUSY', statusCode: 429 });
      expect((await pdfs.getPdf('looper', version('A'), 'en')).cached).toBe(true);
      expect((await pdfs.getPdf('someone else', version('C'), 'en')).cached).toBe(false);
      now += 2900;
      await expect(pdfs.getPdf('looper', version('C'), 'en')).rejects.toMatchObject({ code: 'PDF_BUSY' });
      now += 100;
      expect((await pdfs.getPdf('looper', version('C'), 'en')).cached).toBe(false);
      await expect(pdfs.getPdf('looper', version('D'), 'en')).rejects.toMatchObject({ code: 'PDF_BUSY' });
      expect(pdfs.stats().draws).toBe(4);
    } finally {
      await pdfs.close();
    }
  });

  it('keeps no more PDFs than its room allows, the least recently used leaving first', async () => {
    const room = (name: string) => cvInput({ fullName: `Room ${name}` });
    const probe = new CvPdfs({ renderers, size: 1 });
    const size = (await probe.getPdf('reader', room('A'), 'en').finally(() => probe.close())).pdf.length;
    // Room for eight PDFs of this size (and one may take an eighth of it).
    const cacheBytes = Math.floor(size * 8.5);
    const pdfs = new CvPdfs({ renderers, size: 1, cacheBytes, drawBurst: 20 });
    try {
      for (const name of 'ABCDEFGH') await pdfs.getPdf('reader', room(name), 'en');
      expect((await pdfs.getPdf('reader', room('A'), 'en')).cached).toBe(true);
      await pdfs.getPdf('reader', room('I'), 'en');
      expect(pdfs.stats().cachedBytes).toBeLessThanOrEqual(cacheBytes);
      // B is the least recently used now (A was asked for again): it left, A and the newest stayed.
      expect((await pdfs.getPdf('reader', room('A'), 'en')).cached).toBe(true);
      expect((await pdfs.getPdf('reader', room('I'), 'en')).cached).toBe(true);
      expect((await pdfs.getPdf('reader', room('B'), 'en')).cached).toBe(false);
    } finally {
      await pdfs.close();
    }
  });
});
