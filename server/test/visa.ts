import { sql } from 'drizzle-orm';
import type { Language } from '@aylal/shared/i18n';
import { VISA_CONSENT_VERSION } from '@aylal/shared/consent';
import { addMonths, blankVisaForm, type VisaForm } from '@aylal/shared/visa-rules';
import type { VisaApplication, VisaDependant, VisaDependantInput, VisaDocument } from '@aylal/shared/schemas/visa';
import { defaultAgencyToday } from './jobs.ts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { errorOf, multipart, type TestApp } from './helpers.ts';
import { makePdf } from './pdfs.ts';

/** A passport valid for years yet. */
export const validPassportExpiry = () => addMonths(defaultAgencyToday(), 60);

/** A form that submits: every required answer given and plausible. */
export function completeVisaForm(overrides: Partial<VisaForm> = {}): VisaForm {
  return blankVisaForm({
    firstName: 'Bat',
    lastName: 'Dorj',
    email: 'bat@example.com',
    phone: '+976 9911 2233',
    dateOfBirth: '1990-05-01',
    nationality: 'MN',
    passportNumber: 'E1234567',
    passportExpiryDate: validPassportExpiry(),
    country: 'KR',
    purpose: 'tourism',
    criminalRecord: 'no',
    ...overrides,
  });
}

/** A dependant with every answer submitting needs. */
export function visaDependant(overrides: Partial<VisaDependantInput> = {}): VisaDependantInput {
  return {
    firstName: 'Saraa',
    lastName: 'Dorj',
    latinFirstName: '',
    latinLastName: '',
    relationship: 'child',
    dateOfBirth: '2015-03-02',
    nationality: 'MN',
    passportNumber: 'E7654321',
    passportExpiryDate: validPassportExpiry(),
    ...overrides,
  };
}

/** Every visa row, the notifications and the has_visa flags: what a refusal must leave as it was. */
export async function visaSnapshot(t: TestApp): Promise<string> {
  const parts: string[] = [];
  for (const table of [
    'visa_applications',
    'visa_dependants',
    'visa_documents',
    'visa_events',
    'visa_payments',
    'notifications',
  ]) {
    const result = await t.db.execute<{ digest: string }>(
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${table}" t`),
    );
    parts.push(`${table}:${result.rows[0]!.digest}`);
  }
  const flags = await t.db.execute(sql`select id, has_visa from users order by id`);
  return parts.join('\n') + JSON.stringify(flags.rows);
}

/** A submit's body: consent to the current words of the consent, read in `language`. */
export const visaConsent = (language: Language = 'en') => ({
  consent: { version: VISA_CONSENT_VERSION, language },
});

/** The refusal (its status and code), and not a row changed by it; answers the error. */
export async function expectRefused(
  t: TestApp,
  request: () => Promise<LightMyRequestResponse>,
  status: number,
  code: string,
): Promise<{ code: string; message: string; details?: unknown }> {
  const before = await visaSnapshot(t);
  const response = await request();
  expect(response.statusCode, response.body).toBe(status);
  const error = errorOf(response);
  expect(error.code).toBe(code);
  expect(await visaSnapshot(t)).toBe(before);
  return error;
}

/** A file as a browser uploads it. */
export interface UploadFile {
  name: string;
  type: string;
  data: Buffer;
}

/** A one-page passport scan, as a PDF. */
export const passportPdf = async (name = 'passport.pdf'): Promise<UploadFile> => ({
  name,
  type: 'application/pdf',
  data: await makePdf(),
});

/** `cookie` uploads `file` (a passport PDF unless given) to application `id`; expects 201, answers the document. */
export async function uploadVisaDocument(
  t: TestApp,
  cookie: string,
  id: string,
  fields: Record<string, string>,
  file?: UploadFile,
): Promise<VisaDocument> {
  const response = await t.send('POST', `/api/visa-applications/${id}/documents`, {
    cookie,
    raw: multipart(fields, file ?? (await passportPdf())),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as VisaDocument;
}

/** `cookie` starts an application and saves `form` in it (expects 201, then 200); answers its id and version. */
export async function saveVisaDraft(
  t: TestApp,
  cookie: string,
  form: VisaForm = completeVisaForm(),
): Promise<{ id: string; version: number }> {
  const created = await t.send('POST', '/api/visa-applications', { cookie });
  expect(created.statusCode, created.body).toBe(201);
  const { id, version } = created.json() as VisaApplication;
  const saved = await t.send('PUT', `/api/visa-applications/${id}`, {
    cookie,
    body: { form },
    headers: { 'if-match': `"${version}"` },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { id, version: (saved.json() as { version: number }).version };
}

/** `cookie` adds a dependant to application `id`; expects 201, answers it. */
export async function addVisaDependant(
  t: TestApp,
  cookie: string,
  id: string,
  dependant: VisaDependantInput = visaDependant(),
): Promise<VisaDependant> {
  const added = await t.send('POST', `/api/visa-applications/${id}/dependants`, { cookie, body: dependant });
  expect(added.statusCode, added.body).toBe(201);
  return added.json() as VisaDependant;
}

/** `cookie` submits application `id` with consent in English; expects 200, answers it as sent. */
export async function submitVisa(t: TestApp, cookie: string, id: string): Promise<VisaApplication> {
  const submitted = await t.send('POST', `/api/visa-applications/${id}/submit`, { cookie, body: visaConsent() });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return submitted.json() as VisaApplication;
}

/**
 * `cookie`'s draft with passport `passportNumber`, a dependant with passport MS7654321, and a scan
 * of the applicant's passport (and of the dependant's, with `scanDependant`) named `fileName`;
 * answers its id.
 */
export async function draftWithPassports(
  t: TestApp,
  cookie: string,
  passportNumber: string,
  { scanDependant = false, fileName = 'passport.pdf' } = {},
): Promise<string> {
  const { id } = await saveVisaDraft(t, cookie, completeVisaForm({ passportNumber }));
  const dependant = await addVisaDependant(t, cookie, id, visaDependant({ passportNumber: 'MS7654321' }));
  const uploads: Record<string, string>[] = [{ kind: 'passport' }];
  if (scanDependant) uploads.push({ kind: 'passport', dependantId: dependant.id });
  for (const fields of uploads) await uploadVisaDocument(t, cookie, id, fields, await passportPdf(fileName));
  return id;
}
