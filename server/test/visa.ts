import { sql } from 'drizzle-orm';
import type { Language } from '@aylal/shared/i18n';
import { VISA_CONSENT_VERSION } from '@aylal/shared/consent';
import { addMonths, blankVisaForm, type VisaForm } from '@aylal/shared/visa-rules';
import type { VisaDependantInput } from '@aylal/shared/schemas/visa';
import { defaultAgencyToday } from './jobs.ts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { errorOf, type TestApp } from './helpers.ts';

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
