import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { VisaApplication, VisaDependant, VisaForm } from '@aylal/shared/schemas/visa';
import { createTestApp, errorOf, type TestApp } from '../../../test/helpers.ts';
import { completeVisaForm, visaConsent, visaDependant, visaSnapshot } from '../../../test/visa.ts';

/**
 * The visa form tells the truth (docs/decisions/029): a draft keeps a wrong answer, submitting
 * refuses it naming the field in the caller's language, and the applicant is not their own
 * dependant.
 */
describe('visa applications: wrong answers and the applicant as a dependant', () => {
  let t: TestApp;
  let owner: string;

  const create = async () => {
    const response = await t.send('POST', '/api/visa-applications', { cookie: owner });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as VisaApplication;
  };
  const save = (id: string, form: VisaForm, version: number) =>
    t.send('PUT', `/api/visa-applications/${id}`, {
      cookie: owner,
      body: { form },
      headers: { 'if-match': `"${version}"` },
    });
  const submit = (id: string, language = 'en') =>
    t.send('POST', `/api/visa-applications/${id}/submit`, {
      cookie: owner,
      body: visaConsent(),
      headers: { 'accept-language': language },
    });
  const addDependant = (id: string, body: unknown) =>
    t.send('POST', `/api/visa-applications/${id}/dependants`, { cookie: owner, body });
  const refused = async (request: () => Promise<LightMyRequestResponse>, status: number, code: string) => {
    const before = await visaSnapshot(t);
    const response = await request();
    expect(response.statusCode, response.body).toBe(status);
    const error = errorOf(response);
    expect(error.code).toBe(code);
    expect(await visaSnapshot(t)).toBe(before);
    return error;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signUp('truth@example.com');
  });
  afterAll(() => t.close());

  it('keeps a phone of letters and births to come in a draft, and refuses them at submit naming each field', async () => {
    const draft = await create();
    const form = completeVisaForm({ phone: 'abc', dateOfBirth: '2030-01-01' });
    const saved = await save(draft.id, form, draft.version);
    expect(saved.statusCode, saved.body).toBe(200);
    const child = await addDependant(draft.id, visaDependant({ firstName: 'Saraa', dateOfBirth: '2031-06-01' }));
    expect(child.statusCode, child.body).toBe(201);
    const childId = (child.json() as VisaDependant).id;
    const kept = (await t.get(`/api/visa-applications/${draft.id}`, { cookie: owner })).json() as VisaApplication;
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
          cookie: owner,
          body: visaDependant({ firstName: 'bat', lastName: 'DORJ' }),
        }),
      409,
      'DEPENDANT_IS_APPLICANT',
    );
    // The applicant renames themself to a dependant's name: submitting refuses it at the dependant.
    const current = (await t.get(`/api/visa-applications/${draft.id}`, { cookie: owner })).json() as VisaApplication;
    const renamed = await save(draft.id, completeVisaForm({ firstName: 'Saraa' }), current.version);
    expect(renamed.statusCode, renamed.body).toBe(200);
    const atSubmit = await refused(() => submit(draft.id), 400, 'VISA_INCOMPLETE');
    expect((atSubmit.details as { problems: unknown[] }).problems).toMatchObject([
      { path: `dependants.${saraa.id}.firstName`, message: 'dependantIsApplicant' },
    ]);
  });
});
