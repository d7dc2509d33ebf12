import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  blankVisaForm,
  VISA_ACCOUNT_DOCUMENT_BYTES,
  VISA_APPLICATIONS_PER_YEAR,
  VISA_APPLICATIONS_WINDOW_DAYS,
  type MyVisaApplicationsResponse,
  type VisaApplication,
  type VisaDocument,
} from '@aylal/shared/schemas/visa';
import { errorOf, multipart, useTestApp } from '../../../test/helpers.ts';
import { completeVisaForm, visaSnapshot, visaConsent } from '../../../test/visa.ts';

/**
 * What one account may keep (docs/decisions/026): applications started in a year, whatever their
 * state, and the bytes of all its documents; each at its edge, with requests racing for the last
 * place. Earlier applications and documents are written straight into the database (a gigabyte
 * of uploads would only slow the test); every request under test is a real one.
 */
describe("what one account's visa applications may hold", () => {
  const t = useTestApp();

  const userIdOf = async (email: string) =>
    (await t.db.execute<{ id: string }>(sql`select id from users where email = ${email}`)).rows[0]!.id;
  const create = (cookie: string) => t.send('POST', '/api/visa-applications', { cookie });
  const list = async (cookie: string) =>
    (await t.get('/api/visa-applications', { cookie })).json() as MyVisaApplicationsResponse;
  const upload = (cookie: string, id: string, kind: string, data: Buffer, name = 'photo.png') =>
    t.send('POST', `/api/visa-applications/${id}/documents`, {
      cookie,
      raw: multipart({ kind }, { name, type: 'image/png', data }),
    });
  /** Applications written earlier, `daysAgo` days before now. */
  const insertApplications = async (userId: string, count: number, daysAgo: number, state = 'submitted') => {
    for (let index = 0; index < count; index++) {
      await t.db.execute(sql`
        insert into visa_applications (user_id, state, form, created_at, submitted_at)
        values (${userId}, ${state}, ${JSON.stringify(blankVisaForm())}::jsonb,
                now() - make_interval(days => ${daysAgo}), now() - make_interval(days => ${daysAgo}))`);
    }
  };
  const codes = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode).sort();
  /** A picture that stays the same size when written again (a flat colour, so its PNG is small). */
  const picture = (color: string) =>
    sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
      .png()
      .toBuffer();

  describe('applications per account and year', () => {
    it(`starts the ${VISA_APPLICATIONS_PER_YEAR}th of ${VISA_APPLICATIONS_WINDOW_DAYS} days and refuses the next, submitted and withdrawn ones counting, deleted drafts and older ones not`, async () => {
      const cookie = await t.signUp('yearly@example.com');
      const userId = await userIdOf('yearly@example.com');

      // Through the API: one submitted, one withdrawn, one draft deleted (which does not count).
      for (const withdraw of [false, true]) {
        const draft = (await create(cookie)).json() as VisaApplication;
        await t.send('PUT', `/api/visa-applications/${draft.id}`, { cookie, body: { form: completeVisaForm() } });
        expect(
          (await t.send('POST', `/api/visa-applications/${draft.id}/submit`, { cookie, body: visaConsent() }))
            .statusCode,
        ).toBe(200);
        if (withdraw) {
          expect((await t.send('POST', `/api/visa-applications/${draft.id}/withdraw`, { cookie })).statusCode).toBe(
            200,
          );
        }
      }
      const deleted = (await create(cookie)).json() as VisaApplication;
      expect((await t.send('DELETE', `/api/visa-applications/${deleted.id}`, { cookie })).statusCode).toBe(204);
      // Earlier ones: finished within the window, and some just outside it.
      await insertApplications(userId, VISA_APPLICATIONS_PER_YEAR - 3, 30, 'approved');
      await insertApplications(userId, 4, VISA_APPLICATIONS_WINDOW_DAYS + 1, 'refused');
      expect((await list(cookie)).usage.applications).toBe(VISA_APPLICATIONS_PER_YEAR - 1);

      // Five at once race for the last place: exactly one gets it.
      const before = await visaSnapshot(t);
      const raced = await Promise.all(Array.from({ length: 5 }, () => create(cookie)));
      expect(codes(raced)).toEqual([201, 409, 409, 409, 409]);
      for (const refused of raced.filter((response) => response.statusCode === 409)) {
        const error = errorOf(refused);
        expect(error.code).toBe('VISA_YEARLY_LIMIT');
        expect(error.details).toEqual({
          limit: VISA_APPLICATIONS_PER_YEAR,
          windowDays: VISA_APPLICATIONS_WINDOW_DAYS,
          count: VISA_APPLICATIONS_PER_YEAR,
        });
        expect(error.message).toContain(String(VISA_APPLICATIONS_PER_YEAR));
      }
      expect(await visaSnapshot(t)).not.toBe(before);
      expect((await list(cookie)).usage.applications).toBe(VISA_APPLICATIONS_PER_YEAR);

      // Refused, it changes nothing; the words are Mongolian where asked for.
      const full = await visaSnapshot(t);
      const again = await t.send('POST', '/api/visa-applications', {
        cookie,
        headers: { 'accept-language': 'mn' },
      });
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).message).toMatch(/12 сарын дотор 20 хүртэл/);
      expect(await visaSnapshot(t)).toBe(full);

      // When the oldest in the window passes out of it, one more may start.
      await t.db.execute(sql`
        update visa_applications set created_at = now() - make_interval(days => ${VISA_APPLICATIONS_WINDOW_DAYS + 1})
        where id = (select id from visa_applications where user_id = ${userId} and state = 'approved' limit 1)`);
      expect((await create(cookie)).statusCode).toBe(201);
      expect((await create(cookie)).statusCode).toBe(409);

      // Another account is not held by this one's applications.
      expect((await create(await t.signUp('yearly-other@example.com'))).statusCode).toBe(201);
    });
  });

  describe("the bytes of an account's documents", () => {
    it('takes a file that fills the room exactly, refuses one byte more, and lets exactly one of several racing uploads take the last room', async () => {
      const email = 'bytes@example.com';
      const cookie = await t.signUp(email);
      const userId = await userIdOf(email);
      const first = (await create(cookie)).json() as VisaApplication;
      const second = (await create(cookie)).json() as VisaApplication;
      const filesOf = (id: string) => {
        const where = path.join(t.config.DATA_DIR, 'uploads', 'visa', id);
        return existsSync(where) ? readdirSync(where) : [];
      };

      // How many bytes one picture takes as stored (the same picture is always stored the same).
      const photo = await picture('#3a7');
      const probe = (await upload(cookie, first.id, 'photo', photo)).json() as VisaDocument;
      const size = probe.size;
      expect(((await upload(cookie, first.id, 'photo', photo)).json() as VisaDocument).size).toBe(size);
      expect((await list(cookie)).usage.documentBytes).toBe(size);

      // Documents kept earlier on a submitted application fill all but `size` bytes of the room.
      await insertApplications(userId, 1, 10);
      const [earlier] = (
        await t.db.execute<{ id: string }>(
          sql`select id from visa_applications where user_id = ${userId} and state = 'submitted' limit 1`,
        )
      ).rows;
      const filler = VISA_ACCOUNT_DOCUMENT_BYTES - 2 * size;
      await t.db.execute(sql`
        insert into visa_documents (application_id, kind, file_key, file_name, content_type, size)
        values (${earlier!.id}, 'bank-statement', ${`visa/${earlier!.id}/kept.pdf`}, 'statement.pdf', 'application/pdf', ${filler})`);
      expect((await list(cookie)).usage.documentBytes).toBe(VISA_ACCOUNT_DOCUMENT_BYTES - size);

      // Replacing a file leaves the replaced one out of the count: it fits.
      expect((await upload(cookie, first.id, 'photo', photo)).statusCode).toBe(201);
      // One byte short of room for it: refused, nothing changed; with the byte, it would fit.
      const setFiller = (bytes: number) =>
        t.db.execute(sql`update visa_documents set size = ${bytes} where application_id = ${earlier!.id}`);
      await setFiller(filler + 1);
      const short = await visaSnapshot(t);
      const refused = await upload(cookie, second.id, 'passport', photo);
      expect(refused.statusCode, refused.body).toBe(413);
      expect(errorOf(refused)).toMatchObject({
        code: 'DOCUMENT_STORAGE_FULL',
        details: {
          limitBytes: VISA_ACCOUNT_DOCUMENT_BYTES,
          usedBytes: VISA_ACCOUNT_DOCUMENT_BYTES - size + 1,
          fileBytes: size,
        },
      });
      expect(await visaSnapshot(t)).toBe(short);
      expect(filesOf(second.id)).toEqual([]);
      await setFiller(filler);

      // Five uploads to two applications race for the last `size` bytes: exactly one gets them.
      const before = await visaSnapshot(t);
      const raced = await Promise.all([
        upload(cookie, first.id, 'passport', photo),
        upload(cookie, second.id, 'passport', photo),
        upload(cookie, first.id, 'other', photo),
        upload(cookie, second.id, 'photo', photo),
        upload(cookie, second.id, 'other', photo),
      ]);
      expect(codes(raced)).toEqual([201, 413, 413, 413, 413]);
      expect(await visaSnapshot(t)).not.toBe(before);
      expect((await list(cookie)).usage.documentBytes).toBe(VISA_ACCOUNT_DOCUMENT_BYTES);
      for (const refused of raced.filter((response) => response.statusCode === 413)) {
        const error = errorOf(refused);
        expect(error.code).toBe('DOCUMENT_STORAGE_FULL');
        expect(error.message).toContain('1 GB');
        expect(error.details).toMatchObject({ limitBytes: VISA_ACCOUNT_DOCUMENT_BYTES });
      }
      // Only the winner's file is kept beside the two on the first application (no file of a refusal stays).
      expect(filesOf(first.id).length + filesOf(second.id).length).toBe(2);

      // Full to the byte: the smallest upload is refused, before its file is read, and changes nothing.
      const full = await visaSnapshot(t);
      const tiny = await upload(cookie, second.id, 'invitation', await picture('#fff'));
      expect(tiny.statusCode).toBe(413);
      expect(errorOf(tiny)).toMatchObject({
        code: 'DOCUMENT_STORAGE_FULL',
        details: { limitBytes: VISA_ACCOUNT_DOCUMENT_BYTES, usedBytes: VISA_ACCOUNT_DOCUMENT_BYTES },
      });
      const mongolian = await t.send('POST', `/api/visa-applications/${second.id}/documents`, {
        cookie,
        headers: { 'accept-language': 'mn' },
        raw: multipart({ kind: 'invitation' }, { name: 'a.png', type: 'image/png', data: photo }),
      });
      expect(errorOf(mongolian).message).toMatch(/1 ГБ/);
      expect(await visaSnapshot(t)).toBe(full);

      // Removing a document makes room again; another account has room of its own.
      const held = (await list(cookie)).items.length;
      expect(held).toBe(3);
      const documents = ((await t.get(`/api/visa-applications/${first.id}`, { cookie })).json() as VisaApplication)
        .documents;
      await t.send('DELETE', `/api/visa-applications/${first.id}/documents/${documents[0]!.id}`, { cookie });
      expect((await upload(cookie, second.id, 'invitation', photo)).statusCode).toBe(201);
      const stranger = await t.signUp('bytes-other@example.com');
      const theirs = (await create(stranger)).json() as VisaApplication;
      expect((await upload(stranger, theirs.id, 'photo', photo)).statusCode).toBe(201);
    });
  });

  describe('one file per person and kind', () => {
    it('keeps exactly one of two uploads of the same kind sent at once, and only its file', async () => {
      const cookie = await t.signUp('same-kind@example.com');
      const draft = (await create(cookie)).json() as VisaApplication;
      const raced = await Promise.all([
        upload(cookie, draft.id, 'passport', await picture('#123')),
        upload(cookie, draft.id, 'passport', await picture('#456')),
      ]);
      expect(codes(raced)).toEqual([201, 201]);
      const kept = ((await t.get(`/api/visa-applications/${draft.id}`, { cookie })).json() as VisaApplication)
        .documents;
      expect(kept).toHaveLength(1);
      expect(raced.map((response) => (response.json() as VisaDocument).id)).toContain(kept[0]!.id);
      expect(readdirSync(path.join(t.config.DATA_DIR, 'uploads', 'visa', draft.id))).toHaveLength(1);
    });
  });
});
