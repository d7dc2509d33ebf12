import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  VISA_REQUIRED_FIELDS,
  type MyVisaApplicationsResponse,
  type SaveVisaDraftResponse,
  type VisaApplication,
  type VisaDependant,
  type VisaForm,
} from '@aylal/shared/schemas/visa';
import { blankProfile } from '@aylal/shared/schemas/profile';
import { VISA_CONSENT_PARTS, VISA_CONSENT_VERSION } from '@aylal/shared/consent';
import formEn from '@aylal/locales/en/visaApplicationForm.json' with { type: 'json' };
import formMn from '@aylal/locales/mn/visaApplicationForm.json' with { type: 'json' };
import { AGENCY_ADMIN, errorOf, useAccounts, useTestApp } from '../../../test/helpers.ts';
import { completeVisaForm, visaDependant, visaSnapshot, visaConsent } from '../../../test/visa.ts';
import { visaConsentWording } from '../privacy/index.ts';

/**
 * The applicant's side of visa applications (docs/decisions/016): drafts, saving, submitting,
 * withdrawing and dependants. Documents are in documents.test.ts.
 */
describe('visa applications, the applicant', () => {
  const t = useTestApp();
  const accounts = useAccounts(t, {
    admin: AGENCY_ADMIN,
    owner: { email: 'owner@example.com', name: 'Owner Account' },
    other: 'other@example.com',
  });
  let ownerId: string;

  const create = async (cookie = accounts.owner) => {
    const response = await t.send('POST', '/api/visa-applications', { cookie });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as VisaApplication;
  };
  const read = async (id: string, cookie = accounts.owner) =>
    (await t.get(`/api/visa-applications/${id}`, { cookie })).json() as VisaApplication;
  const save = (id: string, form: VisaForm, version?: number, cookie = accounts.owner) =>
    t.send('PUT', `/api/visa-applications/${id}`, {
      cookie,
      body: { form },
      ...(version === undefined ? {} : { headers: { 'if-match': `"${version}"` } }),
    });
  const submit = (id: string, cookie = accounts.owner) =>
    t.send('POST', `/api/visa-applications/${id}/submit`, { cookie, body: visaConsent() });
  const addDependant = (id: string, body: unknown, cookie = accounts.owner) =>
    t.send('POST', `/api/visa-applications/${id}/dependants`, { cookie, body });
  /** A draft with a complete form saved, ready to submit. */
  const readyDraft = async (overrides: Partial<VisaForm> = {}) => {
    const draft = await create();
    const saved = await save(draft.id, completeVisaForm(overrides), draft.version);
    expect(saved.statusCode, saved.body).toBe(200);
    return draft.id;
  };
  const setState = (id: string, state: string, extra = sql``) =>
    t.db.execute(sql`update visa_applications set state = ${state} ${extra} where id = ${id}`);
  const snapshot = () => visaSnapshot(t);
  /** The refusal, and no row changed by it. */
  const refused = async (request: () => Promise<LightMyRequestResponse>, status: number, code: string) => {
    const before = await snapshot();
    const response = await request();
    expect(response.statusCode, response.body).toBe(status);
    const error = errorOf(response);
    expect(error.code).toBe(code);
    expect(await snapshot()).toBe(before);
    return error;
  };
  const deleteDrafts = async (cookie = accounts.owner) => {
    const { items } = (await t.get('/api/visa-applications', { cookie })).json() as MyVisaApplicationsResponse;
    for (const item of items.filter((entry) => entry.state === 'draft')) {
      expect((await t.send('DELETE', `/api/visa-applications/${item.id}`, { cookie })).statusCode).toBe(204);
    }
  };

  beforeAll(async () => {
    const found = await t.db.execute<{ id: string }>(sql`select id from users where email = 'owner@example.com'`);
    ownerId = found.rows[0]!.id;
    const profile = await t.send('PUT', '/api/profile', {
      cookie: accounts.owner,
      body: blankProfile({
        fullName: 'Batbayar  Dorjiin Tsend',
        email: 'batbayar@example.com',
        phone: '+976 9911 2233',
        dateOfBirth: '1988-02-03',
        nationality: 'Mongolian',
      }),
    });
    expect(profile.statusCode, profile.body).toBeLessThan(300);
  });

  describe('who may reach an application', () => {
    it('refuses anonymous callers every route (401)', async () => {
      const draft = await create();
      for (const [method, url] of [
        ['GET', '/api/visa-applications'],
        ['POST', '/api/visa-applications'],
        ['GET', `/api/visa-applications/${draft.id}`],
        ['PUT', `/api/visa-applications/${draft.id}`],
        ['DELETE', `/api/visa-applications/${draft.id}`],
        ['POST', `/api/visa-applications/${draft.id}/submit`],
        ['POST', `/api/visa-applications/${draft.id}/withdraw`],
        ['POST', `/api/visa-applications/${draft.id}/dependants`],
      ] as const) {
        await refused(
          () => t.send(method, url, { body: method === 'PUT' ? { form: completeVisaForm() } : undefined }),
          401,
          'UNAUTHENTICATED',
        );
      }
      await deleteDrafts();
    });

    it("answers someone else's application, dependant and document as not found (404), never 403", async () => {
      const draft = await create();
      const dependant = (await addDependant(draft.id, visaDependant())).json() as VisaDependant;
      const base = `/api/visa-applications/${draft.id}`;
      await refused(() => t.get(base, { cookie: accounts.other }), 404, 'VISA_NOT_FOUND');
      await refused(() => save(draft.id, completeVisaForm(), undefined, accounts.other), 404, 'VISA_NOT_FOUND');
      await refused(() => t.send('DELETE', base, { cookie: accounts.other }), 404, 'VISA_NOT_FOUND');
      await refused(() => submit(draft.id, accounts.other), 404, 'VISA_NOT_FOUND');
      await refused(() => t.send('POST', `${base}/withdraw`, { cookie: accounts.other }), 404, 'VISA_NOT_FOUND');
      await refused(
        () => addDependant(draft.id, visaDependant({ firstName: 'X' }), accounts.other),
        404,
        'VISA_NOT_FOUND',
      );
      await refused(
        () => t.send('PUT', `${base}/dependants/${dependant.id}`, { cookie: accounts.other, body: visaDependant() }),
        404,
        'VISA_NOT_FOUND',
      );
      await refused(
        () => t.send('DELETE', `${base}/dependants/${dependant.id}`, { cookie: accounts.other }),
        404,
        'VISA_NOT_FOUND',
      );
      // Staff read it on their own routes; the applicant's routes are the owner's alone.
      await refused(() => t.get(base, { cookie: accounts.admin }), 404, 'VISA_NOT_FOUND');
      const list = (
        await t.get('/api/visa-applications', { cookie: accounts.other })
      ).json() as MyVisaApplicationsResponse;
      expect(list.items).toEqual([]);

      // The owner's application, a dependant that is not its own.
      const second = await create();
      await refused(
        () =>
          t.send('PUT', `/api/visa-applications/${second.id}/dependants/${dependant.id}`, {
            cookie: accounts.owner,
            body: visaDependant(),
          }),
        404,
        'DEPENDANT_NOT_FOUND',
      );
      await refused(
        () => t.send('DELETE', `/api/visa-applications/${second.id}/dependants/not-a-uuid`, { cookie: accounts.owner }),
        404,
        'DEPENDANT_NOT_FOUND',
      );
      await refused(
        () => t.get('/api/visa-applications/not-a-uuid', { cookie: accounts.owner }),
        404,
        'VISA_NOT_FOUND',
      );
      await deleteDrafts();
    });
  });

  describe('drafts', () => {
    it('starts a draft from the profile: names split, email, phone, birth and nationality as a country code', async () => {
      const draft = await create();
      expect(draft).toMatchObject({
        state: 'draft',
        reference: null,
        version: 1,
        submittedAt: null,
        dependantList: [],
        documents: [],
        payment: null,
        processingPriceUsd: 0,
        name: 'Batbayar Dorjiin Tsend',
      });
      expect(draft.form).toMatchObject({
        firstName: 'Batbayar',
        lastName: 'Dorjiin Tsend',
        email: 'batbayar@example.com',
        phone: '+976 9911 2233',
        dateOfBirth: '1988-02-03',
        nationality: 'MN',
        passportNumber: '',
        country: '',
        processing: false,
      });
      expect(draft.prefilled).toEqual({
        firstName: 'profile',
        lastName: 'profile',
        email: 'profile',
        phone: 'profile',
        dateOfBirth: 'profile',
        nationality: 'profile',
      });
      expect(draft.history.map((entry) => [entry.kind, entry.state])).toEqual([['created', 'draft']]);

      // Without a profile: the account's name and email.
      const bare = await create(accounts.other);
      expect(bare.form).toMatchObject({ firstName: 'Test', lastName: 'User', email: 'other@example.com', phone: '' });
      expect(bare.prefilled).toEqual({ firstName: 'account', lastName: 'account', email: 'account' });
      await deleteDrafts();
      await deleteDrafts(accounts.other);
    });

    it('keeps at most five drafts (VISA_DRAFTS_LIMIT), a submitted one not counted', async () => {
      const submitted = await readyDraft();
      expect((await submit(submitted)).statusCode).toBe(200);
      for (let index = 0; index < 5; index++) await create();
      await refused(
        () => t.send('POST', '/api/visa-applications', { cookie: accounts.owner }),
        409,
        'VISA_DRAFTS_LIMIT',
      );
      const list = (
        await t.get('/api/visa-applications', { cookie: accounts.owner })
      ).json() as MyVisaApplicationsResponse;
      expect(list.items.filter((item) => item.state === 'draft')).toHaveLength(5);
      expect(list.items[0]!.createdAt >= list.items.at(-1)!.createdAt).toBe(true);
      await deleteDrafts();
      expect((await t.send('POST', '/api/visa-applications', { cookie: accounts.owner })).statusCode).toBe(201);
      await deleteDrafts();
    });

    it('saves the answers with If-Match, refusing a stale version (VISA_CHANGED), and copies the search columns', async () => {
      const draft = await create();
      const form = completeVisaForm({ firstName: 'Болор', lastName: 'Эрдэнэ', passportNumber: 'e 123 4567' });
      const first = await save(draft.id, form, 1);
      expect(first.statusCode, first.body).toBe(200);
      expect((first.json() as SaveVisaDraftResponse).version).toBe(2);
      await refused(() => save(draft.id, { ...form, firstName: 'Stale' }, 1), 409, 'VISA_CHANGED');
      // Unfinished answers are kept; only bounds are refused.
      const partial = await save(draft.id, { ...form, phone: '' }, 2);
      expect(partial.statusCode).toBe(200);
      await refused(() => save(draft.id, { ...form, dateOfBirth: '2023-02-30' }, 3), 400, 'VALIDATION_FAILED');
      await refused(() => save(draft.id, { ...form, country: 'XX' }, 3), 400, 'VALIDATION_FAILED');
      await refused(
        () =>
          t.send('PUT', `/api/visa-applications/${draft.id}`, {
            cookie: accounts.owner,
            body: { form },
            headers: { 'if-match': 'yesterday' },
          }),
        400,
        'VALIDATION_FAILED',
      );
      const [row] = (
        await t.db.execute<{ country: string; name: string; search_text: string }>(
          sql`select country, name, search_text from visa_applications where id = ${draft.id}`,
        )
      ).rows;
      expect(row).toMatchObject({ country: 'KR', name: 'Болор Эрдэнэ' });
      expect(row!.search_text).toContain('болор эрдэнэ');
      expect(row!.search_text).toContain('e1234567');
      expect(row!.search_text).toContain('bat@example.com');
      const read1 = await read(draft.id);
      expect(read1.version).toBe(3);
      expect(read1.form.phone).toBe('');
      await deleteDrafts();
    });

    it('deletes a draft (only a draft)', async () => {
      const draft = await create();
      await refused(
        () =>
          t.send('DELETE', `/api/visa-applications/00000000-0000-4000-8000-000000000000`, { cookie: accounts.owner }),
        404,
        'VISA_NOT_FOUND',
      );
      expect(
        (await t.send('DELETE', `/api/visa-applications/${draft.id}`, { cookie: accounts.owner })).statusCode,
      ).toBe(204);
      expect((await t.get(`/api/visa-applications/${draft.id}`, { cookie: accounts.owner })).statusCode).toBe(404);
      const submitted = await readyDraft();
      expect((await submit(submitted)).statusCode).toBe(200);
      await refused(
        () => t.send('DELETE', `/api/visa-applications/${submitted}`, { cookie: accounts.owner }),
        409,
        'VISA_NOT_EDITABLE',
      );
    });
  });

  describe('submitting', () => {
    it('refuses an incomplete form with every required field and its own message (VISA_INCOMPLETE)', async () => {
      const draft = await create(accounts.other);
      await save(
        draft.id,
        { ...draft.form, firstName: '', lastName: '', email: '', phone: '', dateOfBirth: '' },
        1,
        accounts.other,
      );
      const error = await refused(() => submit(draft.id, accounts.other), 400, 'VISA_INCOMPLETE');
      expect(error.message).toBe('Please fill in all required fields before saving.');
      const { problems } = error.details as { problems: { path: string; message: string }[] };
      expect(problems).toMatchObject(VISA_REQUIRED_FIELDS.map((field) => ({ path: field, message: field })));
      await deleteDrafts(accounts.other);
    });

    it('refuses implausible answers: a birth in the future, an expired passport, a declared record without details, a dependant without a passport', async () => {
      const id = await readyDraft({
        dateOfBirth: '2999-01-01',
        passportExpiryDate: '2020-01-01',
        email: 'not an email',
        criminalRecord: 'yes',
      });
      const dependant = (
        await addDependant(id, visaDependant({ passportNumber: '', dateOfBirth: '2999-12-31' }))
      ).json() as VisaDependant;
      const error = await refused(() => submit(id), 400, 'VISA_INCOMPLETE');
      const { problems } = error.details as { problems: { path: string; message: string }[] };
      expect(problems).toMatchObject([
        { path: 'email', message: 'emailInvalid' },
        { path: 'dateOfBirth', message: 'birthInFuture' },
        { path: 'passportExpiryDate', message: 'passportExpired' },
        { path: 'criminalRecordDetails', message: 'criminalDetails' },
        { path: `dependants.${dependant.id}.passportNumber`, message: 'passportNumber' },
        { path: `dependants.${dependant.id}.dateOfBirth`, message: 'birthInFuture' },
      ]);
      await deleteDrafts();
    });

    it('gives the reference, has_visa, the history and the notifications (without passport or country)', async () => {
      const id = await readyDraft({ passportNumber: 'e12 34567' });
      const response = await submit(id);
      expect(response.statusCode, response.body).toBe(200);
      const submitted = response.json() as VisaApplication;
      const year = new Date().getUTCFullYear();
      expect(submitted.reference).toMatch(new RegExp(`^V-(${year}|${year + 1})-\\d{5}$`));
      expect(submitted).toMatchObject({ state: 'submitted', payment: null });
      expect(submitted.submittedAt).not.toBeNull();
      expect(submitted.form.passportNumber).toBe('E1234567');
      expect(submitted.history.map((entry) => [entry.kind, entry.state])).toEqual([
        ['created', 'draft'],
        ['submitted', 'submitted'],
      ]);
      const flag = await t.db.execute<{ has_visa: boolean }>(sql`select has_visa from users where id = ${ownerId}`);
      expect(flag.rows[0]!.has_visa).toBe(true);

      const notes = await t.db.execute<{ type: string; recipient_id: string | null; params: unknown; link: string }>(
        sql`select type, recipient_id, params, link from notifications where params->>'reference' = ${submitted.reference} order by type`,
      );
      expect(notes.rows).toEqual([
        {
          type: 'staffVisaSubmitted',
          recipient_id: null,
          params: { reference: submitted.reference, name: 'Batbayar  Dorjiin Tsend' },
          link: `/admin/visa/${id}`,
        },
        {
          type: 'visaSubmitted',
          recipient_id: ownerId,
          params: { reference: submitted.reference },
          link: `/visa/${id}`,
        },
      ]);
      const everything = JSON.stringify((await t.db.execute(sql`select params, link from notifications`)).rows);
      expect(everything).not.toContain('E1234567');
      expect(everything).not.toContain('KR');

      // Not editable any more: answers, dependants, submitting again.
      await refused(() => save(id, completeVisaForm({ firstName: 'Later' })), 409, 'VISA_NOT_EDITABLE');
      await refused(() => addDependant(id, visaDependant({ firstName: 'Late' })), 409, 'VISA_NOT_EDITABLE');
      await refused(() => submit(id), 409, 'VISA_NOT_EDITABLE');
      const search = await t.db.execute<{ search_text: string }>(
        sql`select search_text from visa_applications where id = ${id}`,
      );
      expect(search.rows[0]!.search_text).toContain(submitted.reference!.toLowerCase());
    });

    it('records the paid processing at the price of the day, and refuses it while not offered', async () => {
      const id = await readyDraft({ processing: true });
      await refused(() => submit(id), 409, 'VISA_PROCESSING_UNAVAILABLE');
      await t.db.execute(sql`update visa_settings set processing_price_usd = 45 where id = 1`);
      const response = await submit(id);
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as VisaApplication).payment).toMatchObject({ state: 'awaiting-payment', amountUsd: 45 });
      const list = (
        await t.get('/api/visa-applications', { cookie: accounts.owner })
      ).json() as MyVisaApplicationsResponse;
      expect(list.processingPriceUsd).toBe(45);
      expect(list.items.find((item) => item.id === id)?.payment?.amountUsd).toBe(45);
      await t.db.execute(sql`update visa_settings set processing_price_usd = 0 where id = 1`);
    });

    it('sends it again from action-required: resubmitted, back to submitted, the request cleared, staff told', async () => {
      const id = await readyDraft();
      const first = (await submit(id)).json() as VisaApplication;
      await setState(id, 'action-required', sql`, action_section = 'passport', action_message = 'Scan is blurry'`);
      const waiting = await read(id);
      expect(waiting.actionRequest).toEqual({ section: 'passport', message: 'Scan is blurry' });
      // Editable again, with its version.
      const saved = await save(id, completeVisaForm({ passportNumber: 'E7777777' }), waiting.version);
      expect(saved.statusCode, saved.body).toBe(200);
      const response = await submit(id);
      expect(response.statusCode, response.body).toBe(200);
      const again = response.json() as VisaApplication;
      expect(again).toMatchObject({ state: 'submitted', reference: first.reference, actionRequest: null });
      expect(again.submittedAt).toBe(first.submittedAt);
      expect(again.history.map((entry) => entry.kind)).toEqual(['created', 'submitted', 'resubmitted']);
      const row = await t.db.execute<{ action_section: string | null; action_message: string | null }>(
        sql`select action_section, action_message from visa_applications where id = ${id}`,
      );
      expect(row.rows[0]).toEqual({ action_section: null, action_message: null });
      const notes = await t.db.execute<{ type: string }>(
        sql`select type from notifications where params->>'reference' = ${first.reference} order by created_at`,
      );
      expect(notes.rows.map((note) => note.type)).toEqual([
        'visaSubmitted',
        'staffVisaSubmitted',
        'staffVisaResubmitted',
      ]);
    });
  });

  describe('withdrawing', () => {
    it('withdraws from submitted, in-review and action-required, and refuses the rest', async () => {
      for (const state of ['submitted', 'in-review', 'action-required']) {
        const id = await readyDraft();
        expect((await submit(id)).statusCode).toBe(200);
        await setState(id, state);
        const response = await t.send('POST', `/api/visa-applications/${id}/withdraw`, { cookie: accounts.owner });
        expect(response.statusCode, response.body).toBe(200);
        const withdrawn = response.json() as VisaApplication;
        expect(withdrawn.state).toBe('withdrawn');
        expect(withdrawn.history.at(-1)).toMatchObject({ kind: 'withdrawn', state: 'withdrawn' });
        const notes = await t.db.execute<{ type: string; params: { name?: string } }>(
          sql`select type, params from notifications where params->>'reference' = ${withdrawn.reference} and type like '%Withdrawn' order by type`,
        );
        expect(notes.rows.map((note) => note.type)).toEqual(['staffVisaWithdrawn', 'visaWithdrawn']);
      }
      const draft = await create();
      await refused(
        () => t.send('POST', `/api/visa-applications/${draft.id}/withdraw`, { cookie: accounts.owner }),
        409,
        'VISA_NOT_EDITABLE',
      );
      await deleteDrafts();
      for (const state of ['lodged', 'approved', 'refused', 'withdrawn']) {
        const id = await readyDraft();
        expect((await submit(id)).statusCode).toBe(200);
        await setState(id, state);
        await refused(
          () => t.send('POST', `/api/visa-applications/${id}/withdraw`, { cookie: accounts.owner }),
          409,
          'VISA_NOT_EDITABLE',
        );
      }
    });
  });

  describe('dependants', () => {
    it('adds, changes and removes dependants, and refuses a name already there in any case and spacing', async () => {
      const draft = await create();
      const added = await addDependant(
        draft.id,
        visaDependant({ firstName: 'Сараа', lastName: 'Болд', passportNumber: 'e 765 4321' }),
      );
      expect(added.statusCode, added.body).toBe(201);
      const saraa = added.json() as VisaDependant;
      expect(saraa).toMatchObject({ firstName: 'Сараа', lastName: 'Болд', passportNumber: 'E7654321' });
      await refused(
        () => addDependant(draft.id, visaDependant({ firstName: '  САРАА ', lastName: 'болд  ' })),
        409,
        'DEPENDANT_EXISTS',
      );
      const other1 = (await addDependant(draft.id, visaDependant({ firstName: 'Тэмүүлэн' }))).json() as VisaDependant;
      // Renaming one to the other's name is refused too.
      await refused(
        () =>
          t.send('PUT', `/api/visa-applications/${draft.id}/dependants/${other1.id}`, {
            cookie: accounts.owner,
            body: visaDependant({ firstName: 'сараа', lastName: 'БОЛД' }),
          }),
        409,
        'DEPENDANT_EXISTS',
      );
      const changed = await t.send('PUT', `/api/visa-applications/${draft.id}/dependants/${other1.id}`, {
        cookie: accounts.owner,
        body: visaDependant({ firstName: 'Тэмүүлэн', relationship: 'spouse' }),
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((changed.json() as VisaDependant).relationship).toBe('spouse');
      // Names and the relationship are needed; the rest may follow.
      await refused(
        () => addDependant(draft.id, { ...visaDependant({ firstName: 'New' }), relationship: 'cousin' }),
        400,
        'VALIDATION_FAILED',
      );
      await refused(() => addDependant(draft.id, visaDependant({ firstName: ' ' })), 400, 'VALIDATION_FAILED');
      const search = await t.db.execute<{ search_text: string }>(
        sql`select search_text from visa_applications where id = ${draft.id}`,
      );
      expect(search.rows[0]!.search_text).toContain('сараа болд');
      expect(search.rows[0]!.search_text).toContain('e7654321');

      expect(
        (
          await t.send('DELETE', `/api/visa-applications/${draft.id}/dependants/${saraa.id}`, {
            cookie: accounts.owner,
          })
        ).statusCode,
      ).toBe(204);
      await refused(
        () => t.send('DELETE', `/api/visa-applications/${draft.id}/dependants/${saraa.id}`, { cookie: accounts.owner }),
        404,
        'DEPENDANT_NOT_FOUND',
      );
      const after = await read(draft.id);
      expect(after.dependantList.map((entry) => entry.firstName)).toEqual(['Тэмүүлэн']);
      expect(after.dependants).toBe(1);
      // The same name may come back once the other is gone.
      expect((await addDependant(draft.id, visaDependant({ firstName: 'Сараа', lastName: 'Болд' }))).statusCode).toBe(
        201,
      );
      await deleteDrafts();
    });

    it('refuses one of two simultaneous additions of one name (the database keeps one)', async () => {
      const draft = await create();
      const responses = await Promise.all(
        Array.from({ length: 4 }, (_, index) =>
          addDependant(draft.id, visaDependant({ firstName: index % 2 ? 'anu' : 'Anu ', lastName: 'Bat' })),
        ),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409]);
      for (const response of responses.filter((entry) => entry.statusCode === 409)) {
        expect(errorOf(response).code).toBe('DEPENDANT_EXISTS');
      }
      expect((await read(draft.id)).dependantList).toHaveLength(1);
      await deleteDrafts();
    });

    it('takes at most twelve dependants (TOO_MANY_DEPENDANTS)', async () => {
      const draft = await create();
      for (let index = 0; index < 12; index++) {
        expect((await addDependant(draft.id, visaDependant({ firstName: `Child ${index}` }))).statusCode).toBe(201);
      }
      await refused(() => addDependant(draft.id, visaDependant({ firstName: 'Thirteen' })), 409, 'TOO_MANY_DEPENDANTS');
      const positions = (await read(draft.id)).dependantList.map((entry) => entry.firstName);
      expect(positions[0]).toBe('Child 0');
      expect(positions[11]).toBe('Child 11');
      await deleteDrafts();
    });

    it('changes dependants only while the application may be changed', async () => {
      const id = await readyDraft();
      const dependant = (await addDependant(id, visaDependant())).json() as VisaDependant;
      expect((await submit(id)).statusCode).toBe(200);
      const url = `/api/visa-applications/${id}/dependants/${dependant.id}`;
      await refused(
        () => t.send('PUT', url, { cookie: accounts.owner, body: visaDependant({ relationship: 'spouse' }) }),
        409,
        'VISA_NOT_EDITABLE',
      );
      await refused(() => t.send('DELETE', url, { cookie: accounts.owner }), 409, 'VISA_NOT_EDITABLE');
      await setState(id, 'action-required', sql`, action_section = 'dependants', action_message = 'Add the date'`);
      expect(
        (await t.send('PUT', url, { cookie: accounts.owner, body: visaDependant({ relationship: 'spouse' }) }))
          .statusCode,
      ).toBe(200);
    });
  });

  describe('consent (docs/decisions/027)', () => {
    let person: string;
    beforeAll(async () => {
      person = await t.signUp('consenting@example.com');
    });
    const consentsOf = async (id: string) =>
      (
        await t.db.execute<{ version: string; language: string; wording: string }>(
          sql`select version, language, wording from consents where application_id = ${id} order by created_at`,
        )
      ).rows;
    const ready = async () => {
      const draft = await create(person);
      expect((await save(draft.id, completeVisaForm(), draft.version, person)).statusCode).toBe(200);
      return draft.id;
    };
    const send = (id: string, body?: unknown) =>
      t.send('POST', `/api/visa-applications/${id}/submit`, { cookie: person, ...(body ? { body } : {}) });

    it('refuses a submit without consent to the current words, and changes nothing', async () => {
      const id = await ready();
      const error = await refused(() => send(id), 409, 'VISA_CONSENT_REQUIRED');
      expect(error.details).toEqual({ version: VISA_CONSENT_VERSION });
      await refused(() => send(id, {}), 409, 'VISA_CONSENT_REQUIRED');
      await refused(
        () => send(id, { consent: { version: '2020-01-01', language: 'en' } }),
        409,
        'VISA_CONSENT_REQUIRED',
      );
      const malformed = await send(id, { consent: { version: VISA_CONSENT_VERSION, language: 'fr' } });
      expect(malformed.statusCode).toBe(400);
      expect(await consentsOf(id)).toEqual([]);
      expect((await read(id, person)).state).toBe('draft');
    });

    it('records the words the person read, in their language, and asks again only when the words change', async () => {
      const id = await ready();
      const sent = await send(id, visaConsent('mn'));
      expect(sent.statusCode, sent.body).toBe(200);
      expect((sent.json() as VisaApplication).consent).toEqual({
        version: VISA_CONSENT_VERSION,
        at: expect.any(String),
      });
      const [given] = await consentsOf(id);
      expect(given).toEqual({ version: VISA_CONSENT_VERSION, language: 'mn', wording: visaConsentWording('mn') });
      // The stored words are the review page's, every part of them, in Mongolian.
      for (const part of VISA_CONSENT_PARTS) expect(given!.wording).toContain(formMn.consent[part]);
      expect(visaConsentWording('en')).toContain(formEn.consent.share);

      // Sent back for a change: the consent to the same words stands.
      await setState(id, 'action-required', sql`, action_section = 'personal', action_message = 'Check the name'`);
      expect((await send(id)).statusCode).toBe(200);
      expect(await consentsOf(id)).toHaveLength(1);

      // The words changed since (an older version on record): asked again.
      await t.db.execute(sql`update consents set version = '2020-01-01' where application_id = ${id}`);
      await setState(id, 'action-required', sql`, action_section = 'personal', action_message = 'Check the name'`);
      await refused(() => send(id), 409, 'VISA_CONSENT_REQUIRED');
      expect((await send(id, visaConsent('en'))).statusCode).toBe(200);
      expect((await consentsOf(id)).map((row) => [row.version, row.language])).toEqual([
        ['2020-01-01', 'mn'],
        [VISA_CONSENT_VERSION, 'en'],
      ]);
      expect((await read(id, person)).consent?.version).toBe(VISA_CONSENT_VERSION);
    });
  });
});
