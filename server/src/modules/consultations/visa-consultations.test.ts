import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminConsultationDetail, Consultation, SlotsResponse } from '@aylal/shared/schemas/consultations';
import { blankVisaForm, type VisaState } from '@aylal/shared/visa-rules';
import { users } from '../../db/schema/auth.ts';
import { consultations } from '../../db/schema/consultations.ts';
import { visaApplications } from '../../db/schema/visa.ts';
import { ADMIN_EMAIL, AGENCY_ADMIN, errorOf, useAccounts, useTestApp } from '../../../test/helpers.ts';

const HOUR = 3_600_000;

/** Spec section 4: a consultation can be booked only after the visa application is saved (submitted). */
describe('consultations about a visa application', () => {
  const t = useTestApp();
  const accounts = useAccounts(t, { admin: AGENCY_ADMIN });

  const userId = async (email: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

  /** An application as the visa routes leave it: a draft, or submitted (or later) with its reference. */
  async function application(email: string, state: VisaState, reference: string | null = null) {
    const [row] = await t.db
      .insert(visaApplications)
      .values({
        userId: await userId(email),
        state,
        reference,
        form: blankVisaForm({ firstName: 'Bat', lastName: 'Erdene', passportNumber: 'E1234567' }),
        submittedAt: reference ? new Date() : null,
      })
      .returning({ id: visaApplications.id });
    return row!.id;
  }

  const slotAfter = async (hours: number) => {
    const open = (await t.get('/api/consultations/slots')).json() as SlotsResponse;
    const found = open.slots.find((slot) => Date.parse(slot) >= Date.now() + hours * HOUR);
    if (!found) throw new Error(`no open slot ${hours} hours ahead`);
    return found;
  };
  const book = (cookie: string, body: Record<string, unknown>) =>
    t.send('POST', '/api/consultations', { cookie, body: { acknowledgedPolicy: true, ...body } });
  const countConsultations = async () => (await t.db.select({ id: consultations.id }).from(consultations)).length;

  it("refuses without any application: 'You do not have a visa request yet…', and books nothing", async () => {
    const cookie = await t.signUp('nothing@example.com');
    const before = await countConsultations();
    const response = await book(cookie, {
      visaApplicationId: '00000000-0000-4000-8000-000000000000',
      startsAt: await slotAfter(48),
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({
      code: 'VISA_REQUEST_REQUIRED',
      message: 'You do not have a visa request yet. Please request a visa first.',
    });
    // Before any time is chosen too: the page can say so at once.
    expect(errorOf(await book(cookie, { visaApplicationId: 'x' })).code).toBe('VISA_REQUEST_REQUIRED');
    expect(await countConsultations()).toBe(before);
  });

  it("refuses with only a draft, or about a draft or withdrawn one: 'You do not have a valid visa form…'", async () => {
    const cookie = await t.signUp('drafter@example.com');
    const draft = await application('drafter@example.com', 'draft');
    const before = await countConsultations();
    const onlyDraft = await book(cookie, { visaApplicationId: draft, startsAt: await slotAfter(48) });
    expect(onlyDraft.statusCode).toBe(409);
    expect(errorOf(onlyDraft)).toMatchObject({
      code: 'VISA_FORM_REQUIRED',
      message: 'You do not have a valid visa form. Please create one first.',
    });
    const mn = await t.send('POST', '/api/consultations', {
      cookie,
      body: { visaApplicationId: draft, acknowledgedPolicy: true },
      headers: { 'accept-language': 'mn' },
    });
    expect(errorOf(mn).code).toBe('VISA_FORM_REQUIRED');
    expect(errorOf(mn).message).toMatch(/[а-яөү]/i);

    // With a submitted one beside it, the draft or a withdrawn one still may not be the subject.
    await application('drafter@example.com', 'submitted', 'V-2026-00901');
    const withdrawn = await application('drafter@example.com', 'withdrawn', 'V-2026-00902');
    for (const id of [draft, withdrawn]) {
      const response = await book(cookie, { visaApplicationId: id, startsAt: await slotAfter(48) });
      expect(errorOf(response).code).toBe('VISA_FORM_REQUIRED');
    }
    expect(await countConsultations()).toBe(before);
  });

  it("answers VISA_NOT_FOUND about someone else's application", async () => {
    await t.signUp('owner@example.com');
    const theirs = await application('owner@example.com', 'submitted', 'V-2026-00903');
    const cookie = await t.signUp('snoop@example.com');
    await application('snoop@example.com', 'submitted', 'V-2026-00904');
    for (const id of [theirs, 'not-a-uuid']) {
      const response = await book(cookie, { visaApplicationId: id, startsAt: await slotAfter(48) });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('VISA_NOT_FOUND');
    }
  });

  it('needs exactly one subject: a trip or an application', async () => {
    const cookie = await t.signUp('both@example.com');
    const startsAt = await slotAfter(48);
    expect((await book(cookie, { startsAt })).statusCode).toBe(400);
    expect(
      (await book(cookie, { startsAt, tripId: '00000000-0000-4000-8000-000000000000', visaApplicationId: 'x' }))
        .statusCode,
    ).toBe(400);
  });

  it('books a submitted application as a trip is booked: its subject in both languages, staff see the application', async () => {
    const cookie = await t.signUp('applicant@example.com', undefined, 'Bat Erdene');
    const id = await application('applicant@example.com', 'in-review', 'V-2026-00042');
    const startsAt = await slotAfter(72);
    await t.app.deliveries.drain();
    t.mails.length = 0;
    const response = await book(cookie, { visaApplicationId: id, startsAt, note: 'About the bank statement' });
    expect(response.statusCode).toBe(201);
    const booked = response.json() as Consultation;
    expect(booked).toMatchObject({
      startsAt,
      state: 'pending',
      visaApplicationId: id,
      trip: { id: null, title: { en: 'Visa application V-2026-00042', mn: 'Визийн өргөдөл V-2026-00042' } },
    });
    const [row] = await t.db.select().from(consultations).where(eq(consultations.id, booked.id));
    expect(row).toMatchObject({
      tripId: null,
      visaApplicationId: id,
      tripTitleEn: 'Visa application V-2026-00042',
      tripTitleMn: 'Визийн өргөдөл V-2026-00042',
    });

    // The same emails as a trip's.
    await t.app.deliveries.drain();
    const mail = t.mails.filter((sent) => sent.to === 'applicant@example.com').at(-1)!;
    expect(mail.subject).toMatch(/^Consultation booked: /);
    expect(mail.text).toContain('Visa application V-2026-00042');
    expect(mail.calendar?.method).toBe('REQUEST');
    expect(t.mails.some((sent) => sent.to === ADMIN_EMAIL)).toBe(true);

    // Staff see the application from the consultation.
    const detail = (
      await t.get(`/api/admin/consultations/${booked.id}`, { cookie: accounts.admin })
    ).json() as AdminConsultationDetail;
    expect(detail.visaApplicationId).toBe(id);
    const mine = (await t.get('/api/consultations', { cookie })).json() as { items: Consultation[] };
    expect(mine.items[0]).toMatchObject({ id: booked.id, visaApplicationId: id });

    // One upcoming consultation per application; another application of theirs may have its own.
    const again = await book(cookie, { visaApplicationId: id, startsAt: await slotAfter(100) });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('VISA_ALREADY_BOOKED');
    const second = await application('applicant@example.com', 'submitted', 'V-2026-00043');
    expect((await book(cookie, { visaApplicationId: second, startsAt: await slotAfter(100) })).statusCode).toBe(201);
    // The policy and the slot rules are the trip's.
    const third = await application('applicant@example.com', 'lodged', 'V-2026-00044');
    const unticked = await book(cookie, {
      visaApplicationId: third,
      startsAt: await slotAfter(110),
      acknowledgedPolicy: false,
    });
    expect(errorOf(unticked).code).toBe('POLICY_NOT_ACKNOWLEDGED');
    expect(errorOf(await book(cookie, { visaApplicationId: third })).code).toBe('SLOT_REQUIRED');
    expect(errorOf(await book(cookie, { visaApplicationId: third, startsAt })).code).toBe('SLOT_TAKEN');
  });
});
