import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatDate } from '@aylal/shared/dates';
import { blankVisaForm, type VisaState } from '@aylal/shared/visa-rules';
import { users } from '../../db/schema/auth.ts';
import { visaApplications, visaDependants, visaDocuments, visaPayments } from '../../db/schema/visa.ts';
import { AGENCY_ADMIN, errorOf, useAccounts, useTestApp } from '../../../test/helpers.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import enWords from '@aylal/locales/en/visaApplicationForm.json' with { type: 'json' };
import mnWords from '@aylal/locales/mn/visaApplicationForm.json' with { type: 'json' };
import { renderVisaPdf, type VisaPdfInput } from './pdf.ts';

const FORM = blankVisaForm({
  firstName: 'Болормаа',
  lastName: 'Батсүх',
  email: 'bolormaa@example.com',
  phone: '+976 9911 2233',
  dateOfBirth: '1990-04-05',
  nationality: 'MN',
  passportNumber: 'E1234567',
  passportExpiryDate: '2031-01-31',
  country: 'KR',
  purpose: 'family',
  purposeDetails: 'Охинтойгоо уулзана',
  criminalRecord: 'no',
  processing: true,
});

describe('visa application PDFs', () => {
  const t = useTestApp();
  const accounts = useAccounts(t, {
    admin: AGENCY_ADMIN,
    owner: 'owner@example.com',
    other: 'other@example.com',
  });
  let ownerId: string;
  let submittedId: string;
  let draftId: string;

  const userId = async (email: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

  /** An application as helper A's routes leave it: a draft, or submitted with its reference. */
  async function application(userIdValue: string, state: VisaState, reference: string | null) {
    const [row] = await t.db
      .insert(visaApplications)
      .values({
        userId: userIdValue,
        state,
        reference,
        form: FORM,
        name: 'Болормаа Батсүх',
        country: 'KR',
        submittedAt: reference ? new Date('2026-11-20T03:00:00Z') : null,
      })
      .returning({ id: visaApplications.id });
    return row!.id;
  }

  beforeAll(async () => {
    ownerId = await userId('owner@example.com');

    submittedId = await application(ownerId, 'submitted', 'V-2026-00042');
    const [child] = await t.db
      .insert(visaDependants)
      .values({
        applicationId: submittedId,
        position: 0,
        firstName: 'Сарнай',
        lastName: 'Батсүх',
        nameKey: 'сарнай батсүх',
        relationship: 'child',
        dateOfBirth: '2015-02-03',
        nationality: 'MN',
        passportNumber: 'E7654321',
        passportExpiryDate: '2029-01-01',
      })
      .returning({ id: visaDependants.id });
    await t.db.insert(visaDocuments).values([
      {
        applicationId: submittedId,
        kind: 'passport',
        fileKey: 'visa/x/a.pdf',
        fileName: 'паспорт.pdf',
        contentType: 'application/pdf',
        size: 234_567,
      },
      {
        applicationId: submittedId,
        dependantId: child!.id,
        kind: 'photo',
        fileKey: 'visa/x/b.jpg',
        fileName: 'sarnai-photo.jpg',
        contentType: 'image/jpeg',
        size: 1_234_567,
      },
    ]);
    await t.db.insert(visaPayments).values({ applicationId: submittedId, amountUsd: 50 });
    draftId = await application(ownerId, 'draft', null);
  });

  const pdfOf = (url: string, cookie: string | undefined, language = 'mn') =>
    t.get(url, { cookie, headers: { 'accept-language': language } });

  it('gives the owner their submission in their language: Mongolian labels, Cyrillic names, dependants and documents, page numbers', async () => {
    const response = await pdfOf(`/api/visa-applications/${submittedId}/pdf`, accounts.owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toContain('filename="V-2026-00042.pdf"');
    const pages = await pdfText(response.rawPayload);
    const text = pages.join('\n');
    for (const words of [
      'Визийн өргөдөл',
      'V-2026-00042',
      'Илгээсэн',
      'ХУВИЙН МЭДЭЭЛЭЛ',
      'Паспортын дугаар',
      'E1234567',
      'Болормаа',
      'Батсүх',
      'Өмнөд Солонгос',
      'Гэр бүл, найз нөхдөө эргэх',
      '1990 оны 4-р сарын 5',
      'Гэр бүлийн гишүүн 1: Сарнай Батсүх',
      'Хүүхэд',
      'ХАВСАРГАСАН БАРИМТ БИЧИГ',
      'Паспортын хуулбар',
      'паспорт.pdf (229 КБ)',
      'sarnai-photo.jpg (1.2 МБ)',
      'Сонгосон ($\u00a050)',
    ])
      expect(text).toContain(words);
    // The time says which clock it is on, the agency's (docs/decisions/030).
    expect(text.replace(/\s+/g, ' ')).toContain('Илгээсэн: 2026 оны 11-р сарын 20 11:00 (Улаанбаатарын цагаар)');
    expect(pages.at(-1)).toContain(`Хуудас ${pages.length}/${pages.length}`);

    const english = (
      await pdfText((await pdfOf(`/api/visa-applications/${submittedId}/pdf?lang=en`, accounts.owner)).rawPayload)
    ).join('\n');
    expect(english).toContain('PERSONAL DETAILS');
    expect(english.replace(/\s+/g, ' ')).toContain('20 Nov 2026, 11:00 (Ulaanbaatar time)');
    expect(english).toContain('Dependant 1: Сарнай Батсүх');
    expect(english).toContain('Passport scan');
    expect(english).toContain('South Korea');
  });

  it("lists under each person what the documents checklist still misses (the form's one rule)", async () => {
    const english = (
      await pdfText((await pdfOf(`/api/visa-applications/${submittedId}/pdf?lang=en`, accounts.owner)).rawPayload)
    )
      .join('\n')
      .replace(/\s+/g, ' ');
    // A family visit: the applicant has a passport scan, the child a photo.
    expect(english).toContain('Missing from the checklist Photo, Bank statement, Invitation or booking');
    expect(english).toContain('Missing from the checklist Passport scan');
  });

  it('is not found for anyone but its owner, for a draft, or for a made-up id; staff read it on their own route', async () => {
    for (const [url, cookie] of [
      [`/api/visa-applications/${submittedId}/pdf`, accounts.other],
      [`/api/visa-applications/${draftId}/pdf`, accounts.owner],
      ['/api/visa-applications/not-an-id/pdf', accounts.owner],
      ['/api/visa-applications/00000000-0000-4000-8000-000000000000/pdf', accounts.owner],
      [`/api/admin/visa-applications/${draftId}/pdf`, accounts.admin],
    ] as const) {
      const response = await pdfOf(url, cookie);
      expect(response.statusCode, url).toBe(404);
      expect(errorOf(response).code).toBe('VISA_NOT_FOUND');
    }
    expect((await pdfOf(`/api/visa-applications/${submittedId}/pdf`, undefined)).statusCode).toBe(401);

    expect((await pdfOf(`/api/admin/visa-applications/${submittedId}/pdf`, undefined)).statusCode).toBe(401);
    expect((await pdfOf(`/api/admin/visa-applications/${submittedId}/pdf`, accounts.owner)).statusCode).toBe(403);
    const staff = await pdfOf(`/api/admin/visa-applications/${submittedId}/pdf?lang=en`, accounts.admin);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['cache-control']).toBe('private, no-store');
    expect((await pdfText(staff.rawPayload)).join('\n')).toContain('Visa application V-2026-00042');
  });

  it('is drawn in a worker thread and reused while the application is unchanged', async () => {
    const url = `/api/visa-applications/${submittedId}/pdf?lang=en`;
    const first = await pdfOf(url, accounts.owner);
    const again = await pdfOf(url, accounts.owner);
    expect(again.headers['x-pdf-cache']).toBe('hit');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    await t.db.update(visaApplications).set({ state: 'in-review' }).where(eq(visaApplications.id, submittedId));
    const changed = await pdfOf(url, accounts.owner);
    expect(changed.headers['x-pdf-cache']).toBe('miss');
    expect((await pdfText(changed.rawPayload)).join('\n')).toContain('V-2026-00042  ·  In review');
    expect(t.app.cvPdfs.stats().threadIds.length).toBeGreaterThan(0);
  });
});

describe('the visa PDF keeps each person together', () => {
  it('never splits a dependant (or their documents) across pages, with enough of them to fill several', async () => {
    const dependants = Array.from({ length: 12 }, (_, index) => ({
      id: `dependant-${index}`,
      firstName: `Child${index + 1}`,
      lastName: 'Batsukh',
      latinFirstName: `CHILD${index + 1}`,
      latinLastName: 'BATSUKH',
      relationship: 'child',
      dateOfBirth: '2015-02-03',
      nationality: 'MN',
      passportNumber: `E70000${String(index).padStart(2, '0')}`,
      passportExpiryDate: `2031-01-${String(index + 1).padStart(2, '0')}`,
    }));
    const visa: VisaPdfInput = {
      reference: 'V-2026-00077',
      state: 'submitted',
      submittedAt: '2026-11-20T03:00:00Z',
      form: FORM,
      dependants,
      documents: dependants.flatMap((dependant) => [
        {
          dependantId: dependant.id,
          kind: 'passport' as const,
          fileName: `${dependant.id}-passport.pdf`,
          size: 200_000,
        },
        { dependantId: dependant.id, kind: 'photo' as const, fileName: `${dependant.id}-photo.jpg`, size: 90_000 },
      ]),
      embassy: { receipt: null, lodgedOn: null, validFrom: null, validTo: null },
      payment: null,
      timeZone: 'Asia/Ulaanbaatar',
      madeOn: '2026-11-21',
    };
    for (const language of ['en', 'mn'] as const) {
      const pages = await pdfText(await renderVisaPdf(visa, language));
      const pageOf = (text: string) => pages.findIndex((page) => page.includes(text));
      const label = language === 'en' ? 'Dependant' : 'Гэр бүлийн гишүүн';
      const firstPages = new Set<number>();
      dependants.forEach((dependant, index) => {
        const heading = `${label} ${index + 1}: ${dependant.firstName} ${dependant.lastName}`;
        // Their answers: the heading, the first and the last answer on one page.
        const answers = pageOf(dependant.passportNumber);
        firstPages.add(answers);
        expect(pages[answers], `${language}: ${heading}`).toContain(heading);
        expect(pages[answers], `${language}: ${heading}`).toContain(
          formatDate(dependant.passportExpiryDate, language, { timeZone: 'UTC' }),
        );
        // Their documents: the heading and both files on one page.
        const files = pageOf(`${dependant.id}-passport.pdf`);
        expect(pages[files], `${language}: ${heading}`).toContain(heading);
        expect(pages[files], `${language}: ${heading}`).toContain(`${dependant.id}-photo.jpg`);
      });
      // The dependants did fill more than one page.
      expect(firstPages.size).toBeGreaterThan(1);
      // Each section's heading is on the page of its first person, never left alone at a page's foot.
      const words = language === 'en' ? enWords : mnWords;
      expect(pages[pageOf(dependants[0]!.passportNumber)]).toContain(
        words.sections.dependants.toLocaleUpperCase(language),
      );
      expect(pages[pageOf(words.pdf.documents.toLocaleUpperCase(language))]).toContain(
        `${words.pdf.applicant}: ${FORM.firstName} ${FORM.lastName}`,
      );
    }
  });
});
