import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminJobsResponse, JobDetail, JobInput, JobMaterial, JobsResponse } from '@aylal/shared/schemas/jobs';
import { ADMIN_EMAIL, errorOf, multipart, useAccounts, useTestApp } from '../../../test/helpers.ts';
import { defaultAgencyToday, jobInput } from '../../../test/jobs.ts';
import { addDays } from '../../db/seeds/synthetic-jobs.ts';
import { DEMO_JOBS } from '../../db/seeds/demo-data.ts';
import { makePdf } from '../../../test/pdfs.ts';
import { itIsStaffOnly } from '../../../test/staff-only.ts';

const today = defaultAgencyToday();

describe('jobs', () => {
  const t = useTestApp({ CATALOGUE_CACHE_SECONDS: '0' });
  const accounts = useAccounts(t, { admin: ADMIN_EMAIL, user: 'seeker@example.com' });
  /** A real one-page PDF (the checks parse it). */
  let pdfBytes: Buffer;

  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, cookie = accounts.admin) =>
    t.send(method, url, { cookie, body });
  const create = async (overrides: Partial<JobInput> = {}) => {
    const response = await send('POST', '/api/admin/jobs', jobInput(overrides));
    expect(response.statusCode).toBe(201);
    return response.json() as JobDetail;
  };
  const search = async (query: string) => {
    const response = await t.get(`/api/jobs${query}`);
    expect(response.statusCode).toBe(200);
    return response.json() as JobsResponse;
  };
  const titles = (response: JobsResponse) => response.items.map((item) => item.title.en);
  const upload = (data: Buffer, name: string, id: string, cookie = accounts.admin) =>
    t.send('POST', `/api/admin/jobs/${id}/materials`, {
      cookie,
      raw: multipart({}, { name, type: 'application/octet-stream', data }),
    });

  beforeAll(async () => {
    pdfBytes = await makePdf();
  });

  describe('the back office only for admins', () => {
    const id = '00000000-0000-0000-0000-000000000000';
    itIsStaffOnly(t, () => accounts.user, [
      ['GET', '/api/admin/jobs'],
      ['POST', '/api/admin/jobs'],
      ['GET', `/api/admin/jobs/${id}`],
      ['PUT', `/api/admin/jobs/${id}`],
      ['PATCH', `/api/admin/jobs/${id}/status`],
      ['DELETE', `/api/admin/jobs/${id}`],
      ['POST', `/api/admin/jobs/${id}/materials`],
      ['DELETE', `/api/admin/jobs/${id}/materials/${id}`],
    ]);
  });

  it('creates, reads, edits, closes and deletes a job; the posted date is the first publication', async () => {
    const draft = await create({ status: 'draft' });
    expect(draft.postedAt).toBeNull();
    expect((await t.get(`/api/jobs/${draft.id}`)).statusCode).toBe(404);

    const published = (
      await send('PATCH', `/api/admin/jobs/${draft.id}/status`, { status: 'published' })
    ).json() as JobDetail;
    expect(published.postedAt).not.toBeNull();
    const edited = await send(
      'PUT',
      `/api/admin/jobs/${draft.id}`,
      jobInput({ company: 'Hanil Co.', skills: { en: ['Welding'], mn: [] } }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      company: 'Hanil Co.',
      skills: { en: ['Welding'], mn: [] },
      postedAt: published.postedAt,
    });

    const page = await t.get(`/api/jobs/${draft.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      title: { en: 'Production line operator' },
      requirements: { en: 'Age 18–39\nEPS-TOPIK' },
    });

    await send('PATCH', `/api/admin/jobs/${draft.id}/status`, { status: 'closed' });
    expect((await t.get(`/api/jobs/${draft.id}`)).json()).toMatchObject({ status: 'closed' });
    expect(titles(await search('?q=hanil'))).toEqual([]);

    expect((await send('DELETE', `/api/admin/jobs/${draft.id}`)).statusCode).toBe(204);
    expect(errorOf(await t.get(`/api/jobs/${draft.id}`))).toMatchObject({
      code: 'JOB_NOT_FOUND',
      message: 'Job not found',
    });
  });

  it('refuses bad jobs with field issues and changes nothing', async () => {
    const before = (await send('POST', '/api/admin/jobs', { ...jobInput(), type: 'seasonal' })).statusCode;
    expect(before).toBe(400);
    for (const body of [
      jobInput({ title: { en: '', mn: '' } }),
      jobInput({ company: '' }),
      jobInput({ deadline: '2027-02-30' }),
      jobInput({ deadline: '0000-01-01' }),
      jobInput({ description: { en: ' ', mn: '' } }),
      { ...jobInput(), skills: { en: Array.from({ length: 31 }, (_, index) => `skill ${index}`), mn: [] } },
    ]) {
      const response = await send('POST', '/api/admin/jobs', body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    }
    const noTitle = errorOf(await send('POST', '/api/admin/jobs', jobInput({ title: { en: '', mn: '' } })));
    // The path names the field the form shows the message under.
    expect(noTitle.details).toEqual([expect.objectContaining({ path: 'body.title.en' })]);
    const list = (await t.get('/api/admin/jobs?q=production', { cookie: accounts.admin })).json() as AdminJobsResponse;
    expect(list.total).toBe(0);
  });

  describe('GET /api/jobs', () => {
    beforeAll(async () => {
      // Posted one after another, so newest first is the reverse of this order.
      await create({
        title: { en: 'Welder', mn: 'Гагнуурчин' },
        type: 'contract',
        skills: { en: ['MIG welding'], mn: ['Хийн хамгаалалттай гагнуур'] },
      });
      await create({
        title: { en: 'Care worker', mn: 'Асрагч' },
        company: 'Sakura Care',
        location: { en: 'Osaka, Japan', mn: 'Осака, Япон' },
      });
      await create({
        title: { en: 'Remote developer', mn: 'Хөгжүүлэгч' },
        type: 'remote',
        skills: { en: ['React'], mn: [] },
      });
      await create({ title: { en: 'Past deadline', mn: 'Хугацаа дууссан' }, deadline: addDays(today, -1) });
      await create({ title: { en: 'Last day today', mn: 'Өнөөдөр сүүлийн өдөр' }, deadline: today });
      await create({ title: { en: 'Draft job', mn: 'Ноорог' }, status: 'draft' });
    });

    it('lists published jobs whose deadline has not passed, newest first, with the fields a card needs', async () => {
      const all = await search('');
      expect(titles(all)).toEqual(['Last day today', 'Remote developer', 'Care worker', 'Welder']);
      expect(all.total).toBe(4);
      expect(all.items[0]).toMatchObject({
        id: expect.any(String),
        company: 'Hanil Precision',
        type: 'full-time',
        deadline: today,
        skills: { en: ['Machine operation', 'Korean'], mn: ['Машин ажиллуулах', 'Солонгос хэл'] },
      });
    });

    it('searches by words in the title, company, place or skills, in either language, and by type', async () => {
      expect(titles(await search('?q=osaka'))).toEqual(['Care worker']);
      expect(titles(await search('?q=SAKURA%20care'))).toEqual(['Care worker']);
      expect(titles(await search(`?q=${encodeURIComponent('гагнуур')}`))).toEqual(['Welder']);
      expect(titles(await search('?q=react'))).toEqual(['Remote developer']);
      // A skill written in Mongolian only is found in Mongolian.
      expect(titles(await search(`?q=${encodeURIComponent('хамгаалалттай')}`))).toEqual(['Welder']);
      expect(titles(await search('?type=contract'))).toEqual(['Welder']);
      expect(titles(await search('?q=welder&type=remote'))).toEqual([]);
      expect(titles(await search('?q=100%25'))).toEqual([]);
    });

    it('takes parameters left empty, as a form sends them, as not given', async () => {
      const empty = await search('?q=&type=&page=&pageSize=');
      expect(titles(empty)).toEqual(titles(await search('')));
      expect(titles(await search('?q=&type=contract'))).toEqual(['Welder']);
      // A key named like an object's inner workings is just an unknown key.
      expect(titles(await search('?__proto__=a&__proto__=b&type=contract'))).toEqual(['Welder']);
      const sorted = await t.get('/api/admin/jobs?__proto__=x&__proto__=y&sort=title', { cookie: accounts.admin });
      expect(sorted.statusCode).toBe(200);
    });

    it('pages', async () => {
      const first = await search('?pageSize=3');
      const second = await search('?pageSize=3&page=2');
      expect(first.items).toHaveLength(3);
      expect(titles(second)).toEqual(['Welder']);
      expect(second.total).toBe(4);
    });

    it('answers a text PostgreSQL cannot hold (a NUL character) with 400, not a server error', async () => {
      const response = await t.get('/api/jobs?q=welder%00');
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('BAD_REQUEST');
    });

    it.each(['?type=seasonal', '?page=0', '?pageSize=500', `?q=${'x'.repeat(101)}`, '?page=abc'])(
      'refuses %s with 400',
      async (query) => {
        const response = await t.get(`/api/jobs${query}`);
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).code).toBe('VALIDATION_FAILED');
      },
    );

    it('answers unknown and malformed ids with Job not found', async () => {
      for (const id of ['00000000-0000-0000-0000-000000000000', 'not-an-id', "1' or '1'='1"]) {
        const response = await t.get(`/api/jobs/${encodeURIComponent(id)}`);
        expect(response.statusCode).toBe(404);
        expect(errorOf(response).code).toBe('JOB_NOT_FOUND');
      }
    });
  });

  describe('materials', () => {
    let job: JobDetail;
    beforeAll(async () => {
      job = await create({ title: { en: 'With files', mn: 'Файлтай' } });
    });

    it('takes a PDF by its content, keeps its name, and serves it as a download', async () => {
      const response = await upload(pdfBytes, 'Application form (Hanil).pdf', job.id);
      expect(response.statusCode).toBe(201);
      const material = response.json() as JobMaterial;
      expect(material).toMatchObject({ name: 'Application form (Hanil).pdf', contentType: 'application/pdf' });
      const file = await t.get(material.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      // RFC 8187's ext-value holds no parentheses: they are percent-encoded too.
      expect(file.headers['content-disposition']).toContain("filename*=UTF-8''Application%20form%20%28Hanil%29.pdf");
      // Stored as written anew from the parsed PDF (materials.test.ts), so not the same bytes.
      expect(file.rawPayload.length).toBe(material.size);
      expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(((await t.get(`/api/jobs/${job.id}`)).json() as JobDetail).materials).toHaveLength(1);
    });

    it('refuses files that are not PDF or pictures, whatever their name says', async () => {
      for (const [data, name] of [
        [Buffer.from('MZ\x90\x00 not really a pdf'), 'form.pdf'],
        [Buffer.from('<script>alert(1)</script>'), 'page.html'],
        [Buffer.alloc(0), 'empty.pdf'],
      ] as const) {
        const response = await upload(data, name, job.id);
        expect(response.statusCode).toBe(415);
        expect(errorOf(response).code).toBe('UNSUPPORTED_FILE');
      }
    });

    it('takes pictures by decoding them, upright and without their metadata (a phone photo says where it was taken)', async () => {
      const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c33' } })
        .jpeg()
        .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'PhoneCo', Copyright: 'Somebody' } } })
        .toBuffer();
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const response = await upload(photo, 'poster.jpeg', job.id);
      expect(response.statusCode).toBe(201);
      const material = response.json() as JobMaterial;
      expect(material).toMatchObject({ name: 'poster.jpeg', contentType: 'image/jpeg' });
      const stored = await sharp((await t.get(material.url)).rawPayload).metadata();
      expect(stored).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
      expect(stored.exif).toBeUndefined();
      expect(stored.orientation).toBeUndefined();

      const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#0000' } })
        .png()
        .toBuffer();
      const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .webp()
        .toBuffer();
      expect((await upload(png, 'map', job.id)).json()).toMatchObject({ name: 'map.png', contentType: 'image/png' });
      expect((await upload(webp, 'x.webp', job.id)).json()).toMatchObject({ contentType: 'image/webp' });
    });

    it('refuses a picture or a PDF that is cut short, and a picture of a kind it does not take', async () => {
      const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3c3' } })
        .png()
        .toBuffer();
      const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .gif()
        .toBuffer();
      for (const [data, name] of [
        [photo.subarray(0, 60), 'cut.png'],
        [Buffer.concat([photo.subarray(0, 8), Buffer.from('then anything at all')]), 'fake.png'],
        [gif, 'anim.gif'],
      ] as const) {
        const response = await upload(data, name, job.id);
        expect(response.statusCode, name).toBe(415);
        expect(errorOf(response).code).toBe('UNSUPPORTED_FILE');
      }
      // A file that starts as a PDF is judged as one (more refusals in materials.test.ts).
      const cut = await upload(pdfBytes.subarray(0, 20), 'cut.pdf', job.id);
      expect(cut.statusCode).toBe(415);
      expect(errorOf(cut).code).toBe('PDF_UNREADABLE');
    });

    it('keeps at most ten files a job', async () => {
      const full = await create({ title: { en: 'Many files', mn: 'Олон файл' } });
      for (let index = 0; index < 10; index++)
        expect((await upload(pdfBytes, `form ${index}.pdf`, full.id)).statusCode).toBe(201);
      const response = await upload(pdfBytes, 'one too many.pdf', full.id);
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).code).toBe('TOO_MANY_FILES');
      expect(((await t.get(`/api/jobs/${full.id}`)).json() as JobDetail).materials).toHaveLength(10);
    });

    it('refuses a file over 10 MB with 413', async () => {
      const big = Buffer.concat([pdfBytes, Buffer.alloc(10 * 1024 * 1024 + 1)]);
      const response = await upload(big, 'big.pdf', job.id);
      expect(response.statusCode).toBe(413);
    });

    it("keeps a draft's files from the public, and removes files with the job", async () => {
      const draft = await create({ status: 'draft', title: { en: 'Draft with file', mn: 'Ноорог файлтай' } });
      const material = (await upload(pdfBytes, 'secret.pdf', draft.id)).json() as JobMaterial;
      expect((await t.get(material.url)).statusCode).toBe(404);
      const staff = await t.get(material.url, { cookie: accounts.admin });
      expect(staff.statusCode).toBe(200);
      expect(staff.headers['cache-control']).toBe('private, no-store');
      expect((await send('DELETE', `/api/admin/jobs/${draft.id}/materials/${material.id}`)).statusCode).toBe(204);
      expect((await t.get(material.url, { cookie: accounts.admin })).statusCode).toBe(404);
    });
  });

  it('lists every job for the back office with search, status filter, sorting and application counts', async () => {
    const response = await t.get('/api/admin/jobs?status=draft&sort=title', { cookie: accounts.admin });
    expect(response.statusCode).toBe(200);
    const list = response.json() as AdminJobsResponse;
    expect(list.items.map((item) => item.title.en)).toEqual(['Draft job', 'Draft with file']);
    expect(list.items[0]).toMatchObject({ status: 'draft', applications: 0, postedAt: null });
    const bad = await t.get('/api/admin/jobs?sort=random', { cookie: accounts.admin });
    expect(bad.statusCode).toBe(400);
  });

  it('has a dozen demo jobs in both languages that pass the same checks', async () => {
    expect(DEMO_JOBS).toHaveLength(12);
    for (const { daysOpen, ...job } of DEMO_JOBS) {
      const response = await send('POST', '/api/admin/jobs', {
        ...job,
        deadline: addDays(today, daysOpen),
        status: 'draft',
      });
      expect(response.statusCode).toBe(201);
      expect(job.title.mn).toMatch(/[\u0400-\u04ff]/);
      expect(job.description.mn).toMatch(/[\u0400-\u04ff]/);
    }
  });
});
