import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LANGUAGES } from '@aylal/shared/i18n';
import { NOTIFICATION_TYPES, type NotificationItem } from '@aylal/shared/notifications';
import { notificationText, type NotificationCatalogue } from '@aylal/shared/notification-text';
import type { Consultation } from '@aylal/shared/schemas/consultations';
import type { MyApplication } from '@aylal/shared/schemas/applications';
import type { JobDetail } from '@aylal/shared/schemas/jobs';
import type { VisaApplication } from '@aylal/shared/schemas/visa';
import jobsEn from '@aylal/locales/en/jobs.json' with { type: 'json' };
import jobsMn from '@aylal/locales/mn/jobs.json' with { type: 'json' };
import notificationsEn from '@aylal/locales/en/notifications.json' with { type: 'json' };
import notificationsMn from '@aylal/locales/mn/notifications.json' with { type: 'json' };
import { AGENCY_ADMIN, useAccounts, useTestApp } from '../../../test/helpers.ts';
import { minimalCv } from '../../../test/cv.ts';
import { jobInput } from '../../../test/jobs.ts';
import { bookConsultation, prepareBooking, slotAfter } from '../../../test/notifications.ts';
import { completeVisaForm, visaConsent } from '../../../test/visa.ts';
import { issueContactFormToken } from '../contact/index.ts';

const SECRET = 'test-secret-that-is-at-least-32-characters-long';
const CATALOGUES = {
  en: notificationsEn.types as NotificationCatalogue,
  mn: notificationsMn.types as NotificationCatalogue,
};
const STATES = { en: jobsEn.applicationStates, mn: jobsMn.applicationStates };
const UNNAMED = { en: notificationsEn.unnamed, mn: notificationsMn.unnamed };

/** What each placeholder of the words is made of, in the notification's params. */
const SOURCE: Record<string, (params: NotificationItem['params']) => unknown> = {
  trip: (params) => params.trip?.en && params.trip?.mn,
  job: (params) => params.job?.en && params.job?.mn,
  company: (params) => params.company,
  name: (params) => params.name,
  reference: (params) => params.reference,
  subject: (params) => params.subject,
  state: (params) => params.state,
  time: (params) => params.startsAt,
};

/**
 * Notifications say what they are about (issue 23): every type, made by a real change through the
 * API and read back as its reader reads it, renders in both languages with every placeholder its
 * words name filled; staff's are read for whoever handled what they are about.
 */
describe('every notification type, in both languages', () => {
  // An email is given up on at its first failure (staffDeliveryFailed).
  const t = useTestApp({ CATALOGUE_CACHE_SECONDS: '0' }, { delivery: { maxAttempts: 1 } });
  const accounts = useAccounts(t, {
    admin: AGENCY_ADMIN,
    traveller: { email: 'traveller@example.com', name: 'Oyun Bat' },
  });

  const ok = async (response: { statusCode: number; body: string; json(): unknown }, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json();
  };
  const staffAct = (id: string, body: Record<string, unknown>) =>
    t.send('POST', `/api/admin/visa-applications/${id}/actions`, { cookie: accounts.admin, body });
  const submittedVisa = async (form = completeVisaForm()) => {
    const draft = (await ok(
      await t.send('POST', '/api/visa-applications', { cookie: accounts.traveller }),
      201,
    )) as VisaApplication;
    await ok(
      await t.send('PUT', `/api/visa-applications/${draft.id}`, {
        cookie: accounts.traveller,
        body: { form },
        headers: { 'if-match': `"${draft.version}"` },
      }),
    );
    await ok(
      await t.send('POST', `/api/visa-applications/${draft.id}/submit`, {
        cookie: accounts.traveller,
        body: visaConsent(),
      }),
    );
    return draft.id;
  };

  it('are each made by a real change and render with nothing left empty', async () => {
    // Consultations: booked, moved, confirmed, given a place, cancelled by staff; one cancelled by the traveller; one completed.
    const tripId = await prepareBooking(t, accounts.admin);
    const first = (await ok(
      await bookConsultation(t, accounts.traveller, tripId, await slotAfter(t, 72)),
      201,
    )) as Consultation;
    await ok(
      await t.send('POST', `/api/consultations/${first.id}/reschedule`, {
        cookie: accounts.traveller,
        body: { startsAt: await slotAfter(t, 96) },
      }),
    );
    const act = (id: string, action: string) =>
      t.send('POST', `/api/admin/consultations/${id}/actions`, { cookie: accounts.admin, body: { action } });
    await ok(await act(first.id, 'confirm'));
    await ok(
      await t.send('PUT', `/api/admin/consultations/${first.id}/place`, {
        cookie: accounts.admin,
        body: { kind: 'video', videoUrl: 'https://meet.example.com/gobi' },
      }),
    );
    await ok(await act(first.id, 'cancel'));
    const second = (await ok(
      await bookConsultation(t, accounts.traveller, tripId, await slotAfter(t, 72, 2)),
      201,
    )) as Consultation;
    await ok(await t.send('POST', `/api/consultations/${second.id}/cancel`, { cookie: accounts.traveller }));
    const third = (await ok(
      await bookConsultation(t, accounts.traveller, tripId, await slotAfter(t, 72, 4)),
      201,
    )) as Consultation;
    await t.db.execute(
      sql`update consultations set starts_at = now() - interval '2 hours', ends_at = now() - interval '90 minutes' where id = ${third.id}`,
    );
    await ok(await act(third.id, 'complete'));

    // A job application, received and moved on.
    const job = (await ok(
      await t.send('POST', '/api/admin/jobs', { cookie: accounts.admin, body: jobInput() }),
      201,
    )) as JobDetail;
    await ok(await t.send('PUT', '/api/cv', { cookie: accounts.traveller, body: minimalCv() }), 201);
    const application = (await ok(
      await t.send('POST', `/api/jobs/${job.id}/applications`, { cookie: accounts.traveller, body: {} }),
      201,
    )) as MyApplication;
    await ok(
      await t.send('PATCH', `/api/admin/applications/${application.id}`, {
        cookie: accounts.admin,
        body: { state: 'shortlisted' },
      }),
    );

    // Visa applications: every step, with the paid processing on one of them.
    await ok(
      await t.send('PUT', '/api/admin/settings/visa', { cookie: accounts.admin, body: { processingPriceUsd: 40 } }),
    );
    const approved = await submittedVisa(completeVisaForm({ processing: true }));
    await ok(await staffAct(approved, { action: 'start-review' }));
    await ok(await staffAct(approved, { action: 'request-action', section: 'passport', message: 'Check the number' }));
    await ok(
      await t.send('POST', `/api/visa-applications/${approved}/submit`, {
        cookie: accounts.traveller,
        body: visaConsent(),
      }),
    );
    await ok(
      await t.send('PUT', `/api/admin/visa-applications/${approved}/payment`, {
        cookie: accounts.admin,
        body: { state: 'paid' },
      }),
    );
    for (const action of ['start-review', 'lodge', 'approve']) await ok(await staffAct(approved, { action }));
    const refused = await submittedVisa();
    for (const action of ['start-review', 'lodge', 'refuse']) await ok(await staffAct(refused, { action }));
    const withdrawn = await submittedVisa();
    await ok(await t.send('POST', `/api/visa-applications/${withdrawn}/withdraw`, { cookie: accounts.traveller }));

    // A message through the contact form, signed in, and staff's reply.
    const sent = (await ok(
      await t.send('POST', '/api/contact', {
        cookie: accounts.traveller,
        body: {
          title: 'Visa for Korea',
          type: 'visa',
          name: 'Oyun Bat',
          email: 'traveller@example.com',
          contact: '',
          message: 'How long does it take?',
          formToken: issueContactFormToken(SECRET, Date.now() - 20_000),
        },
        remoteAddress: '10.8.0.1',
      }),
      201,
    )) as { reference: string };
    const messageId = (
      await t.db.execute<{ id: string }>(sql`select id from contact_messages where reference = ${sent.reference}`)
    ).rows[0]!.id;
    await ok(
      await t.send('POST', `/api/admin/contact-messages/${messageId}/reply`, {
        cookie: accounts.admin,
        body: { body: 'About three weeks.' },
      }),
    );

    // A reply to a message whose address cannot exist: the email fails for good and staff are told.
    const unreachable = (await ok(
      await t.send('POST', '/api/contact', {
        body: {
          title: 'Tours in May',
          type: 'trips',
          name: 'Bold Typo',
          email: 'bold@example.invalid',
          contact: '',
          message: 'Are there tours in May?',
          formToken: issueContactFormToken(SECRET, Date.now() - 20_000),
        },
        remoteAddress: '10.8.0.2',
      }),
      201,
    )) as { reference: string };
    const unreachableId = (
      await t.db.execute<{ id: string }>(
        sql`select id from contact_messages where reference = ${unreachable.reference}`,
      )
    ).rows[0]!.id;
    await ok(
      await t.send('POST', `/api/admin/contact-messages/${unreachableId}/reply`, {
        cookie: accounts.admin,
        body: { body: 'Yes, every week.' },
      }),
    );
    await t.app.deliveries.drain();

    // Read back as their readers read them: the traveller's own, and the staff feed.
    const mine = (await ok(await t.get('/api/notifications?pageSize=100', { cookie: accounts.traveller }))) as {
      items: NotificationItem[];
    };
    const staff = (await ok(await t.get('/api/admin/notifications?pageSize=100', { cookie: accounts.admin }))) as {
      items: NotificationItem[];
    };
    const items = [...mine.items, ...staff.items];
    const made = new Set(items.map((item) => item.type));
    expect([...Object.keys(NOTIFICATION_TYPES)].filter((type) => !made.has(type as never))).toEqual([]);

    const problems: string[] = [];
    for (const item of items) {
      for (const language of LANGUAGES) {
        const words = CATALOGUES[language][item.type];
        for (const placeholder of `${words.title} ${words.body}`.matchAll(/\{\{(\w+)\}\}/g)) {
          const value = SOURCE[placeholder[1]!]?.(item.params);
          if (typeof value !== 'string' || value.trim() === '') problems.push(`${item.type}: no ${placeholder[1]}`);
        }
        const text = notificationText(item, language, CATALOGUES[language], {
          timeZone: 'Asia/Ulaanbaatar',
          stateLabels: STATES[language],
          unnamed: UNNAMED[language],
        });
        for (const part of [text.title, text.body]) {
          if (part.trim() === '' || /\{\{|\s[.,:]|\s{2}|\(\s*\)/.test(part)) {
            problems.push(`${item.type} (${language}): "${part}"`);
          }
        }
      }
    }
    expect([...new Set(problems)]).toEqual([]);

    // What staff handled is read for whoever handled it; what nobody handled yet stays unread.
    const readOf = (type: string, link: string) =>
      staff.items.filter((item) => item.type === type && item.link === link).map((item) => item.read);
    expect(readOf('staffConsultationBooked', `/admin/consultations?open=${first.id}`)).toEqual([true]);
    expect(readOf('staffConsultationCancelled', `/admin/consultations?open=${second.id}`)).toEqual([false]);
    expect(readOf('staffVisaSubmitted', `/admin/visa/${approved}`)).toEqual([true]);
    expect(readOf('staffVisaResubmitted', `/admin/visa/${approved}`)).toEqual([true]);
    expect(readOf('staffVisaWithdrawn', `/admin/visa/${withdrawn}`)).toEqual([false]);
    expect(readOf('staffContactReceived', `/admin/contact-us/${messageId}`)).toEqual([true]);
  });
});
