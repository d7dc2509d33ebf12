import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { VisaApplication, VisaDependant, VisaDocument } from '@aylal/shared/schemas/visa';
import { errorOf, multipart, useAccounts, useTestApp } from '../../../test/helpers.ts';
import { makeEncryptedPdf, makeOpenActionScriptPdf, makePdf } from '../../../test/pdfs.ts';
import { completeVisaForm, expectRefused, visaDependant, visaConsent } from '../../../test/visa.ts';

/** An application's documents (docs/decisions/016): one per person and kind, checked by content. */
describe("a visa application's documents", () => {
  const t = useTestApp();
  const accounts = useAccounts(t, { owner: 'doc-owner@example.com', other: 'doc-other@example.com' });

  const create = async (cookie = accounts.owner) => {
    const response = await t.send('POST', '/api/visa-applications', { cookie });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as VisaApplication;
  };
  const upload = (
    id: string,
    fields: Record<string, string>,
    file?: { name: string; type: string; data: Buffer },
    cookie = accounts.owner,
  ) => t.send('POST', `/api/visa-applications/${id}/documents`, { cookie, raw: multipart(fields, file) });
  const pdfFile = async (name = 'passport.pdf') => ({ name, type: 'application/pdf', data: await makePdf() });
  const pngFile = async () => ({
    name: 'photo.png',
    type: 'image/png',
    data: await sharp({ create: { width: 30, height: 40, channels: 3, background: '#8ac' } })
      .png()
      .toBuffer(),
  });
  const read = async (id: string, cookie = accounts.owner) =>
    (await t.get(`/api/visa-applications/${id}`, { cookie })).json() as VisaApplication;
  /** The files kept for one application. */
  const filesOf = (id: string) => {
    const where = path.join(t.config.DATA_DIR, 'uploads', 'visa', id);
    return existsSync(where) ? readdirSync(where).sort() : [];
  };
  const refused = async (request: () => Promise<LightMyRequestResponse>, status: number, code: string) => {
    await expectRefused(t, request, status, code);
  };

  it('keeps a PDF written anew, serves it to the owner only, private and not cached', async () => {
    const draft = await create();
    const response = await upload(draft.id, { kind: 'passport' }, await pdfFile('Паспорт scan.pdf'));
    expect(response.statusCode, response.body).toBe(201);
    const document = response.json() as VisaDocument;
    expect(document).toMatchObject({
      kind: 'passport',
      dependantId: null,
      fileName: 'Паспорт scan.pdf',
      contentType: 'application/pdf',
    });
    expect(filesOf(draft.id)).toHaveLength(1);
    expect(filesOf(draft.id)[0]).toMatch(/^[0-9a-f-]{36}\.pdf$/);

    const url = `/api/visa-applications/${draft.id}/documents/${document.id}`;
    const file = await t.get(url, { cookie: accounts.owner });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['content-disposition']).toMatch(/^attachment;.*filename\*=UTF-8''/);
    expect(file.rawPayload.length).toBe(document.size);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // To view in the browser ("Open"), with the same privacy; nothing else is a valid ?inline.
    const viewed = await t.get(`${url}?inline=1`, { cookie: accounts.owner });
    expect(viewed.headers['content-disposition']).toMatch(/^inline;.*filename\*=UTF-8''/);
    expect(viewed.headers['cache-control']).toBe('private, no-store');
    expect(viewed.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.get(`${url}?inline=yes`, { cookie: accounts.owner })).statusCode).toBe(400);

    // Someone else: the application is not found; anonymous: 401; an unknown document: not found.
    expect(errorOf(await t.get(url, { cookie: accounts.other })).code).toBe('VISA_NOT_FOUND');
    expect((await t.get(url)).statusCode).toBe(401);
    expect(
      errorOf(await t.get(`/api/visa-applications/${draft.id}/documents/not-a-uuid`, { cookie: accounts.owner })).code,
    ).toBe('DOCUMENT_NOT_FOUND');
    await refused(() => t.send('DELETE', url, { cookie: accounts.other }), 404, 'VISA_NOT_FOUND');
    await refused(
      async () => upload(draft.id, { kind: 'photo' }, await pngFile(), accounts.other),
      404,
      'VISA_NOT_FOUND',
    );
    expect((await read(draft.id)).documents.map((entry) => entry.id)).toEqual([document.id]);
  });

  it('keeps no bidi control or other hidden character of a file name: in its answer, the application and the download', async () => {
    const namer = await t.signUp('doc-names@example.com');
    const draft = await create(namer);
    const response = await upload(draft.id, { kind: 'other' }, await pdfFile('invoice\u202efdp.exe'), namer);
    expect(response.statusCode, response.body).toBe(201);
    const document = response.json() as VisaDocument;
    expect(document.fileName).toBe('invoicefdp.exe.pdf');
    expect((await read(draft.id, namer)).documents[0]?.fileName).toBe('invoicefdp.exe.pdf');
    const url = `/api/visa-applications/${draft.id}/documents/${document.id}`;
    expect((await t.get(url, { cookie: namer })).headers['content-disposition']).toBe(
      `attachment; filename="invoicefdp.exe.pdf"; filename*=UTF-8''invoicefdp.exe.pdf`,
    );

    // A name kept before names were cleaned is cleaned on the way out, in the answer and the header.
    await t.db.execute(
      sql`update visa_documents set file_name = ${'old\u2067fdp.exe\u2069\u202e'} where id = ${document.id}`,
    );
    expect((await read(draft.id, namer)).documents[0]?.fileName).toBe('oldfdp.exe');
    expect((await t.get(`${url}?inline=1`, { cookie: namer })).headers['content-disposition']).toBe(
      `inline; filename="oldfdp.exe"; filename*=UTF-8''oldfdp.exe`,
    );

    // A long name is cut between letters, never inside one: its download still answers.
    const long = await upload(
      draft.id,
      { kind: 'photo' },
      { ...(await pngFile()), name: `${'a'.repeat(115)}😀😀.png` },
      namer,
    );
    expect(long.statusCode, long.body).toBe(201);
    const kept = long.json() as VisaDocument;
    expect(kept.fileName).toBe(`${'a'.repeat(115)}😀.png`);
    const file = await t.get(`/api/visa-applications/${draft.id}/documents/${kept.id}`, { cookie: namer });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(encodeURIComponent(kept.fileName));
  });

  it("replaces a person's file of the same kind, removing the old file; other people and kinds stay", async () => {
    const draft = await create();
    const dependant = (
      await t.send('POST', `/api/visa-applications/${draft.id}/dependants`, {
        cookie: accounts.owner,
        body: visaDependant(),
      })
    ).json() as VisaDependant;
    const first = (await upload(draft.id, { kind: 'photo' }, await pngFile())).json() as VisaDocument;
    const theirs = (
      await upload(draft.id, { kind: 'photo', dependantId: dependant.id }, await pngFile())
    ).json() as VisaDocument;
    expect(theirs.dependantId).toBe(dependant.id);
    const passport = (await upload(draft.id, { kind: 'passport' }, await pdfFile())).json() as VisaDocument;
    expect(filesOf(draft.id)).toHaveLength(3);

    const second = await upload(draft.id, { kind: 'photo' }, await pngFile());
    expect(second.statusCode, second.body).toBe(201);
    const replacement = second.json() as VisaDocument;
    const documents = (await read(draft.id)).documents;
    expect(documents.map((entry) => entry.id).sort()).toEqual([theirs.id, passport.id, replacement.id].sort());
    expect(documents.some((entry) => entry.id === first.id)).toBe(false);
    expect(filesOf(draft.id)).toHaveLength(3);
    expect(
      errorOf(await t.get(`/api/visa-applications/${draft.id}/documents/${first.id}`, { cookie: accounts.owner })).code,
    ).toBe('DOCUMENT_NOT_FOUND');

    // Removing a dependant removes their documents and files.
    expect(
      (
        await t.send('DELETE', `/api/visa-applications/${draft.id}/dependants/${dependant.id}`, {
          cookie: accounts.owner,
        })
      ).statusCode,
    ).toBe(204);
    expect(filesOf(draft.id)).toHaveLength(2);

    // Deleting a document removes its file.
    expect(
      (
        await t.send('DELETE', `/api/visa-applications/${draft.id}/documents/${passport.id}`, {
          cookie: accounts.owner,
        })
      ).statusCode,
    ).toBe(204);
    expect(filesOf(draft.id)).toHaveLength(1);
    await refused(
      () => t.send('DELETE', `/api/visa-applications/${draft.id}/documents/${passport.id}`, { cookie: accounts.owner }),
      404,
      'DOCUMENT_NOT_FOUND',
    );
  });

  it('keeps a PDF whose link runs javascript:, the link removed and the page kept', async () => {
    const linker = await t.signUp('doc-links@example.com');
    const draft = await create(linker);
    const scripted = await makePdf(2, (document) =>
      document.getPage(1).node.set(
        PDFName.of('Annots'),
        document.context.obj([
          {
            Type: 'Annot',
            Subtype: 'Link',
            Rect: [50, 50, 200, 80],
            A: { S: 'URI', URI: PDFString.of(' JavaScript:fetch("/api/me")') },
          },
          {
            Type: 'Annot',
            Subtype: 'Link',
            Rect: [50, 90, 200, 120],
            A: { S: 'URI', URI: PDFString.of('https://aylal.mn/visa') },
          },
        ]),
      ),
    );
    const response = await upload(
      draft.id,
      { kind: 'other' },
      { name: 'statement.pdf', type: 'application/pdf', data: scripted },
      linker,
    );
    expect(response.statusCode, response.body).toBe(201);
    const document = response.json() as VisaDocument;
    const stored = await t.get(`/api/visa-applications/${draft.id}/documents/${document.id}`, { cookie: linker });
    const kept = await PDFDocument.load(stored.rawPayload);
    expect(kept.getPageCount()).toBe(2);
    const links = kept
      .getPage(1)
      .node.Annots()!
      .asArray()
      .map(
        (annotation) =>
          kept.context
            .lookup(annotation, PDFDict)
            .lookupMaybe(PDFName.of('A'), PDFDict)
            ?.lookupMaybe(PDFName.of('URI'), PDFString)
            ?.decodeText() ?? null,
      );
    expect(links).toEqual([null, 'https://aylal.mn/visa']);
  });

  it('takes a JPEG decoded and written again, upright and without its EXIF', async () => {
    const draft = await create();
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c33' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'PhoneCo', Copyright: 'Somebody' } } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await upload(
      draft.id,
      { kind: 'photo' },
      { name: 'IMG_0001.JPG', type: 'image/jpeg', data: photo },
    );
    expect(response.statusCode, response.body).toBe(201);
    const document = response.json() as VisaDocument;
    expect(document).toMatchObject({ contentType: 'image/jpeg', fileName: 'IMG_0001.JPG' });
    const stored = await t.get(`/api/visa-applications/${draft.id}/documents/${document.id}`, {
      cookie: accounts.owner,
    });
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(stored.rawPayload.includes('PhoneCo')).toBe(false);
  });

  it('refuses what is not a PDF, JPEG or PNG, a scripted or locked PDF, a file too large, and bad fields, leaving nothing', async () => {
    const draft = await create();
    const dependantOfOther = '00000000-0000-4000-8000-000000000000';
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    for (const [data, name, code] of [
      [webp, 'photo.webp', 'UNSUPPORTED_FILE'],
      [Buffer.from('GIF89a not really'), 'photo.gif', 'UNSUPPORTED_FILE'],
      [Buffer.from('<script>alert(1)</script>'), 'page.pdf', 'UNSUPPORTED_FILE'],
      [Buffer.alloc(0), 'empty.pdf', 'UNSUPPORTED_FILE'],
      [await makeOpenActionScriptPdf(), 'script.pdf', 'PDF_ACTIVE_CONTENT'],
      [await makeEncryptedPdf(), 'locked.pdf', 'PDF_ENCRYPTED'],
      [Buffer.from('%PDF-1.7\ncut short'), 'cut.pdf', 'PDF_UNREADABLE'],
    ] as const) {
      await refused(
        () => upload(draft.id, { kind: 'other' }, { name, type: 'application/pdf', data: Buffer.from(data) }),
        415,
        code,
      );
    }
    const big = Buffer.concat([await makePdf(), Buffer.alloc(10 * 1024 * 1024)]);
    await refused(
      () => upload(draft.id, { kind: 'other' }, { name: 'big.pdf', type: 'application/pdf', data: big }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    await refused(async () => upload(draft.id, { kind: 'visa' }, await pdfFile()), 400, 'VALIDATION_FAILED');
    await refused(async () => upload(draft.id, {}, await pdfFile()), 400, 'VALIDATION_FAILED');
    await refused(() => upload(draft.id, { kind: 'other' }), 400, 'VALIDATION_FAILED');
    await refused(
      async () => upload(draft.id, { kind: 'other', dependantId: 'me' }, await pdfFile()),
      400,
      'VALIDATION_FAILED',
    );
    await refused(
      async () => upload(draft.id, { kind: 'other', dependantId: dependantOfOther }, await pdfFile()),
      404,
      'DEPENDANT_NOT_FOUND',
    );
    await refused(
      () =>
        t.send('POST', `/api/visa-applications/${draft.id}/documents`, {
          cookie: accounts.owner,
          body: { kind: 'other' },
        }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect(filesOf(draft.id)).toEqual([]);
  });

  it('changes documents only while the application may be changed', async () => {
    const draft = await create();
    await t.send('PUT', `/api/visa-applications/${draft.id}`, {
      cookie: accounts.owner,
      body: { form: completeVisaForm() },
    });
    const document = (await upload(draft.id, { kind: 'passport' }, await pdfFile())).json() as VisaDocument;
    expect(
      (
        await t.send('POST', `/api/visa-applications/${draft.id}/submit`, {
          cookie: accounts.owner,
          body: visaConsent(),
        })
      ).statusCode,
    ).toBe(200);
    await refused(async () => upload(draft.id, { kind: 'photo' }, await pdfFile()), 409, 'VISA_NOT_EDITABLE');
    await refused(
      () => t.send('DELETE', `/api/visa-applications/${draft.id}/documents/${document.id}`, { cookie: accounts.owner }),
      409,
      'VISA_NOT_EDITABLE',
    );
    // Still readable.
    expect(
      (await t.get(`/api/visa-applications/${draft.id}/documents/${document.id}`, { cookie: accounts.owner }))
        .statusCode,
    ).toBe(200);
    expect(filesOf(draft.id)).toHaveLength(1);
  });

  it('deleting a draft removes its files from storage', async () => {
    const draft = await create();
    await upload(draft.id, { kind: 'passport' }, await pdfFile());
    await upload(draft.id, { kind: 'photo' }, await pngFile());
    expect(filesOf(draft.id)).toHaveLength(2);
    expect((await t.send('DELETE', `/api/visa-applications/${draft.id}`, { cookie: accounts.owner })).statusCode).toBe(
      204,
    );
    expect(filesOf(draft.id)).toEqual([]);
    const rows = await t.db.execute(sql`select 1 from visa_documents where application_id = ${draft.id}`);
    expect(rows.rows).toEqual([]);
  });
});
