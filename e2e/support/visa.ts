import type { APIRequestContext } from '@playwright/test';
import { VISA_CONSENT_VERSION } from '../../shared/src/consent.ts';
import { addMonths, blankVisaForm, type VisaForm } from '../../shared/src/visa-rules.ts';
import { ok } from '../fixtures.ts';
import { BASE_URL } from './constants.ts';

const headers = { origin: BASE_URL };

/**
 * A visa application of the signed-in person with every required answer given (their name and
 * email, and any other answer, as told; the paid processing chosen when `processing` is set),
 * through the API, as the form sends it; sent too, with the consent, when `submit` is set. Answers
 * its id, and its reference once sent.
 */
export async function visaApplicationOf(
  request: APIRequestContext,
  person: Pick<VisaForm, 'firstName' | 'lastName' | 'email'> & Partial<VisaForm>,
  { submit = false, processing = false } = {},
): Promise<{ id: string; reference: string | null }> {
  const draft = await ok<{ id: string; version: number }>(
    await request.post(`${BASE_URL}/api/visa-applications`, { headers, data: {} }),
    201,
  );
  const form = blankVisaForm({
    phone: '+976 9911 2233',
    dateOfBirth: '1990-05-01',
    nationality: 'MN',
    passportNumber: 'E1234567',
    passportExpiryDate: addMonths(new Date().toISOString().slice(0, 10), 60),
    country: 'KR',
    purpose: 'tourism',
    criminalRecord: 'no',
    processing,
    ...person,
  });
  await ok(
    await request.put(`${BASE_URL}/api/visa-applications/${draft.id}`, {
      headers: { ...headers, 'if-match': `"${draft.version}"` },
      data: { form },
    }),
  );
  if (!submit) return { id: draft.id, reference: null };
  const sent = await ok<{ reference: string }>(
    await request.post(`${BASE_URL}/api/visa-applications/${draft.id}/submit`, {
      headers,
      data: { consent: { version: VISA_CONSENT_VERSION, language: 'en' } },
    }),
  );
  return { id: draft.id, reference: sent.reference };
}
