import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminApplicationDetail } from '@aylal/shared/schemas/applications';
import type { JobDetail } from '@aylal/shared/schemas/jobs';
import type { TimelineItem, TimelineResponse } from '@aylal/shared/schemas/timeline';
import type { VisaApplication } from '@aylal/shared/schemas/visa';
import { ADMIN_EMAIL, errorOf, useAccounts, useTestApp } from '../../../test/helpers.ts';
import { jobInput } from '../../../test/jobs.ts';
import { bookConsultation, prepareBooking, slotAfter } from '../../../test/notifications.ts';
import { completeVisaForm, visaConsent } from '../../../test/visa.ts';
import { issueContactFormToken } from '../contact/index.ts';

/**
 * One account timeline (issue 14; docs/decisions/018): a person's whole story in order, newest
 * first and paged by cursor; never another person's items, never staff notes; 401 anonymous.
 */

const CV = {
  fullName: 'Bat Dorj',
  title: 'Welder',
  email: 'bat@example.com',
  phone: '',
  address: '',
  summary: '',
  experience: [],
  education: [],
  skills: [],
  languages: [],
};

describe('the account timeline', () => {
  const t = useTestApp({ CATALOGUE_CACHE_SECONDS: '0' });
  const accounts = useAccounts(t, {
    admin: { email: ADMIN_EMAIL, name: 'Admin Name' },
    bat: { email: 'bat@example.com', name: 'Bat Dorj' },
    other: { email: 'other@example.com', name: 'Other Person' },
  });
  const ids = {
    consultation: '',
    application: '',
    visa: '',
    otherConsultation: '',
    message: '',
    otherMessage: '',
    anonymousMessage: '',
  };
  let address = 0;

  const timeline = async (cookie: string, query = '') => {
    const response = await t.get(`/api/account/timeline${query}`, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TimelineResponse;
  };
  /** Each item as `kind:event` (a state change with its state), newest first. */
  const story = (items: TimelineItem[]) =>
    items.map((item) =>
      item.kind === 'application' && item.event === 'state'
        ? `application:${item.state}`
        : `${item.kind}:${item.event}`,
    );

  beforeAll(async () => {
    const tripId = await prepareBooking(t, accounts.admin, 'Gobi Highlights');

    // 1. Bat books a consultation; staff confirm it and write a note he must never see.
    const booked = await bookConsultation(t, accounts.bat, tripId, await slotAfter(t, 48));
    expect(booked.statusCode, booked.body).toBe(201);
    ids.consultation = (booked.json() as { id: string }).id;
    const act = (body: unknown) =>
      t.send('POST', `/api/admin/consultations/${ids.consultation}/actions`, { cookie: accounts.admin, body });
    expect((await act({ action: 'confirm' })).statusCode).toBe(200);
    expect((await act({ action: 'note', note: 'Staff only: difficult customer' })).statusCode).toBe(200);

    // 2. He applies to a job; staff shortlist him.
    const job = (
      await t.send('POST', '/api/admin/jobs', { cookie: accounts.admin, body: jobInput() })
    ).json() as JobDetail;
    expect((await t.send('PUT', '/api/cv', { cookie: accounts.bat, body: CV })).statusCode).toBe(201);
    const applied = await t.send('POST', `/api/jobs/${job.id}/applications`, { cookie: accounts.bat, body: {} });
    expect(applied.statusCode, applied.body).toBe(201);
    const listed = (await t.get('/api/admin/applications', { cookie: accounts.admin })).json() as {
      items: AdminApplicationDetail[];
    };
    ids.application = listed.items[0]!.id;
    const moved = await t.send('PATCH', `/api/admin/applications/${ids.application}`, {
      cookie: accounts.admin,
      body: { state: 'shortlisted' },
    });
    expect(moved.statusCode).toBe(200);

    // 3. He sends a visa application; staff start the review and note something.
    const created = await t.send('POST', '/api/visa-applications', { cookie: accounts.bat });
    const draft = created.json() as VisaApplication;
    ids.visa = draft.id;
    const saved = await t.send('PUT', `/api/visa-applications/${draft.id}`, {
      cookie: accounts.bat,
      body: { form: completeVisaForm() },
      headers: { 'if-match': `"${draft.version}"` },
    });
    expect(saved.statusCode).toBe(200);
    expect(
      (await t.send('POST', `/api/visa-applications/${draft.id}/submit`, { cookie: accounts.bat, body: visaConsent() }))
        .statusCode,
    ).toBe(200);
    const review = await t.send('POST', `/api/admin/visa-applications/${draft.id}/actions`, {
      cookie: accounts.admin,
      body: { action: 'start-review' },
    });
    expect(review.statusCode).toBe(200);
    await t.send('POST', `/api/admin/visa-applications/${draft.id}/notes`, {
      cookie: accounts.admin,
      body: { note: 'Staff only: check the bank' },
    });

    // Someone else's story, which Bat must never see.
    const theirs = await bookConsultation(t, accounts.other, tripId, await slotAfter(t, 72));
    expect(theirs.statusCode, theirs.body).toBe(201);
    ids.otherConsultation = (theirs.json() as { id: string }).id;

    // 4. Bat writes to us signed in; staff open it, note something and reply. The other person
    // writes too and is answered; a message sent with Bat's address but signed out is not his
    // (the same rule as GET /api/contact/mine).
    const write = async (cookie: string | undefined, email: string, message: string) => {
      const now = Date.now();
      const sent = await t.send('POST', '/api/contact', {
        ...(cookie ? { cookie } : {}),
        remoteAddress: `10.8.0.${(address += 1)}`,
        body: {
          title: 'Gobi in June',
          type: 'trips',
          name: 'Bat',
          email,
          contact: '',
          message,
          formToken: issueContactFormToken(t.config.AUTH_SECRET, now - 20_000),
        },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const { reference } = sent.json() as { reference: string };
      return (await t.db.execute<{ id: string }>(sql`select id from contact_messages where reference = ${reference}`))
        .rows[0]!.id;
    };
    ids.message = await write(accounts.bat, 'bat@example.com', 'Is there space in June?');
    ids.otherMessage = await write(accounts.other, 'other@example.com', 'Their own question');
    ids.anonymousMessage = await write(undefined, 'bat@example.com', 'Sent signed out');
    const staff = (id: string, action: string, body: unknown) =>
      t.send('POST', `/api/admin/contact-messages/${id}/${action}`, { cookie: accounts.admin, body });
    expect((await t.get(`/api/admin/contact-messages/${ids.message}`, { cookie: accounts.admin })).statusCode).toBe(
      200,
    );
    expect((await staff(ids.message, 'notes', { note: 'Staff only: asked twice' })).statusCode).toBe(200);
    expect((await staff(ids.message, 'reply', { body: 'Yes, two places left.' })).statusCode).toBe(200);
    expect((await staff(ids.otherMessage, 'reply', { body: 'Answer for them' })).statusCode).toBe(200);
    expect((await staff(ids.anonymousMessage, 'reply', { body: 'Answer signed out' })).statusCode).toBe(200);
  });

  it('answers 401 to an anonymous caller', async () => {
    const response = await t.get('/api/account/timeline');
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('UNAUTHENTICATED');
  });

  it("shows a person's whole story, newest first, each item pointing at its record", async () => {
    const { items, next } = await timeline(accounts.bat);
    expect(next).toBeNull();
    expect(story(items)).toEqual([
      'message:reply',
      'message:sent',
      'visa:start-review',
      'visa:submitted',
      'visa:created',
      'application:shortlisted',
      'application:applied',
      'consultation:confirmed',
      'consultation:booked',
    ]);
    const times = items.map((item) => Date.parse(item.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(items.find((item) => item.kind === 'consultation')).toMatchObject({
      consultationId: ids.consultation,
      trip: { en: 'Gobi Highlights' },
    });
    expect(items.find((item) => item.kind === 'application')).toMatchObject({ applicationId: ids.application });
    const submitted = items.find((item) => item.kind === 'visa' && item.event === 'submitted');
    expect(submitted).toMatchObject({ applicationId: ids.visa, reference: expect.stringMatching(/^V-\d{4}-\d+$/) });
    const [reply, sent] = items;
    expect(sent).toMatchObject({
      kind: 'message',
      messageId: ids.message,
      title: 'Gobi in June',
      reference: expect.stringMatching(/^C-\d{4}-\d+$/),
    });
    expect(reply).toMatchObject({ kind: 'message', event: 'reply', messageId: ids.message });
    expect(JSON.stringify(items)).not.toContain('Staff only');
  });

  it("never shows another person's items", async () => {
    const { items } = await timeline(accounts.bat);
    expect(JSON.stringify(items)).not.toContain(ids.otherConsultation);
    const theirs = await timeline(accounts.other);
    expect(story(theirs.items)).toEqual(['message:reply', 'message:sent', 'consultation:booked']);
    expect(JSON.stringify(theirs.items)).not.toContain(ids.consultation);
    expect(JSON.stringify(theirs.items)).not.toContain(ids.message);
    for (const id of [ids.otherMessage, ids.anonymousMessage]) expect(JSON.stringify(items)).not.toContain(id);
  });

  it('pages by cursor without losing or repeating an item, even at the same instant', async () => {
    // Two items in the same microsecond: the id breaks the tie.
    await t.db.execute(
      sql`update consultation_events set created_at = (select created_at from job_applications where id = ${ids.application})
          where consultation_id = ${ids.consultation} and kind = 'confirmed'`,
    );
    const all = (await timeline(accounts.bat)).items.map((item) => item.id);
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await timeline(accounts.bat, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.next;
    }
    expect(seen).toEqual(all);
  });

  it('refuses a malformed cursor with a 400', async () => {
    const response = await t.get('/api/account/timeline?cursor=abc', { cookie: accounts.bat });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
  });
});
