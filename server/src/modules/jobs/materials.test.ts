import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobDetail, JobMaterial } from '@aylal/shared/schemas/jobs';
import type { TripDetail } from '@aylal/shared/schemas/trips';
import { ADMIN_EMAIL, errorOf, multipart, useAccounts, useTestApp } from '../../../test/helpers.ts';
import { jobInput } from '../../../test/jobs.ts';
import {
  HTML_PAGE,
  insertBefore,
  makeEncryptedPdf,
  makeLaunchPdf,
  makeNamedScriptPdf,
  makeOpenActionScriptPdf,
  makePdf,
} from '../../../test/pdfs.ts';
import { DEMO_TRIPS } from '../../db/seeds/demo-data.ts';

/** A line of markup a browser would run, in any case. */
const MARKUP = /<script|<html/i;

describe("a job's files and the upload routes", () => {
  const t = useTestApp();
  const accounts = useAccounts(t, { admin: ADMIN_EMAIL });
  let job: JobDetail;
  let trip: TripDetail;

  const post = (url: string, payload: Buffer | string, contentType: string) =>
    t.send('POST', url, { cookie: accounts.admin, raw: { payload, contentType } });
  const upload = (data: Buffer, name = 'form.pdf', id = job.id) => {
    const body = multipart({}, { name, type: 'application/pdf', data });
    return post(`/api/admin/jobs/${id}/materials`, body.payload, body.contentType);
  };
  const materialsOf = async (id: string) =>
    ((await t.get(`/api/admin/jobs/${id}`, { cookie: accounts.admin })).json() as JobDetail).materials;
  /** The files kept under DATA_DIR/uploads in one folder (none when it does not exist). */
  const filesIn = (folder: string) => {
    const where = path.join(t.config.DATA_DIR, 'uploads', folder);
    return existsSync(where) ? readdirSync(where) : [];
  };

  beforeAll(async () => {
    const created = await t.send('POST', '/api/admin/jobs', {
      cookie: accounts.admin,
      body: jobInput({ title: { en: 'With a form', mn: 'Маягттай' } }),
    });
    job = created.json() as JobDetail;
    const createdTrip = await t.send('POST', '/api/admin/trips', { cookie: accounts.admin, body: DEMO_TRIPS[0] });
    trip = createdTrip.json() as TripDetail;
  });

  describe('PDFs', () => {
    it('keeps a real PDF, written anew, and serves it as a PDF download the browser may not sniff', async () => {
      const pdf = await makePdf(3);
      const response = await upload(pdf, 'Application form.pdf');
      expect(response.statusCode).toBe(201);
      const material = response.json() as JobMaterial;
      expect(material).toMatchObject({ name: 'Application form.pdf', contentType: 'application/pdf' });

      const file = await t.get(material.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-disposition']).toMatch(/^attachment;/);
      expect(file.rawPayload.length).toBe(material.size);
      expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const stored = await PDFDocument.load(file.rawPayload);
      expect(stored.getPageCount()).toBe(3);
    });

    it('keeps no bidi control or other hidden character of a file name, in the job or the download', async () => {
      const response = await upload(await makePdf(), 'invoice\u202efdp.exe');
      expect(response.statusCode, response.body).toBe(201);
      const material = response.json() as JobMaterial;
      expect(material.name).toBe('invoicefdp.exe.pdf');
      expect((await materialsOf(job.id)).find((item) => item.id === material.id)?.name).toBe('invoicefdp.exe.pdf');
      expect((await t.get(material.url)).headers['content-disposition']).toBe(
        `attachment; filename="invoicefdp.exe.pdf"; filename*=UTF-8''invoicefdp.exe.pdf`,
      );
      // One kept before names were cleaned is cleaned on the way out.
      await t.db.execute(sql`update job_materials set file_name = ${'old\u202efdp.exe'} where id = ${material.id}`);
      expect((await materialsOf(job.id)).find((item) => item.id === material.id)?.name).toBe('oldfdp.exe');
      expect((await t.get(material.url)).headers['content-disposition']).toBe(
        `attachment; filename="oldfdp.exe"; filename*=UTF-8''oldfdp.exe`,
      );
      await t.send('DELETE', `/api/admin/jobs/${job.id}/materials/${material.id}`, { cookie: accounts.admin });
    });

    it('leaves behind the HTML of a PDF/HTML polyglot, wherever it was slipped in', async () => {
      const pdf = await makePdf();
      const page = `\n${HTML_PAGE}\n`;
      const polyglots = {
        'between the objects and the cross-reference table': insertBefore(pdf, 'xref', page),
        'before the end-of-file marker': insertBefore(pdf, '%%EOF', page),
        'after the header': Buffer.concat([Buffer.from(`%PDF-1.7${page}`), pdf.subarray(pdf.indexOf('\n') + 1)]),
        'as a stream of its own': insertBefore(
          pdf,
          'xref',
          `99 0 obj\n<< /Length ${page.length} >>\nstream\n${page}\nendstream\nendobj\n`,
        ),
      };
      for (const [where, polyglot] of Object.entries(polyglots)) {
        expect(polyglot.subarray(0, 5).toString('latin1'), where).toBe('%PDF-');
        expect(polyglot.subarray(-7).toString('latin1'), where).toMatch(/%%EOF\s*$/);
        expect(polyglot.toString('latin1'), where).toMatch(MARKUP);

        const response = await upload(polyglot, 'polyglot.pdf');
        expect(response.statusCode, where).toBe(201);
        const file = await t.get((response.json() as JobMaterial).url);
        expect(file.rawPayload.toString('latin1'), where).not.toMatch(MARKUP);
        expect((await PDFDocument.load(file.rawPayload)).getPageCount(), where).toBe(1);
      }
    });

    it('refuses PDFs it cannot read, protected by a password, or that act when opened, and stores nothing', async () => {
      const target = (
        await t.send('POST', '/api/admin/jobs', {
          cookie: accounts.admin,
          body: jobInput({ title: { en: 'Refusals', mn: 'Татгалзал' } }),
        })
      ).json() as JobDetail;
      const pdf = await makePdf(2);
      const cases: [string, Buffer, string, string][] = [
        ['cut in half', pdf.subarray(0, pdf.length / 2), 'PDF_UNREADABLE', 'This PDF could not be read.'],
        [
          'cut in half, an end marker added',
          Buffer.concat([pdf.subarray(0, pdf.length / 2), Buffer.from('\n%%EOF\n')]),
          'PDF_UNREADABLE',
          'This PDF could not be read.',
        ],
        [
          'a header and a marker around nothing',
          Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
          'PDF_UNREADABLE',
          'This PDF could not be read.',
        ],
        ['a password', await makeEncryptedPdf(), 'PDF_ENCRYPTED', 'This PDF is protected with a password.'],
        [
          'an empty user password (encrypted all the same)',
          await makeEncryptedPdf(''),
          'PDF_ENCRYPTED',
          'This PDF is protected with a password.',
        ],
        [
          'JavaScript run on opening',
          await makeOpenActionScriptPdf(),
          'PDF_ACTIVE_CONTENT',
          'This PDF contains scripts or actions.',
        ],
        ['a Launch action', await makeLaunchPdf(), 'PDF_ACTIVE_CONTENT', 'This PDF contains scripts or actions.'],
        [
          'a document script in an object stream',
          await makeNamedScriptPdf(),
          'PDF_ACTIVE_CONTENT',
          'This PDF contains scripts or actions.',
        ],
      ];
      for (const [what, data, code, message] of cases) {
        const response = await upload(data, 'form.pdf', target.id);
        expect(response.statusCode, what).toBe(415);
        const error = errorOf(response);
        expect(error.code, what).toBe(code);
        expect(error.message, what).toContain(message);
      }
      expect(await materialsOf(target.id)).toEqual([]);
      expect(filesIn(`jobs/${target.id}`)).toEqual([]);
    });

    it('says why in Mongolian too', async () => {
      const body = multipart({}, { name: 'form.pdf', type: 'application/pdf', data: await makeEncryptedPdf() });
      const response = await t.send('POST', `/api/admin/jobs/${job.id}/materials`, {
        cookie: accounts.admin,
        raw: body,
        headers: { 'accept-language': 'mn' },
      });
      expect(errorOf(response)).toMatchObject({ code: 'PDF_ENCRYPTED', message: expect.stringMatching(/нууц үг/) });
    });
  });

  describe('malformed multipart answers 400 BAD_REQUEST and stores nothing', () => {
    const routes = {
      "a job's files": () => ({ url: `/api/admin/jobs/${job.id}/materials`, folder: `jobs/${job.id}` }),
      'trip pictures': () => ({ url: `/api/admin/trips/${trip.id}/images`, folder: `trips/${trip.id}` }),
    };
    const bodies = async () => {
      const picture = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      const whole = multipart({}, { name: 'a.png', type: 'image/png', data: picture });
      return {
        'no boundary': { payload: whole.payload, contentType: 'multipart/form-data' },
        'a truncated part': {
          payload: whole.payload.subarray(0, whole.payload.length - 40),
          contentType: whole.contentType,
        },
        'garbage bytes': {
          payload: Buffer.from('\u0000\u00ff garbage, no part at all \r\n\r\n\u0001'),
          contentType: whole.contentType,
        },
      };
    };

    for (const [route, target] of Object.entries(routes)) {
      it(`on ${route}`, async () => {
        const { url, folder } = target();
        const before = filesIn(folder);
        for (const [what, body] of Object.entries(await bodies())) {
          const response = await post(url, body.payload, body.contentType);
          expect(response.statusCode, what).toBe(400);
          expect(errorOf(response), what).toMatchObject({ code: 'BAD_REQUEST' });
        }
        expect(filesIn(folder)).toEqual(before);
      });
    }
  });
});
