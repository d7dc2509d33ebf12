import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminApplicationDetail,
  AdminApplicationsResponse,
  MyApplication,
  MyApplicationsResponse,
} from '@aylal/shared/schemas/applications';
import type { Cv } from '@aylal/shared/schemas/cv';
import type { JobDetail, JobInput } from '@aylal/shared/schemas/jobs';
import { ADMIN_EMAIL, errorOf, useAccounts, useTestApp } from '../../../test/helpers.ts';
import { defaultAgencyToday, jobInput } from '../../../test/jobs.ts';
import { addDays } from '../../db/seeds/synthetic-jobs.ts';
import { renderCvPdf, type CvPdfBlock } from '../cv/index.ts';
import { csvField } from '../../lib/csv.ts';
import { itIsStaffOnly } from '../../../test/staff-only.ts';

function cvInput(overrides: Partial<Cv> = {}): Cv {
  return {
    fullName: 'Батбаяр Дорж',
    title: 'Гагнуурчин',
    email: 'bat@example.com',
    phone: '+976 9911 2233',
    address: 'Улаанбаатар, Хан-Уул дүүрэг',
    summary: 'Арван жилийн туршлагатай гагнуурчин.',
    experience: [
      {
        company: 'Монгол Ган ХХК',
        position: 'Ахлах гагнуурчин',
        start: '2018-03',
        end: '',
        current: true,
        description: 'Ган бүтээцийн гагнуур, шалгалт.',
      },
    ],
    education: [{ institution: 'ШУТИС', degree: 'Бакалавр', field: 'Механик', start: '2010-09', end: '2014-06' }],
    skills: [
      { name: 'MIG/MAG welding', level: 'expert' },
      { name: 'Technical drawings', level: 'advanced' },
    ],
    languages: [
      { name: 'Монгол', level: 'native' },
      { name: 'English', level: 'conversational' },
    ],
    ...overrides,
  };
}

/** Every compressed stream of a PDF, inflated, as Latin-1 text (for finding its fonts and maps). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams: string[] = [raw];
  const pattern = /stream\r?\n/g;
  for (let match = pattern.exec(raw); match; match = pattern.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      streams.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a deflated stream (or trailing bytes): skip it.
    }
  }
  return streams.join('\n');
}

describe('CVs and applications', () => {
  const t = useTestApp({ CATALOGUE_CACHE_SECONDS: '0' });
  const accounts = useAccounts(t, { admin: ADMIN_EMAIL, seeker: 'seeker@example.com', other: 'other@example.com' });
  let job: JobDetail;

  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body: unknown, cookie: string) =>
    t.send(method, url, { cookie, body: body ?? {} });
  const createJob = async (overrides: Partial<JobInput> = {}) => {
    const response = await send('POST', '/api/admin/jobs', jobInput(overrides), accounts.admin);
    expect(response.statusCode).toBe(201);
    return response.json() as JobDetail;
  };
  const apply = (jobId: string, cookie: string) => send('POST', `/api/jobs/${jobId}/applications`, {}, cookie);

  beforeAll(async () => {
    job = await createJob();
  });

  describe('the CV', () => {
    it("is 'CV not found' until made, and needs a login", async () => {
      expect((await t.get('/api/cv')).statusCode).toBe(401);
      const missing = await t.get('/api/cv', { cookie: accounts.seeker });
      expect(missing.statusCode).toBe(404);
      expect(errorOf(missing)).toMatchObject({ code: 'CV_NOT_FOUND', message: 'CV not found' });
      expect((await t.get('/api/cv/pdf', { cookie: accounts.seeker })).statusCode).toBe(404);
    });

    it('refuses a CV with missing or wrong fields, says which, and saves nothing', async () => {
      const experience = cvInput().experience[0]!;
      for (const [body, path] of [
        [cvInput({ fullName: '' }), 'fullName'],
        [cvInput({ email: 'not-an-email' }), 'email'],
        [cvInput({ experience: [{ ...experience, start: '2020-13' }] }), 'experience.0.start'],
        [cvInput({ experience: [{ ...experience, current: false, end: '2017-01' }] }), 'experience.0.end'],
        [cvInput({ experience: [{ ...experience, company: ' ' }] }), 'experience.0.company'],
        [{ ...cvInput(), skills: [{ name: 'Welding', level: 'guru' }] }, 'skills.0.level'],
        [{ ...cvInput(), languages: [{ name: 'English', level: 'perfect' }] }, 'languages.0.level'],
      ] as const) {
        const response = await send('PUT', '/api/cv', body, accounts.seeker);
        expect(response.statusCode).toBe(400);
        const error = errorOf(response);
        expect(error.code).toBe('VALIDATION_FAILED');
        expect(JSON.stringify(error.details)).toContain(path);
      }
      expect((await t.get('/api/cv', { cookie: accounts.seeker })).statusCode).toBe(404);
    });

    it('is created (201, hasCV set), replaced (200), and read back only by its owner', async () => {
      const created = await send('PUT', '/api/cv', cvInput(), accounts.seeker);
      expect(created.statusCode).toBe(201);
      const me = await t.get('/api/me', { cookie: accounts.seeker });
      expect(me.json()).toMatchObject({ hasCV: true });
      const replaced = await send('PUT', '/api/cv', cvInput({ title: 'Ахлах гагнуурчин' }), accounts.seeker);
      expect(replaced.statusCode).toBe(200);
      expect((await t.get('/api/cv', { cookie: accounts.seeker })).json()).toMatchObject({
        cv: { title: 'Ахлах гагнуурчин' },
      });
      // Another user has their own (none), never this one.
      expect((await t.get('/api/cv', { cookie: accounts.other })).statusCode).toBe(404);
    });

    it('saves over the version the editor opened only, so a save from another tab is never silently lost', async () => {
      const writer = await t.signUp('two-tabs@example.com');
      const put = (body: unknown, ifMatch?: string) =>
        t.send('PUT', '/api/cv', { cookie: writer, body, headers: ifMatch ? { 'if-match': ifMatch } : {} });
      const first = await put(cvInput({ title: 'One' }), '"0"');
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ version: 1 });
      // Two tabs opened version 1; the first saves, the second is told.
      expect((await put(cvInput({ title: 'From the phone' }), '"1"')).json()).toMatchObject({ version: 2 });
      const stale = await put(cvInput({ title: 'From the laptop' }), '"1"');
      expect(stale.statusCode).toBe(409);
      expect(errorOf(stale)).toMatchObject({
        code: 'CV_CHANGED',
        message: 'Your CV was saved from another tab or device after you opened it.',
      });
      // "Made nowhere yet" no longer holds either.
      expect((await put(cvInput(), '"0"')).statusCode).toBe(409);
      expect((await t.get('/api/cv', { cookie: writer })).json()).toMatchObject({
        version: 2,
        cv: { title: 'From the phone' },
      });
      // Saving over the newer version, or without asking, works.
      expect((await put(cvInput({ title: 'Mine after all' }), 'W/"2"')).statusCode).toBe(200);
      expect((await put(cvInput({ title: 'Last word' }))).json()).toMatchObject({ version: 4 });
      expect((await put(cvInput(), 'version two')).statusCode).toBe(400);
    });

    it('can be deleted by its owner, which clears hasCV; applying then needs a new one', async () => {
      const leaver = await t.signUp('leaver@example.com');
      expect((await send('PUT', '/api/cv', cvInput(), leaver)).statusCode).toBe(201);
      const remove = () => t.send('DELETE', '/api/cv', { cookie: leaver });
      expect((await remove()).statusCode).toBe(204);
      expect((await t.get('/api/me', { cookie: leaver })).json()).toMatchObject({ hasCV: false });
      expect((await t.get('/api/cv', { cookie: leaver })).statusCode).toBe(404);
      expect((await remove()).statusCode).toBe(404);
      expect(errorOf(await apply(job.id, leaver)).code).toBe('CV_REQUIRED');
    });

    it('downloads as an A4 PDF in Noto Sans carrying the Mongolian text', async () => {
      const response = await t.get('/api/cv/pdf?lang=mn', { cookie: accounts.seeker });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain("filename*=UTF-8''CV-");
      const pdf = response.rawPayload;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(pdf);
      expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans/);
      expect(text).toContain('/MediaBox [0 0 595.28 841.89]');
      // The font's map back to Unicode has the name's Cyrillic letters (Б U+0411, Д U+0414).
      expect(text).toMatch(/<0411>/);
      expect(text).toMatch(/<0414>/);
    });

    it('breaks a long CV over several pages', async () => {
      const long = cvInput({
        experience: Array.from({ length: 14 }, (_, index) => ({
          ...cvInput().experience[0]!,
          company: `Компани ${index + 1}`,
          description: 'Ган бүтээцийн гагнуур, чанарын шалгалт, багийн ахлагч. '.repeat(6),
        })),
      });
      const pdf = await renderCvPdf(long, 'mn');
      const pages = pdfText(pdf).match(/\/Type \/Page\b/g) ?? [];
      expect(pages.length).toBeGreaterThan(1);
    });

    it('never leaves a heading alone at the foot of a page, wherever the page break falls', async () => {
      const entry = cvInput().experience[0]!;
      // A summary of one more line each time walks the sections' headings down across the page end.
      for (let lines = 30; lines <= 75; lines++) {
        const cv = cvInput({
          summary: Array.from({ length: lines }, () => 'Туршлагатай гагнуурчин, багийн ахлагч.').join('\n'),
          experience: [
            { ...entry, description: 'Ган бүтээцийн гагнуур, чанарын шалгалт. '.repeat(5) },
            { ...entry, company: 'Хоёр дахь компани' },
          ],
        });
        const blocks: CvPdfBlock[] = [];
        await renderCvPdf(cv, 'mn', (block) => blocks.push(block));
        blocks.forEach((block, index) => {
          if (block.kind !== 'heading') return;
          const next = blocks[index + 1];
          expect(next, `heading at ${lines} lines`).toBeDefined();
          expect(next!.page, `heading at ${lines} lines`).toBe(block.page);
        });
        // Nothing runs past the page's bottom margin (841.89 - 56), whatever started it.
        for (const block of blocks) expect(block.bottom, `${block.kind} at ${lines} lines`).toBeLessThanOrEqual(786);
      }
    });
  });

  describe('applying', () => {
    it("refuses signed-out visitors with 'You must be logged in to apply for jobs.'", async () => {
      const response = await apply(job.id, '');
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toMatchObject({
        code: 'LOGIN_TO_APPLY',
        message: 'You must be logged in to apply for jobs.',
      });
    });

    it("refuses users without a CV with 'CV not found. Please create your CV first.'", async () => {
      const response = await apply(job.id, accounts.other);
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toMatchObject({
        code: 'CV_REQUIRED',
        message: 'CV not found. Please create your CV first.',
      });
    });

    it('sends the CV once; a second try is refused with the spec message', async () => {
      const first = await apply(job.id, accounts.seeker);
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ jobId: job.id, state: 'submitted', company: job.company });
      const again = await apply(job.id, accounts.seeker);
      expect(again.statusCode).toBe(409);
      expect(errorOf(again)).toMatchObject({
        code: 'ALREADY_APPLIED',
        message: 'You have already applied for this job.',
      });
    });

    it('makes one application of ten simultaneous ones by the same user', async () => {
      const racing = await createJob({ title: { en: 'Racing', mn: 'Уралдаан' } });
      const responses = await Promise.all(Array.from({ length: 10 }, () => apply(racing.id, accounts.seeker)));
      expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
      const refused = responses.filter((response) => response.statusCode === 409);
      expect(refused.map((response) => errorOf(response).code)).toEqual(Array(9).fill('ALREADY_APPLIED'));
    });

    it('refuses closed, past-deadline, draft and unknown jobs', async () => {
      const closed = await createJob({ status: 'closed' });
      const past = await createJob({ deadline: addDays(defaultAgencyToday(), -1) });
      const draft = await createJob({ status: 'draft' });
      expect(errorOf(await apply(closed.id, accounts.seeker)).code).toBe('JOB_CLOSED');
      expect(errorOf(await apply(past.id, accounts.seeker)).code).toBe('JOB_CLOSED');
      expect(errorOf(await apply(draft.id, accounts.seeker)).code).toBe('JOB_NOT_FOUND');
      expect(errorOf(await apply('not-a-job', accounts.seeker)).code).toBe('JOB_NOT_FOUND');
    });

    it('keeps the CV as it was sent, even after the user changes or deletes it', async () => {
      const snapshotJob = await createJob({ title: { en: 'Snapshot', mn: 'Хуулбар' } });
      const applied = (await apply(snapshotJob.id, accounts.seeker)).json() as MyApplication;
      await send('PUT', '/api/cv', cvInput({ title: 'Changed later' }), accounts.seeker);
      const detail = (
        await t.get(`/api/admin/applications/${applied.id}`, { cookie: accounts.admin })
      ).json() as AdminApplicationDetail;
      expect(detail.cv.title).toBe('Ахлах гагнуурчин');
      await send('PUT', '/api/cv', cvInput({ title: 'Ахлах гагнуурчин' }), accounts.seeker);
    });

    it("lists the user's own applications, newest first, and nobody else's", async () => {
      const mine = (await t.get('/api/applications', { cookie: accounts.seeker })).json() as MyApplicationsResponse;
      expect(mine.items.map((item) => item.jobTitle.en)).toEqual(['Snapshot', 'Racing', 'Production line operator']);
      const theirs = (await t.get('/api/applications', { cookie: accounts.other })).json() as MyApplicationsResponse;
      expect(theirs.items).toEqual([]);
      expect((await t.get('/api/applications')).statusCode).toBe(401);
    });
  });

  describe('the back office', () => {
    const id = '00000000-0000-0000-0000-000000000000';
    itIsStaffOnly(t, () => accounts.seeker, [
      ['GET', '/api/admin/applications'],
      ['GET', '/api/admin/applications.csv'],
      ['GET', `/api/admin/applications/${id}`],
      ['GET', `/api/admin/applications/${id}/cv.pdf`],
      ['PATCH', `/api/admin/applications/${id}`],
      ['POST', '/api/admin/applications/state'],
    ]);

    it('filters by job and state and searches by name or skill', async () => {
      await send(
        'PUT',
        '/api/cv',
        cvInput({ fullName: 'Saraa Bold', skills: [{ name: 'Nursing', level: 'advanced' }] }),
        accounts.other,
      );
      await apply(job.id, accounts.other);
      const list = async (query: string) =>
        (
          (
            await t.get(`/api/admin/applications${query}`, { cookie: accounts.admin })
          ).json() as AdminApplicationsResponse
        ).items.map((item) => item.applicant.name);
      expect(await list(`?jobId=${job.id}`)).toEqual(['Saraa Bold', 'Батбаяр Дорж']);
      expect(await list('?q=nursing')).toEqual(['Saraa Bold']);
      expect(await list(`?q=${encodeURIComponent('батбаяр')}`)).toHaveLength(3);
      expect(await list('?q=mig%20welding&jobId=' + job.id)).toEqual(['Батбаяр Дорж']);
      expect(await list('?state=hired')).toEqual([]);
      expect((await t.get('/api/admin/applications?state=lost', { cookie: accounts.admin })).statusCode).toBe(400);
    });

    it('moves one application, then several at once, and the applicant sees it', async () => {
      const all = (
        (await t.get('/api/admin/applications', { cookie: accounts.admin })).json() as AdminApplicationsResponse
      ).items;
      const one = await send('PATCH', `/api/admin/applications/${all[0]!.id}`, { state: 'reviewing' }, accounts.admin);
      expect(one.json()).toMatchObject({ state: 'reviewing' });
      const bulk = await send(
        'POST',
        '/api/admin/applications/state',
        { ids: all.map((item) => item.id), state: 'shortlisted' },
        accounts.admin,
      );
      expect(bulk.json()).toEqual({ updated: all.length });
      const mine = (await t.get('/api/applications', { cookie: accounts.seeker })).json() as MyApplicationsResponse;
      expect(mine.items.every((item) => item.state === 'shortlisted')).toBe(true);
      expect(
        (await send('PATCH', `/api/admin/applications/${all[0]!.id}`, { state: 'lost' }, accounts.admin)).statusCode,
      ).toBe(400);
      expect(
        (await send('PATCH', `/api/admin/applications/${id}`, { state: 'hired' }, accounts.admin)).statusCode,
      ).toBe(404);
    });

    it('exports the filtered list as CSV for spreadsheets, in the reader’s language', async () => {
      const response = await t.get(`/api/admin/applications.csv?jobId=${job.id}&lang=mn`, { cookie: accounts.admin });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const body = response.body;
      expect(body.startsWith('\uFEFFИлгээсэн огноо,Ажлын байр,')).toBe(true);
      const rows = body.trim().split('\r\n');
      expect(rows).toHaveLength(3);
      expect(rows[1]).toContain('Saraa Bold');
      expect(rows[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2},/);
      expect(rows[2]).toContain('MIG/MAG welding (Мэргэшсэн); Technical drawings (Ахисан шат)');
      expect(rows[2]).toContain('Шалгарсан');
    });

    it('writes CSV fields safely', () => {
      expect(csvField('plain')).toBe('plain');
      expect(csvField('a, b')).toBe('"a, b"');
      expect(csvField('say "hi"')).toBe('"say ""hi"""');
      expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
      expect(csvField('+976 9911')).toBe("'+976 9911");
    });

    it("serves an application's CV as a PDF", async () => {
      const all = (
        (await t.get('/api/admin/applications', { cookie: accounts.admin })).json() as AdminApplicationsResponse
      ).items;
      const response = await t.get(`/api/admin/applications/${all[0]!.id}/cv.pdf`, { cookie: accounts.admin });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('counts applications on the jobs list, and keeps them when the job is deleted', async () => {
      const jobs = (await t.get('/api/admin/jobs?q=production&pageSize=100', { cookie: accounts.admin })).json() as {
        items: { id: string; applications: number }[];
      };
      expect(jobs.items.find((item) => item.id === job.id)!.applications).toBe(2);
      expect((await send('DELETE', `/api/admin/jobs/${job.id}`, undefined, accounts.admin)).statusCode).toBe(204);
      const mine = (await t.get('/api/applications', { cookie: accounts.seeker })).json() as MyApplicationsResponse;
      expect(mine.items.find((item) => item.jobTitle.en === 'Production line operator')).toMatchObject({ jobId: null });
    });
  });
});
