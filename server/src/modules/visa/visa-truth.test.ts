import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { VisaApplication, VisaDependant, VisaForm } from '@aylal/shared/schemas/visa';
import { AGENCY_ADMIN, useAccounts, useTestApp } from '../../../test/helpers.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { completeVisaForm, expectRefused, visaConsent, visaDependant } from '../../../test/visa.ts';

/**
 * The visa form tells the truth (docs/decisions/031): a draft keeps a wrong answer, submitting
 * refuses it naming the field in the caller's language, and the applicant is not their own
 * dependant.
 */
describe('visa applications: wrong answers and the applicant as a dependant', () => {
  const t = useTestApp();
  const accounts = useAccounts(t, { admin: AGENCY_ADMIN, owner: 'truth@example.com' });

  const create = async () => {
    const response = await t.send('POST', '/api/visa-applications', { cookie: accounts.owner });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as VisaApplication;
  };
  const save = (id: string, form: VisaForm, version: number) =>
    t.send('PUT', `/api/visa-applications/${id}`, {
      cookie: accounts.owner,
      body: { form },
      headers: { 'if-match': `"${version}"` },
    });
  const submit = (id: string, language = 'en') =>
    t.send('POST', `/api/visa-applications/${id}/submit`, {
      cookie: accounts.owner,
      body: visaConsent(),
      headers: { 'accept-language': language },
    });
  const addDependant = (id: string, body: unknown) =>
    t.send('POST', `/api/visa-applications/${id}/dependants`, { cookie: accounts.owner, body });
  const refused = (request: () => Promise<LightMyRequestResponse>, status: number, code: string) =>
    expectRefused(t, request, status, code);

  it('keeps a phone of letters and births to come in a draft, and refuses them at submit naming each field', async () => {
    const draft = await create();
    const form = completeVisaForm({ phone: 'abc', dateOfBirth: '2030-01-01' });
    const saved = await save(draft.id, form, draft.version);
    expect(saved.statusCode, saved.body).toBe(200);
    const child = await addDependant(draft.id, visaDependant({ firstName: 'Saraa', dateOfBirth: '2031-06-01' }));
    expect(child.statusCode, child.body).toBe(201);
    const childId = (child.json() as VisaDependant).id;
    const kept = (
      await t.get(`/api/visa-applications/${draft.id}`, { cookie: accounts.owner })
    ).json() as VisaApplication;
    expect(kept.form).toMatchObject({ phone: 'abc', dateOfBirth: '2030-01-01' });
    expect(kept.dependantList[0]).toMatchObject({ dateOfBirth: '2031-06-01' });

    const english = await refused(() => submit(draft.id), 400, 'VISA_INCOMPLETE');
    expect((english.details as { problems: unknown[] }).problems).toEqual([
      {
        path: 'phone',
        message: 'phoneInvalid',
        text: 'Phone number: Enter a phone number of 7 to 15 digits, for example +976 9911 2233',
      },
      { path: 'dateOfBirth', message: 'birthInFuture', text: 'Date of birth: The date of birth must be in the past' },
      {
        path: `dependants.${childId}.dateOfBirth`,
        message: 'birthInFuture',
        text: 'Date of birth (Saraa Dorj): The date of birth must be in the past',
      },
    ]);
    const mongolian = await refused(() => submit(draft.id, 'mn'), 400, 'VISA_INCOMPLETE');
    const texts = (mongolian.details as { problems: { text: string }[] }).problems.map((problem) => problem.text);
    expect(texts[0]).toMatch(/^Утасны дугаар: /);
    expect(texts[2]).toMatch(/^Төрсөн огноо \(Saraa Dorj\): /);
    // No English left in the Mongolian words (the child's name is as typed).
    for (const text of texts) expect(text.replace('Saraa Dorj', '')).not.toMatch(/[A-Za-z]/);
  });

  it("refuses the applicant's own name as a dependant, in any case and spacing, adding or renaming, and at submit", async () => {
    const draft = await create();
    const saved = await save(draft.id, completeVisaForm({ firstName: 'Bat', lastName: 'Dorj' }), draft.version);
    expect(saved.statusCode, saved.body).toBe(200);
    const error = await refused(
      () => addDependant(draft.id, visaDependant({ firstName: '  BAT ', lastName: 'dorj' })),
      409,
      'DEPENDANT_IS_APPLICANT',
    );
    expect(error.message).toBe("This is the applicant's own name: add only the people travelling with them");
    const saraa = (await addDependant(draft.id, visaDependant({ firstName: 'Saraa' }))).json() as VisaDependant;
    await refused(
      () =>
        t.send('PUT', `/api/visa-applications/${draft.id}/dependants/${saraa.id}`, {
          cookie: accounts.owner,
          body: visaDependant({ firstName: 'bat', lastName: 'DORJ' }),
        }),
      409,
      'DEPENDANT_IS_APPLICANT',
    );
    // The applicant renames themself to a dependant's name: submitting refuses it at the dependant.
    const current = (
      await t.get(`/api/visa-applications/${draft.id}`, { cookie: accounts.owner })
    ).json() as VisaApplication;
    const renamed = await save(draft.id, completeVisaForm({ firstName: 'Saraa' }), current.version);
    expect(renamed.statusCode, renamed.body).toBe(200);
    const atSubmit = await refused(() => submit(draft.id), 400, 'VISA_INCOMPLETE');
    expect((atSubmit.details as { problems: unknown[] }).problems).toMatchObject([
      { path: `dependants.${saraa.id}.firstName`, message: 'dependantIsApplicant' },
    ]);
  });

  it('refuses names not in Latin letters where the passport prints them, and an exit before the entry', async () => {
    const draft = await create();
    const form = completeVisaForm({
      latinFirstName: 'Батбаяр',
      latinLastName: 'DORJ',
      entryDate: '2027-05-10',
      exitDate: '2027-05-01',
    });
    expect((await save(draft.id, form, draft.version)).statusCode).toBe(200);
    const child = (
      await addDependant(draft.id, visaDependant({ latinFirstName: 'САРАА', latinLastName: 'Dorj' }))
    ).json() as VisaDependant;
    const error = await refused(() => submit(draft.id), 400, 'VISA_INCOMPLETE');
    expect((error.details as { problems: unknown[] }).problems).toMatchObject([
      { path: 'latinFirstName', message: 'latinOnly' },
      {
        path: 'exitDate',
        message: 'exitBeforeEntry',
        text: 'Intended exit date: The exit date cannot be before the entry date',
      },
      { path: `dependants.${child.id}.latinFirstName`, message: 'latinOnly' },
    ]);
  });

  it("keeps the passport's names and the trip's dates, staff record the embassy's receipt, lodging day and the visa's validity, and the applicant sees them", async () => {
    const draft = await create();
    const form = completeVisaForm({
      latinFirstName: 'BAT',
      latinLastName: 'DORJ',
      entryDate: '2027-05-01',
      exitDate: '2027-05-20',
    });
    expect((await save(draft.id, form, draft.version)).statusCode).toBe(200);
    const child = await addDependant(draft.id, visaDependant({ latinFirstName: 'SARAA', latinLastName: 'DORJ' }));
    expect(child.json()).toMatchObject({ latinFirstName: 'SARAA', latinLastName: 'DORJ' });
    expect((await submit(draft.id)).statusCode).toBe(200);
    const staff = `/api/admin/visa-applications/${draft.id}`;
    const act = (body: unknown, cookie = accounts.admin) => t.send('POST', `${staff}/actions`, { cookie, body });

    // Only staff act; a validity ending before it starts is refused, nothing changed.
    expect((await act({ action: 'start-review' }, accounts.owner)).statusCode).toBe(403);
    expect((await act({ action: 'start-review' })).statusCode).toBe(200);
    const lodged = await act({ action: 'lodge', embassyReceipt: 'KR-2027-118', lodgedOn: '2027-04-02' });
    expect(lodged.statusCode, lodged.body).toBe(200);
    const badValidity = await refused(
      () => act({ action: 'approve', validFrom: '2027-05-01', validTo: '2027-04-01' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(JSON.stringify(badValidity.details)).toContain('The last day of validity cannot be before the first');
    const approved = await act({ action: 'approve', validFrom: '2027-04-20', validTo: '2027-07-19' });
    expect(approved.statusCode, approved.body).toBe(200);
    const embassy = { receipt: 'KR-2027-118', lodgedOn: '2027-04-02', validFrom: '2027-04-20', validTo: '2027-07-19' };
    expect(approved.json()).toMatchObject({ embassy });

    const mine = (
      await t.get(`/api/visa-applications/${draft.id}`, { cookie: accounts.owner })
    ).json() as VisaApplication;
    expect(mine.embassy).toEqual(embassy);
    expect(mine.form).toMatchObject({ latinFirstName: 'BAT', entryDate: '2027-05-01', exitDate: '2027-05-20' });

    const pdf = (
      await pdfText(
        (await t.get(`/api/visa-applications/${draft.id}/pdf?lang=en`, { cookie: accounts.owner })).rawPayload,
      )
    )
      .join('\n')
      .replace(/\s+/g, ' ');
    for (const words of [
      'Embassy receipt: KR-2027-118',
      'Lodged on:',
      'Visa valid:',
      'First name in Latin letters BAT',
      'Intended exit date',
      'SARAA',
    ])
      expect(pdf).toContain(words);

    const exported = (await t.get('/api/account/export', { cookie: accounts.owner })).json() as {
      visaApplications?: unknown;
    };
    expect(JSON.stringify(exported)).toContain('"embassyReceipt":"KR-2027-118"');
    expect(JSON.stringify(exported)).toContain('"validTo":"2027-07-19"');
    expect(JSON.stringify(exported)).toContain('"latinFirstName":"SARAA"');

    const csv = (await t.get('/api/admin/visa-applications.csv', { cookie: accounts.admin })).body;
    expect(csv).toContain('BAT,DORJ,2027-05-01,2027-05-20,KR-2027-118,2027-04-02,2027-04-20,2027-07-19');
  });
});
