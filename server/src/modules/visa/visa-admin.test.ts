import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  staffActionsFor,
  VISA_PROCESSING_PRICE_MAX,
  VISA_STAFF_ACTION_NAMES,
  VISA_STATES,
  type AdminVisaDetail,
  type AdminVisaListResponse,
  type MyVisaApplicationsResponse,
  type VisaApplication,
  type VisaDependantInput,
  type VisaForm,
  type VisaStaffAction,
  type VisaState,
} from '@aylal/shared/schemas/visa';
import { blankProfile, fullMatrix } from '@aylal/shared/schemas/profile';
import { ADMIN_EMAIL, createTestApp, errorOf, multipart, type TestApp } from '../../../test/helpers.ts';
import { ALWAYS_OPEN } from '../../../test/notifications.ts';
import { makePdf } from '../../../test/pdfs.ts';
import { completeVisaForm, expectRefused, visaDependant, visaSnapshot, visaConsent } from '../../../test/visa.ts';

/**
 * Staff's side of visa applications (issue 13; docs/decisions/016): who may use the back office,
 * the list and its CSV, an application's page, the state actions and what each records and tells,
 * notes, the paid processing's payment and price, and the files. The applicant's side is in
 * visa.test.ts.
 */

const STAFF = '/api/admin/visa-applications';
const SETTINGS = '/api/admin/settings/visa';
const MONGOLIAN = { 'accept-language': 'mn' };

/** The refusal (its status and code), and not a row changed by it. */
const refused = expectRefused;

async function userId(t: TestApp, email: string): Promise<string> {
  const found = await t.db.execute<{ id: string }>(sql`select id from users where email = ${email}`);
  return found.rows[0]!.id;
}

/** A draft with `form` saved, its dependants added and a PDF uploaded for each kind in `documents`. */
async function draftWith(
  t: TestApp,
  cookie: string,
  form: VisaForm,
  extras: { dependants?: VisaDependantInput[]; documents?: ('passport' | 'photo')[] } = {},
): Promise<string> {
  const created = await t.send('POST', '/api/visa-applications', { cookie });
  expect(created.statusCode, created.body).toBe(201);
  const { id, version } = created.json() as VisaApplication;
  const saved = await t.send('PUT', `/api/visa-applications/${id}`, {
    cookie,
    body: { form },
    headers: { 'if-match': `"${version}"` },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  for (const dependant of extras.dependants ?? []) {
    const added = await t.send('POST', `/api/visa-applications/${id}/dependants`, { cookie, body: dependant });
    expect(added.statusCode, added.body).toBe(201);
  }
  for (const kind of extras.documents ?? []) {
    const file = { name: `${kind} scan.pdf`, type: 'application/pdf', data: await makePdf() };
    const uploaded = await t.send('POST', `/api/visa-applications/${id}/documents`, {
      cookie,
      raw: multipart({ kind }, file),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
  }
  return id;
}

/** An application as its applicant sends it: a draft answered (see `draftWith`), then submitted. */
async function sendApplication(
  t: TestApp,
  cookie: string,
  form: VisaForm = completeVisaForm(),
  extras: Parameters<typeof draftWith>[3] = {},
): Promise<VisaApplication> {
  const id = await draftWith(t, cookie, form, extras);
  const submitted = await t.send('POST', `/api/visa-applications/${id}/submit`, { cookie, body: visaConsent() });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return submitted.json() as VisaApplication;
}

/** What the applicant's own page shows. */
async function applicantView(t: TestApp, cookie: string, id: string): Promise<VisaApplication> {
  const response = await t.get(`/api/visa-applications/${id}`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as VisaApplication;
}

/** Staff's page of one application. */
async function staffView(t: TestApp, cookie: string, id: string): Promise<AdminVisaDetail> {
  const response = await t.get(`${STAFF}/${id}`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminVisaDetail;
}

function act(t: TestApp, cookie: string, id: string, body: unknown, headers?: Record<string, string>) {
  return t.send('POST', `${STAFF}/${id}/actions`, { cookie, body, ...(headers ? { headers } : {}) });
}

/** A staff action that must go through; answers the page it returns. */
async function acted(t: TestApp, cookie: string, id: string, body: unknown): Promise<AdminVisaDetail> {
  const response = await act(t, cookie, id, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminVisaDetail;
}

/** A request body for each action (a change request with its section and reason). */
const actionBody = (action: VisaStaffAction) =>
  action === 'request-action' ? { action, section: 'passport', message: 'Please scan it again' } : { action };

/** Puts an application in a state directly: a fixture, where the way there is tested elsewhere. */
async function setState(t: TestApp, id: string, state: VisaState) {
  await t.db.execute(sql`update visa_applications set state = ${state} where id = ${id}`);
}

async function setPrice(t: TestApp, admin: string, processingPriceUsd: number) {
  const response = await t.send('PUT', SETTINGS, { cookie: admin, body: { processingPriceUsd } });
  expect(response.statusCode, response.body).toBe(200);
}

async function staffList(t: TestApp, admin: string, query: Record<string, string> = {}) {
  const response = await t.get(`${STAFF}?${new URLSearchParams(query)}`, { cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminVisaListResponse;
}

// A type, not an interface: `execute` wants rows with an index signature.
type Told = {
  type: string;
  audience: string;
  recipient_id: string | null;
  actor_id: string | null;
  params: Record<string, unknown>;
  link: string;
  /** The emails queued for it. */
  emails: { to: string; subject: string; text: string; html: string | null }[];
};

/** The notifications about one application (by its reference) in the order made, with their emails. */
async function toldAbout(t: TestApp, reference: string): Promise<Told[]> {
  const result = await t.db.execute<Told>(sql`
    select n.type, n.audience, n.recipient_id, n.actor_id, n.params, n.link,
      coalesce(
        json_agg(json_build_object('to', o."to", 'subject', o.subject, 'text', o.text, 'html', o.html)
          order by o."to") filter (where o.id is not null),
        '[]'
      ) as emails
    from notifications n left join outbox o on o.notification_id = n.id
    where n.params->>'reference' = ${reference}
    group by n.id order by n.seq`);
  return result.rows;
}

/** The CSV's rows and fields (RFC 4180 quoting), without its byte order mark. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index++;
    } else field += char;
  }
  return rows;
}

describe('the staff list of visa applications and its CSV', () => {
  let t: TestApp;
  let admin: string;
  /** The applications by their applicant's first name. */
  const ids: Record<string, string> = {};
  const references: Record<string, string> = {};

  /** The list's applications, by first name, in the order given. */
  const names = (list: AdminVisaListResponse) =>
    list.items.map((item) => Object.keys(ids).find((name) => ids[name] === item.id) ?? item.name);
  const listed = async (query: Record<string, string> = {}) => names(await staffList(t, admin, query));
  const csv = (query: Record<string, string> = {}, headers?: Record<string, string>) =>
    t.get(`${STAFF}.csv?${new URLSearchParams(query)}`, { cookie: admin, ...(headers ? { headers } : {}) });

  // Five applications of two applicants, submitted on known days, in each state and payment state
  // a list filters on, and a draft that staff must never see.
  const FIXTURES: {
    form: Partial<VisaForm>;
    dependants?: VisaDependantInput[];
    submittedAt: string;
    updatedAt: string;
    state: VisaState;
    payment: string | null;
  }[] = [
    {
      form: {
        firstName: 'Anar',
        lastName: 'Bold',
        email: 'anar.bold@example.com',
        passportNumber: 'MA1117781',
        country: 'KR',
        processing: true,
        criminalRecord: 'yes',
        criminalRecordDetails: 'Speeding fine in 2019',
        medicalConditions: 'Asthma, inhaler daily',
      },
      submittedAt: '2024-03-01T10:00:00Z',
      updatedAt: '2024-05-05T00:00:00Z',
      state: 'in-review',
      payment: 'paid',
    },
    {
      form: {
        firstName: 'Болор',
        lastName: 'Эрдэнэ',
        email: 'bolor.erdene@example.mn',
        passportNumber: 'MB2227782',
        country: 'JP',
      },
      dependants: [visaDependant({ firstName: 'Сараа', lastName: 'Эрдэнэ', passportNumber: 'MS6667786' })],
      // 01:30 on 6 March in Ulaanbaatar, still 5 March in New York.
      submittedAt: '2024-03-05T17:30:00Z',
      updatedAt: '2024-05-01T00:00:00Z',
      state: 'submitted',
      payment: null,
    },
    {
      form: {
        firstName: 'Chinzorig',
        lastName: 'Tsend',
        email: 'chinzorig@example.com',
        passportNumber: 'MC3337783',
        country: 'KR',
        processing: true,
      },
      // 08:00 on 10 March in Ulaanbaatar, still 9 March in New York.
      submittedAt: '2024-03-10T00:00:00Z',
      updatedAt: '2024-05-04T00:00:00Z',
      state: 'action-required',
      payment: 'waived',
    },
    {
      form: {
        firstName: 'Dulmaa',
        lastName: 'Gan',
        email: 'dulmaa@example.com',
        passportNumber: 'MD4447784',
        country: 'US',
        processing: true,
      },
      submittedAt: '2024-04-01T04:00:00Z',
      updatedAt: '2024-05-02T00:00:00Z',
      state: 'approved',
      payment: 'refunded',
    },
    {
      form: {
        firstName: 'Enkh',
        lastName: 'Bat',
        email: 'enkh@example.com',
        passportNumber: 'ME5557785',
        country: 'JP',
        processing: true,
      },
      submittedAt: '2024-04-15T08:00:00Z',
      updatedAt: '2024-05-03T00:00:00Z',
      state: 'withdrawn',
      payment: 'awaiting-payment',
    },
  ];

  beforeAll(async () => {
    // Fixtures are written straight to the database: the list is read afresh every time here (how
    // it is kept and forgotten is visa-list.test.ts's).
    t = await createTestApp({ CATALOGUE_CACHE_SECONDS: '0' });
    admin = await t.signUp(ADMIN_EMAIL, undefined, 'Agency Admin');
    const applicants = [await t.signUp('first@example.com'), await t.signUp('second@example.com')];
    await setPrice(t, admin, 30);
    for (const [index, fixture] of FIXTURES.entries()) {
      const sent = await sendApplication(t, applicants[index % 2]!, completeVisaForm(fixture.form), {
        dependants: fixture.dependants ?? [],
      });
      const name = fixture.form.firstName!;
      ids[name] = sent.id;
      references[name] = sent.reference!;
      await t.db.execute(sql`
        update visa_applications set state = ${fixture.state}, submitted_at = ${fixture.submittedAt},
          updated_at = ${fixture.updatedAt} where id = ${sent.id}`);
      if (fixture.payment) {
        await t.db.execute(sql`update visa_payments set state = ${fixture.payment} where application_id = ${sent.id}`);
      }
    }
    ids.Draftina = await draftWith(
      t,
      applicants[0]!,
      completeVisaForm({ firstName: 'Draftina', passportNumber: 'MZ0007789', country: 'KR' }),
    );
  });
  afterAll(() => t.close());

  describe('the list', () => {
    it('lists every submitted application newest first, never a draft, with the passport masked to its last four', async () => {
      const list = await staffList(t, admin);
      expect(names(list)).toEqual(['Enkh', 'Dulmaa', 'Chinzorig', 'Болор', 'Anar']);
      expect(list.total).toBe(5);
      expect(list.items.find((item) => item.id === ids.Болор)).toEqual({
        id: ids.Болор,
        reference: references.Болор,
        state: 'submitted',
        country: 'JP',
        name: 'Болор Эрдэнэ',
        email: 'bolor.erdene@example.mn',
        passport: '•••• 7782',
        dependants: 1,
        payment: null,
        submittedAt: '2024-03-05T17:30:00.000Z',
        updatedAt: '2024-05-01T00:00:00.000Z',
      });
      expect(list.items.map((item) => item.passport)).toEqual([
        '•••• 7785',
        '•••• 7784',
        '•••• 7783',
        '•••• 7782',
        '•••• 7781',
      ]);
      // No whole passport number of an applicant or a dependant, no health or record answer.
      const body = JSON.stringify(list);
      for (const secret of ['MA1117781', 'MB2227782', 'MS6667786', 'Asthma', 'Speeding', 'Draftina']) {
        expect(body).not.toContain(secret);
      }
      expect(await listed({ state: 'draft' })).toEqual([]);
    });

    it('filters by each state', async () => {
      expect(await listed({ state: 'submitted' })).toEqual(['Болор']);
      expect(await listed({ state: 'in-review' })).toEqual(['Anar']);
      expect(await listed({ state: 'action-required' })).toEqual(['Chinzorig']);
      expect(await listed({ state: 'approved' })).toEqual(['Dulmaa']);
      expect(await listed({ state: 'withdrawn' })).toEqual(['Enkh']);
      expect(await listed({ state: 'lodged' })).toEqual([]);
      expect((await staffList(t, admin, { state: 'refused' })).total).toBe(0);
    });

    it('filters by country and by payment state (none: without the paid processing)', async () => {
      expect(await listed({ country: 'KR' })).toEqual(['Chinzorig', 'Anar']);
      expect(await listed({ country: 'JP' })).toEqual(['Enkh', 'Болор']);
      expect(await listed({ country: 'FR' })).toEqual([]);
      expect(await listed({ payment: 'awaiting-payment' })).toEqual(['Enkh']);
      expect(await listed({ payment: 'paid' })).toEqual(['Anar']);
      expect(await listed({ payment: 'waived' })).toEqual(['Chinzorig']);
      expect(await listed({ payment: 'refunded' })).toEqual(['Dulmaa']);
      expect(await listed({ payment: 'none' })).toEqual(['Болор']);
      expect(await listed({ country: 'KR', payment: 'paid', state: 'in-review' })).toEqual(['Anar']);
      expect(await listed({ country: 'KR', payment: 'none' })).toEqual([]);
    });

    it("filters by the days submitted on the agency's calendar (the working hours' time zone)", async () => {
      // Ulaanbaatar (the default hours).
      expect(await listed({ from: '2024-03-06', to: '2024-03-06' })).toEqual(['Болор']);
      expect(await listed({ from: '2024-03-05', to: '2024-03-05' })).toEqual([]);
      expect(await listed({ from: '2024-03-01', to: '2024-03-10' })).toEqual(['Chinzorig', 'Болор', 'Anar']);
      expect(await listed({ to: '2024-03-09' })).toEqual(['Болор', 'Anar']);
      expect(await listed({ from: '2024-04-01' })).toEqual(['Enkh', 'Dulmaa']);
      expect(await listed({ from: '2024-04-02', to: '2024-03-01' })).toEqual([]);
      // The same days in New York once the agency's hours say so.
      const hours = await t.send('PUT', '/api/admin/settings/consultation-hours', {
        cookie: admin,
        body: { ...ALWAYS_OPEN, timeZone: 'America/New_York' },
      });
      expect(hours.statusCode, hours.body).toBe(200);
      try {
        expect(await listed({ from: '2024-03-05', to: '2024-03-05' })).toEqual(['Болор']);
        expect(await listed({ from: '2024-03-06', to: '2024-03-06' })).toEqual([]);
        expect(await listed({ to: '2024-03-09' })).toEqual(['Chinzorig', 'Болор', 'Anar']);
      } finally {
        await t.send('PUT', '/api/admin/settings/consultation-hours', { cookie: admin, body: ALWAYS_OPEN });
      }
    });

    it("searches names in Latin and Cyrillic (a dependant's too), email, reference and a passport's last digits", async () => {
      expect(await listed({ q: 'anar' })).toEqual(['Anar']);
      expect(await listed({ q: 'BOLD' })).toEqual(['Anar']);
      expect(await listed({ q: '  Bold   Anar ' })).toEqual(['Anar']);
      expect(await listed({ q: 'болор' })).toEqual(['Болор']);
      expect(await listed({ q: 'ЭРДЭНЭ БОЛОР' })).toEqual(['Болор']);
      expect(await listed({ q: 'Сараа' })).toEqual(['Болор']);
      expect(await listed({ q: 'bolor.erdene@example.mn' })).toEqual(['Болор']);
      expect(await listed({ q: 'example.com' })).toEqual(['Enkh', 'Dulmaa', 'Chinzorig', 'Anar']);
      expect(await listed({ q: references.Chinzorig! })).toEqual(['Chinzorig']);
      expect(await listed({ q: references.Chinzorig!.toLowerCase() })).toEqual(['Chinzorig']);
      expect(await listed({ q: '7784' })).toEqual(['Dulmaa']);
      expect(await listed({ q: '7786' })).toEqual(['Болор']);
      expect(await listed({ q: 'md4447784' })).toEqual(['Dulmaa']);
      expect(await listed({ q: '778' })).toEqual(['Enkh', 'Dulmaa', 'Chinzorig', 'Болор', 'Anar']);
      // Never the draft; LIKE's wildcards are plain characters; combined with the filters.
      expect(await listed({ q: 'draftina' })).toEqual([]);
      expect(await listed({ q: '7789' })).toEqual([]);
      expect(await listed({ q: '%' })).toEqual([]);
      expect(await listed({ q: '_' })).toEqual([]);
      expect(await listed({ q: 'example.com', country: 'KR' })).toEqual(['Chinzorig', 'Anar']);
      expect((await staffList(t, admin, { q: 'nobody' })).total).toBe(0);
    });

    it('sorts oldest first, by the last change, or by name (Latin before Cyrillic)', async () => {
      expect(await listed({ sort: 'newest' })).toEqual(['Enkh', 'Dulmaa', 'Chinzorig', 'Болор', 'Anar']);
      expect(await listed({ sort: 'oldest' })).toEqual(['Anar', 'Болор', 'Chinzorig', 'Dulmaa', 'Enkh']);
      expect(await listed({ sort: 'updated' })).toEqual(['Anar', 'Chinzorig', 'Enkh', 'Dulmaa', 'Болор']);
      expect(await listed({ sort: 'name' })).toEqual(['Anar', 'Chinzorig', 'Dulmaa', 'Enkh', 'Болор']);
    });

    it('pages with the total of all that match', async () => {
      const page = (number: number, query: Record<string, string> = {}) =>
        staffList(t, admin, { pageSize: '2', page: String(number), ...query });
      const first = await page(1);
      expect([names(first), first.total]).toEqual([['Enkh', 'Dulmaa'], 5]);
      const second = await page(2);
      expect([names(second), second.total]).toEqual([['Chinzorig', 'Болор'], 5]);
      const third = await page(3);
      expect([names(third), third.total]).toEqual([['Anar'], 5]);
      const past = await page(4);
      expect([past.items, past.total]).toEqual([[], 5]);
      const filtered = await page(1, { country: 'JP', sort: 'oldest' });
      expect([names(filtered), filtered.total]).toEqual([['Болор', 'Enkh'], 2]);
    });

    it("refuses a query it does not know (400, in the caller's language)", async () => {
      const unknown: Record<string, string>[] = [
        { state: 'lost' },
        { country: 'XX' },
        { payment: 'unpaid' },
        { from: '2024-02-30' },
        { to: 'yesterday' },
        { sort: 'price' },
        { page: '0' },
        { pageSize: '101' },
        { q: 'x'.repeat(201) },
      ];
      for (const query of unknown) {
        const response = await t.get(`${STAFF}?${new URLSearchParams(query)}`, { cookie: admin });
        expect(response.statusCode, JSON.stringify(query)).toBe(400);
        expect(errorOf(response).code).toBe('VALIDATION_FAILED');
      }
      const mongolian = await t.get(`${STAFF}?state=lost`, { cookie: admin, headers: MONGOLIAN });
      expect(errorOf(mongolian).message).toBe('Оруулсан мэдээллийн зарим нь буруу байна. Шалгаад дахин оролдоно уу.');
    });
  });

  describe('the CSV', () => {
    it('downloads the filtered list as an attachment, never cached, with a byte order mark and the header in English', async () => {
      const response = await csv();
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="visa-applications-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const rows = parseCsv(response.body.replace(/^\uFEFF/, ''));
      expect(rows[0]).toEqual([
        'Reference',
        'Submitted',
        'State',
        'First name',
        'Last name',
        'Email',
        'Phone number',
        'Nationality',
        'Country applying for visa',
        'Purpose of visit',
        'Passport number',
        'Dependants',
        'Paid visa processing',
        'First name in Latin letters',
        'Last name in Latin letters',
        'Intended entry date',
        'Intended exit date',
        'Embassy receipt number',
        'Lodging date',
        'Visa valid from',
        'Visa valid until',
      ]);
      // Every application the list shows, in its order, never the draft.
      expect(rows.slice(1).map((row) => row[3])).toEqual(['Enkh', 'Dulmaa', 'Chinzorig', 'Болор', 'Anar']);
      const anar = rows.find((row) => row[0] === references.Anar)!;
      expect(anar).toEqual([
        references.Anar,
        '2024-03-01 18:00',
        'In review',
        'Anar',
        'Bold',
        'anar.bold@example.com',
        // A leading + would be read as a formula by a spreadsheet.
        "'+976 9911 2233",
        'Mongolia',
        'South Korea',
        'Tourism',
        '•••• 7781',
        '0',
        'Paid ($30)',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ]);
      expect(rows.find((row) => row[0] === references.Болор)!.slice(1, 3)).toEqual(['2024-03-06 01:30', 'Submitted']);
      // Passports masked (the applicant's and dependants'), no health or criminal record answers.
      for (const secret of ['MA1117781', 'MB2227782', 'MS6667786', 'Asthma', 'inhaler', 'Speeding', 'Draftina']) {
        expect(response.body).not.toContain(secret);
      }
    });

    it("writes the header and the words in Mongolian (?lang=mn, or the caller's language) and only the filtered rows", async () => {
      const response = await csv({ lang: 'mn', country: 'KR' });
      expect(response.statusCode, response.body).toBe(200);
      const rows = parseCsv(response.body.replace(/^\uFEFF/, ''));
      expect(rows[0]).toEqual([
        'Дугаар',
        'Илгээсэн',
        'Төлөв',
        'Нэр',
        'Овог',
        'Имэйл',
        'Утасны дугаар',
        'Иргэншил',
        'Виз мэдүүлэх улс',
        'Зорчих зорилго',
        'Паспортын дугаар',
        'Гэр бүлийн гишүүд',
        'Төлбөртэй виз боловсруулах үйлчилгээ',
        'Нэр (латин үсгээр)',
        'Овог (латин үсгээр)',
        'Орох өдөр',
        'Гарах өдөр',
        'Элчин сайдын яамны баримтын дугаар',
        'Өгсөн өдөр',
        'Виз хүчинтэй эхлэх өдөр',
        'Виз хүчинтэй дуусах өдөр',
      ]);
      expect(rows.slice(1).map((row) => row[0])).toEqual([references.Chinzorig, references.Anar]);
      const anar = rows[2]!;
      expect([anar[2], anar[7], anar[8], anar[9], anar[10]]).toEqual([
        'Хянаж байна',
        'Монгол',
        'Өмнөд Солонгос',
        'Аялал жуулчлал',
        '•••• 7781',
      ]);
      expect(anar[12]).toMatch(/^Төлсөн \(\$\s?30\)$/);

      const byHeader = await csv({ q: 'болор' }, MONGOLIAN);
      const mnRows = parseCsv(byHeader.body.replace(/^\uFEFF/, ''));
      expect(mnRows[0]![0]).toBe('Дугаар');
      expect(mnRows.slice(1).map((row) => row[3])).toEqual(['Болор']);

      // A filter that matches nothing: the header alone.
      const none = parseCsv((await csv({ state: 'lodged' })).body.replace(/^\uFEFF/, ''));
      expect(none).toHaveLength(1);
      expect((await csv({ lang: 'fr' })).statusCode).toBe(400);
    });
  });
});

describe('staff casework on visa applications', () => {
  let t: TestApp;
  let admin: string;
  let secondAdmin: string;
  let applicant: string;
  let outsider: string;
  let adminId: string;
  let secondAdminId: string;
  let applicantId: string;

  beforeAll(async () => {
    // Fixtures are written straight to the database: the list is read afresh every time here (how
    // it is kept and forgotten is visa-list.test.ts's).
    t = await createTestApp({ CATALOGUE_CACHE_SECONDS: '0' });
    admin = await t.signUp(ADMIN_EMAIL, undefined, 'Agency Admin');
    await t.signUp('staff2@example.com', undefined, 'Second Staff');
    await t.db.execute(sql`update users set role = 'admin' where email = 'staff2@example.com'`);
    secondAdmin = await t.signIn('staff2@example.com');
    applicant = await t.signUp('applicant@example.com', undefined, 'Account Holder');
    outsider = await t.signUp('outsider@example.com', undefined, 'Someone Else');
    adminId = await userId(t, ADMIN_EMAIL);
    secondAdminId = await userId(t, 'staff2@example.com');
    applicantId = await userId(t, 'applicant@example.com');
  });
  afterAll(() => t.close());

  describe('who may use the back office', () => {
    it('refuses every staff route to anonymous callers (401) and to anyone but staff (403), the applicant too', async () => {
      await setPrice(t, admin, 15);
      const sent = await sendApplication(t, applicant, completeVisaForm({ processing: true }), {
        documents: ['passport'],
      });
      const routes = [
        ['GET', STAFF, undefined],
        ['GET', `${STAFF}.csv`, undefined],
        ['GET', `${STAFF}/${sent.id}`, undefined],
        ['POST', `${STAFF}/${sent.id}/actions`, { action: 'start-review' }],
        ['POST', `${STAFF}/${sent.id}/notes`, { note: 'Looks fine' }],
        ['PUT', `${STAFF}/${sent.id}/payment`, { state: 'paid' }],
        ['GET', `${STAFF}/${sent.id}/documents/${sent.documents[0]!.id}`, undefined],
        ['GET', SETTINGS, undefined],
        ['PUT', SETTINGS, { processingPriceUsd: 99 }],
      ] as const;
      for (const [method, url, body] of routes) {
        await refused(t, () => t.send(method, url, { body }), 401, 'UNAUTHENTICATED');
        for (const cookie of [outsider, applicant]) {
          await refused(t, () => t.send(method, url, { cookie, body }), 403, 'FORBIDDEN');
        }
      }
      const error = await refused(
        t,
        () => t.send('GET', `${STAFF}/${sent.id}`, { cookie: outsider, headers: MONGOLIAN }),
        403,
        'FORBIDDEN',
      );
      expect(error.message).toBe('Танд энэ үйлдлийг хийх эрх байхгүй байна.');
      expect((await t.get(SETTINGS, { cookie: admin })).json()).toEqual({ processingPriceUsd: 15 });
      expect((await staffView(t, admin, sent.id)).state).toBe('submitted');
      await setPrice(t, admin, 0);
    });

    it('never shows staff a draft: not listed or exported, and not found for its page, actions, notes, payment and files', async () => {
      const id = await draftWith(
        t,
        applicant,
        completeVisaForm({ firstName: 'Draftina', passportNumber: 'DZ0007789', processing: true }),
        { documents: ['passport'] },
      );
      const { documents } = await applicantView(t, applicant, id);
      expect((await staffList(t, admin, { q: 'draftina' })).total).toBe(0);
      expect((await staffList(t, admin, { state: 'draft' })).total).toBe(0);
      const exported = await t.get(`${STAFF}.csv?q=draftina`, { cookie: admin });
      expect(parseCsv(exported.body.replace(/^\uFEFF/, ''))).toHaveLength(1);

      await refused(t, () => t.get(`${STAFF}/${id}`, { cookie: admin }), 404, 'VISA_NOT_FOUND');
      for (const action of VISA_STAFF_ACTION_NAMES) {
        await refused(t, () => act(t, admin, id, actionBody(action)), 404, 'VISA_NOT_FOUND');
      }
      await refused(
        t,
        () => t.send('POST', `${STAFF}/${id}/notes`, { cookie: admin, body: { note: 'Peeking' } }),
        404,
        'VISA_NOT_FOUND',
      );
      await refused(
        t,
        () => t.send('PUT', `${STAFF}/${id}/payment`, { cookie: admin, body: { state: 'paid' } }),
        404,
        'VISA_NOT_FOUND',
      );
      await refused(
        t,
        () => t.get(`${STAFF}/${id}/documents/${documents[0]!.id}`, { cookie: admin }),
        404,
        'DOCUMENT_NOT_FOUND',
      );
      // Nor an id that is not one.
      await refused(t, () => t.get(`${STAFF}/not-a-uuid`, { cookie: admin }), 404, 'VISA_NOT_FOUND');
      await refused(
        t,
        () => act(t, admin, '00000000-0000-4000-8000-000000000000', { action: 'start-review' }),
        404,
        'VISA_NOT_FOUND',
      );
      expect((await t.send('DELETE', `/api/visa-applications/${id}`, { cookie: applicant })).statusCode).toBe(204);
    });
  });

  describe("an application's page", () => {
    it('shows every answer with the passport masked (whole at /passports), the dependants, files, history with who did what, the actions and the payment; never cached', async () => {
      await setPrice(t, admin, 40);
      const form = completeVisaForm({
        passportNumber: 'MP1234567',
        purposeDetails: 'Seeing the cherry blossom',
        previousVisaHistory: 'Korea 2019',
        criminalRecord: 'yes',
        criminalRecordDetails: 'A fine in 2015',
        medicalConditions: 'None to declare',
        emergencyContactName: 'Dorj Bat',
        emergencyContactPhone: '+976 9900 1122',
        additionalNotes: 'Travelling with my daughter',
        processing: true,
      });
      const sent = await sendApplication(t, applicant, form, {
        dependants: [visaDependant({ passportNumber: 'MS7654321' })],
        documents: ['passport', 'photo'],
      });
      await setPrice(t, admin, 0);

      const response = await t.get(`${STAFF}/${sent.id}`, { cookie: admin });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const view = response.json() as AdminVisaDetail;
      // The passport numbers whole only when asked for, on a fresh sign-in (docs/decisions/023).
      expect(view.form).toEqual({ ...form, passportNumber: '•••• 4567' });
      expect(response.body).not.toContain('MP1234567');
      expect(response.body).not.toContain('MS7654321');
      expect(view).toMatchObject({
        id: sent.id,
        reference: sent.reference,
        state: 'submitted',
        country: 'KR',
        name: 'Bat Dorj',
        dependants: 1,
        account: { id: applicantId, name: 'Account Holder', email: 'applicant@example.com' },
        actions: ['start-review', 'request-action'],
        actionRequest: null,
        payment: { state: 'awaiting-payment', amountUsd: 40 },
        consultations: [],
      });
      expect(view.dependantList).toEqual(
        sent.dependantList.map((dependant) => ({ ...dependant, passportNumber: '•••• 4321' })),
      );
      const passports = await t.get(`${STAFF}/${sent.id}/passports`, { cookie: admin });
      expect(passports.statusCode, passports.body).toBe(200);
      expect(passports.headers['cache-control']).toBe('private, no-store');
      expect(passports.json()).toEqual({
        applicant: 'MP1234567',
        dependants: [{ id: sent.dependantList[0]!.id, passportNumber: 'MS7654321' }],
      });
      expect(view.documents).toEqual(sent.documents);
      expect(view.documents.map((document) => document.kind)).toEqual(['passport', 'photo']);
      expect(view.events.map((event) => [event.kind, event.state, event.actor])).toEqual([
        ['created', 'draft', 'Account Holder'],
        ['submitted', 'submitted', 'Account Holder'],
      ]);
    });
  });

  describe('state actions', () => {
    // The states: what staff may do from each (draft is never theirs).
    const ALLOWED: Record<Exclude<VisaState, 'draft'>, VisaStaffAction[]> = {
      submitted: ['start-review', 'request-action'],
      'in-review': ['request-action', 'lodge'],
      'action-required': [],
      lodged: ['approve', 'refuse'],
      approved: [],
      refused: [],
      withdrawn: [],
    };

    it('offers and allows only the actions its state allows (ACTION_NOT_ALLOWED otherwise, nothing changed)', async () => {
      const sent = await sendApplication(t, applicant);
      for (const state of VISA_STATES.filter((entry) => entry !== 'draft')) {
        await setState(t, sent.id, state);
        const { actions } = await staffView(t, admin, sent.id);
        expect(actions, state).toEqual(ALLOWED[state]);
        expect(actions).toEqual(staffActionsFor(state));
        for (const action of VISA_STAFF_ACTION_NAMES.filter((entry) => !actions.includes(entry))) {
          await refused(t, () => act(t, admin, sent.id, actionBody(action)), 409, 'ACTION_NOT_ALLOWED');
        }
      }
      // In the caller's language, and about no consultation.
      const english = await refused(t, () => act(t, admin, sent.id, { action: 'lodge' }), 409, 'ACTION_NOT_ALLOWED');
      expect(english.message).toBe('This cannot be done in its current state.');
      const mongolian = await refused(
        t,
        () => act(t, admin, sent.id, { action: 'lodge' }, MONGOLIAN),
        409,
        'ACTION_NOT_ALLOWED',
      );
      expect(mongolian.message).toBe('Одоогийн төлөвт нь энэ үйлдлийг хийх боломжгүй.');
    });

    it('reviews, asks for a change the applicant makes and sends again, lodges and approves: each step a history row that tells the applicant', async () => {
      const form = completeVisaForm({
        firstName: 'Oyun',
        lastName: 'Ganbold',
        email: 'oyun.private@example.com',
        passportNumber: 'MK5550123',
      });
      const started = Date.now();
      const sent = await sendApplication(t, applicant, form);
      const reference = sent.reference!;

      expect((await acted(t, admin, sent.id, { action: 'start-review' })).actions).toEqual(['request-action', 'lodge']);
      const message = 'The scan of passport MK5550123 (Oyun Ganbold) is blurry: please scan it again';
      const asked = await acted(t, admin, sent.id, { action: 'request-action', section: 'passport', message });
      expect(asked).toMatchObject({
        state: 'action-required',
        actions: [],
        actionRequest: { section: 'passport', message },
      });

      // The applicant sees what is asked, changes that section and sends it again.
      const waiting = await applicantView(t, applicant, sent.id);
      expect(waiting.actionRequest).toEqual({ section: 'passport', message });
      expect(waiting.history.at(-1)).toMatchObject({
        kind: 'request-action',
        state: 'action-required',
        section: 'passport',
        message,
      });
      const changed = await t.send('PUT', `/api/visa-applications/${sent.id}`, {
        cookie: applicant,
        body: { form: { ...form, passportNumber: 'MK5550124' } },
        headers: { 'if-match': `"${waiting.version}"` },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const again = await t.send('POST', `/api/visa-applications/${sent.id}/submit`, {
        cookie: applicant,
        body: visaConsent(),
      });
      expect(again.statusCode, again.body).toBe(200);
      const resubmitted = await staffView(t, admin, sent.id);
      expect(resubmitted).toMatchObject({ state: 'submitted', actionRequest: null, reference });
      expect(resubmitted.form.passportNumber).toBe('•••• 0124');
      expect((await t.get(`${STAFF}/${sent.id}/passports`, { cookie: admin })).json()).toMatchObject({
        applicant: 'MK5550124',
      });
      // The list finds it by the new passport's digits, no longer by the old one's.
      expect((await staffList(t, admin, { q: '0124' })).items.map((item) => item.id)).toEqual([sent.id]);
      expect((await staffList(t, admin, { q: '0123' })).total).toBe(0);

      await acted(t, secondAdmin, sent.id, { action: 'start-review' });
      await acted(t, admin, sent.id, { action: 'lodge', message: 'Lodged at the embassy on Monday' });
      const approved = await acted(t, admin, sent.id, { action: 'approve' });
      expect(approved).toMatchObject({ state: 'approved', actions: [] });
      expect((await applicantView(t, applicant, sent.id)).state).toBe('approved');
      expect((await staffList(t, admin, { state: 'approved', q: reference })).total).toBe(1);

      // Every change a history row: who, when, the state after, the section and the message.
      const rows = await t.db.execute<{
        kind: string;
        actor_id: string;
        state: string | null;
        section: string | null;
        message: string;
        created_at: Date;
      }>(sql`select kind, actor_id, state, section, message, created_at from visa_events
             where application_id = ${sent.id} order by created_at, id`);
      const steps = [
        ['created', applicantId, 'draft', null, ''],
        ['submitted', applicantId, 'submitted', null, ''],
        ['start-review', adminId, 'in-review', null, ''],
        ['request-action', adminId, 'action-required', 'passport', message],
        ['resubmitted', applicantId, 'submitted', null, ''],
        ['start-review', secondAdminId, 'in-review', null, ''],
        ['lodge', adminId, 'lodged', null, 'Lodged at the embassy on Monday'],
        ['approve', adminId, 'approved', null, ''],
      ];
      expect(rows.rows.map((row) => [row.kind, row.actor_id, row.state, row.section, row.message])).toEqual(steps);
      for (const row of rows.rows) {
        expect(new Date(row.created_at).getTime()).toBeGreaterThanOrEqual(started - 1000);
        expect(new Date(row.created_at).getTime()).toBeLessThanOrEqual(Date.now());
      }
      // The staff page's history says the same, with the names of who did it.
      const names = { [applicantId]: 'Account Holder', [adminId]: 'Agency Admin', [secondAdminId]: 'Second Staff' };
      expect(
        approved.events.map((event) => [event.kind, event.actor, event.state, event.section, event.message]),
      ).toEqual(steps.map(([kind, actor, ...rest]) => [kind, names[actor!], ...rest]));

      // Told at every step: the applicant of staff's changes (in-app and by email), staff of the
      // applicant's (every admin's email), with the reference only.
      const told = await toldAbout(t, reference);
      expect(told.map((note) => [note.type, note.audience, note.recipient_id, note.actor_id])).toEqual([
        ['visaSubmitted', 'user', applicantId, applicantId],
        ['staffVisaSubmitted', 'staff', null, applicantId],
        ['visaInReview', 'user', applicantId, adminId],
        ['visaActionRequired', 'user', applicantId, adminId],
        ['staffVisaResubmitted', 'staff', null, applicantId],
        ['visaInReview', 'user', applicantId, secondAdminId],
        ['visaLodged', 'user', applicantId, adminId],
        ['visaApproved', 'user', applicantId, adminId],
      ]);
      for (const note of told) {
        if (note.audience === 'user') {
          expect(note.params).toEqual({ reference });
          expect(note.link).toBe(`/visa/${sent.id}`);
          expect(note.emails.map((mail) => mail.to)).toEqual(['applicant@example.com']);
        } else {
          expect(note.params).toEqual({ reference, name: 'Account Holder' });
          expect(note.link).toBe(`/admin/visa/${sent.id}`);
          expect(note.emails.map((mail) => mail.to)).toEqual([ADMIN_EMAIL, 'staff2@example.com']);
        }
      }
      expect(told.find((note) => note.type === 'visaActionRequired')!.emails[0]!.subject).toBe(
        'Your visa application needs a change',
      );
      const everything = JSON.stringify(told);
      expect(everything).toContain(reference);
      for (const secret of ['MK555012', 'Oyun', 'Ganbold', 'oyun.private', 'blurry', 'Monday', 'KR', 'Korea']) {
        expect(everything).not.toContain(secret);
      }
    });

    it('asks for a change straight from submitted, and records a refusal after lodging', async () => {
      const first = await sendApplication(t, applicant);
      const asked = await acted(t, admin, first.id, {
        action: 'request-action',
        section: 'dependants',
        message: '  Add your daughter  ',
      });
      expect(asked.actionRequest).toEqual({ section: 'dependants', message: 'Add your daughter' });

      const second = await sendApplication(t, applicant);
      await acted(t, admin, second.id, { action: 'start-review' });
      await acted(t, admin, second.id, { action: 'lodge' });
      const refusedVisa = await acted(t, admin, second.id, { action: 'refuse', message: 'Refused by the embassy' });
      expect(refusedVisa).toMatchObject({ state: 'refused', actions: [] });
      expect(refusedVisa.events.at(-1)).toMatchObject({
        kind: 'refuse',
        state: 'refused',
        message: 'Refused by the embassy',
        actor: 'Agency Admin',
      });
      expect((await toldAbout(t, second.reference!)).at(-1)).toMatchObject({
        type: 'visaRefused',
        recipient_id: applicantId,
        params: { reference: second.reference },
      });
    });

    it("refuses a change request without a known section and a reason, in the caller's language (400, nothing changed)", async () => {
      const sent = await sendApplication(t, applicant);
      for (const body of [
        { action: 'request-action', message: 'Please scan it again' },
        { action: 'request-action', section: 'visa', message: 'Please scan it again' },
        { action: 'request-action', section: 'passport' },
        { action: 'request-action', section: 'passport', message: '   ' },
        { action: 'request-action', section: 'passport', message: 'x'.repeat(2001) },
        { action: 'archive' },
        {},
      ]) {
        await refused(t, () => act(t, admin, sent.id, body), 400, 'VALIDATION_FAILED');
      }
      // Each missing part with its own message, both at once.
      const blank = { action: 'request-action', section: '', message: ' ' };
      const english = await refused(t, () => act(t, admin, sent.id, blank), 400, 'VALIDATION_FAILED');
      expect(english.details).toEqual([
        { path: 'body.section', message: 'Choose the section to change' },
        { path: 'body.message', message: 'Say what should be changed, and why' },
      ]);
      const mongolian = await refused(t, () => act(t, admin, sent.id, blank, MONGOLIAN), 400, 'VALIDATION_FAILED');
      expect(mongolian.message).toBe('Оруулсан мэдээллийн зарим нь буруу байна. Шалгаад дахин оролдоно уу.');
      expect(mongolian.details).toEqual([
        { path: 'body.section', message: 'Засах хэсгээ сонгоно уу' },
        { path: 'body.message', message: 'Юуг, яагаад засахыг бичнэ үү' },
      ]);
    });

    it('makes one change when two staff act at once; the other is refused', async () => {
      const sent = await sendApplication(t, applicant);
      await acted(t, admin, sent.id, { action: 'start-review' });
      const responses = await Promise.all([
        act(t, admin, sent.id, { action: 'lodge' }),
        act(t, secondAdmin, sent.id, actionBody('request-action')),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      expect(errorOf(responses.find((response) => response.statusCode === 409)!).code).toBe('ACTION_NOT_ALLOWED');
      const view = await staffView(t, admin, sent.id);
      expect(['lodged', 'action-required']).toContain(view.state);
      expect(view.events.map((event) => event.kind)).toEqual([
        'created',
        'submitted',
        'start-review',
        view.state === 'lodged' ? 'lodge' : 'request-action',
      ]);
      expect((await toldAbout(t, sent.reference!)).map((note) => note.type)).toEqual([
        'visaSubmitted',
        'staffVisaSubmitted',
        'visaInReview',
        view.state === 'lodged' ? 'visaLodged' : 'visaActionRequired',
      ]);
    });

    it('lets the applicant withdraw while in review, telling staff, who can do nothing more; not once lodged', async () => {
      const inReview = await sendApplication(t, applicant);
      await acted(t, admin, inReview.id, { action: 'start-review' });
      const withdrawn = await t.send('POST', `/api/visa-applications/${inReview.id}/withdraw`, { cookie: applicant });
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      const view = await staffView(t, admin, inReview.id);
      expect(view).toMatchObject({ state: 'withdrawn', actions: [] });
      expect(view.events.at(-1)).toMatchObject({ kind: 'withdrawn', state: 'withdrawn', actor: 'Account Holder' });
      const told = (await toldAbout(t, inReview.reference!)).find((note) => note.type === 'staffVisaWithdrawn');
      expect(told).toMatchObject({
        audience: 'staff',
        params: { reference: inReview.reference, name: 'Account Holder' },
      });
      expect(told!.emails.map((mail) => mail.to)).toEqual([ADMIN_EMAIL, 'staff2@example.com']);
      for (const action of VISA_STAFF_ACTION_NAMES) {
        await refused(t, () => act(t, admin, inReview.id, actionBody(action)), 409, 'ACTION_NOT_ALLOWED');
      }

      const lodged = await sendApplication(t, applicant);
      await acted(t, admin, lodged.id, { action: 'start-review' });
      await acted(t, admin, lodged.id, { action: 'lodge' });
      await refused(
        t,
        () => t.send('POST', `/api/visa-applications/${lodged.id}/withdraw`, { cookie: applicant }),
        409,
        'VISA_NOT_EDITABLE',
      );
    });

    it('emails the applicant as their profile asks, in their language; in-app always', async () => {
      const setProfile = async (cookie: string, profile: Parameters<typeof blankProfile>[0]) => {
        const response = await t.send('PUT', '/api/profile', { cookie, body: blankProfile(profile) });
        expect(response.statusCode, response.body).toBeLessThan(300);
      };
      const quiet = await t.signUp('quiet@example.com', undefined, 'Quiet Person');
      await setProfile(quiet, {
        fullName: 'Quiet Person',
        email: 'quiet@example.com',
        preferences: { ...fullMatrix(), visa: { email: false, push: false } },
      });
      const mongolian = await t.signUp('mongol@example.com', undefined, 'Монгол Хүн');
      await setProfile(mongolian, { fullName: 'Монгол Хүн', email: 'mongol@example.com', language: 'mn' });

      const quietOne = await sendApplication(t, quiet);
      await acted(t, admin, quietOne.id, { action: 'start-review' });
      const quietTold = (await toldAbout(t, quietOne.reference!)).find((note) => note.type === 'visaInReview');
      expect(quietTold).toMatchObject({ recipient_id: await userId(t, 'quiet@example.com'), emails: [] });

      const mongolianOne = await sendApplication(t, mongolian);
      await acted(t, admin, mongolianOne.id, { action: 'start-review' });
      const mongolianTold = (await toldAbout(t, mongolianOne.reference!)).find((note) => note.type === 'visaInReview');
      expect(mongolianTold!.emails.map((mail) => [mail.to, mail.subject])).toEqual([
        ['mongol@example.com', 'Визийн өргөдлийг хянаж байна'],
      ]);
    });
  });

  describe('internal notes', () => {
    it("keeps a note with who wrote it for staff only: never on the applicant's page, nobody told", async () => {
      const sent = await sendApplication(t, applicant);
      const note = 'Called the applicant: their passport renewal is pending';
      const toldBefore = await toldAbout(t, sent.reference!);
      const response = await t.send('POST', `${STAFF}/${sent.id}/notes`, {
        cookie: secondAdmin,
        body: { note: `  ${note}  ` },
      });
      expect(response.statusCode, response.body).toBe(200);
      const view = response.json() as AdminVisaDetail;
      expect(view.state).toBe('submitted');
      expect(view.events.at(-1)).toMatchObject({ kind: 'note', state: null, message: note, actor: 'Second Staff' });
      expect((await staffView(t, admin, sent.id)).events.filter((event) => event.kind === 'note')).toHaveLength(1);
      expect(await toldAbout(t, sent.reference!)).toEqual(toldBefore);

      const own = await t.get(`/api/visa-applications/${sent.id}`, { cookie: applicant });
      expect(own.body).not.toContain('passport renewal');
      expect((own.json() as VisaApplication).history.map((entry) => entry.kind)).toEqual(['created', 'submitted']);
      expect((await t.get('/api/visa-applications', { cookie: applicant })).body).not.toContain('passport renewal');

      for (const body of [{ note: '' }, { note: '   ' }, { note: 'x'.repeat(2001) }, {}]) {
        await refused(
          t,
          () => t.send('POST', `${STAFF}/${sent.id}/notes`, { cookie: admin, body }),
          400,
          'VALIDATION_FAILED',
        );
      }
    });
  });

  describe('paid processing', () => {
    const pay = (cookie: string, id: string, state: string) =>
      t.send('PUT', `${STAFF}/${id}/payment`, { cookie, body: { state } });

    it('has no payment to set on an application that did not choose it (ACTION_NOT_ALLOWED, nothing changed)', async () => {
      await setPrice(t, admin, 25);
      const sent = await sendApplication(t, applicant, completeVisaForm({ processing: false }));
      expect((await staffView(t, admin, sent.id)).payment).toBeNull();
      for (const state of ['awaiting-payment', 'paid', 'waived', 'refunded']) {
        await refused(t, () => pay(admin, sent.id, state), 409, 'ACTION_NOT_ALLOWED');
      }
      expect((await staffList(t, admin, { payment: 'none', q: sent.reference! })).total).toBe(1);
      await setPrice(t, admin, 0);
    });

    it('moves the payment between its states, each a history row that tells the applicant, who sees it', async () => {
      await setPrice(t, admin, 25);
      const sent = await sendApplication(t, applicant, completeVisaForm({ processing: true }));
      await setPrice(t, admin, 0);
      expect(sent.payment).toMatchObject({ state: 'awaiting-payment', amountUsd: 25 });
      for (const state of ['paid', 'refunded', 'waived', 'awaiting-payment'] as const) {
        const response = await pay(admin, sent.id, state);
        expect(response.statusCode, response.body).toBe(200);
        const view = response.json() as AdminVisaDetail;
        expect(view.payment).toMatchObject({ state, amountUsd: 25 });
        expect(view.events.at(-1)).toMatchObject({
          kind: 'payment',
          state: null,
          message: state,
          actor: 'Agency Admin',
        });
        // The applicant sees it, on the page and in the list.
        expect((await applicantView(t, applicant, sent.id)).payment).toMatchObject({ state, amountUsd: 25 });
        const mine = (
          await t.get('/api/visa-applications', { cookie: applicant })
        ).json() as MyVisaApplicationsResponse;
        expect(mine.items.find((item) => item.id === sent.id)!.payment?.state).toBe(state);
        expect((await staffList(t, admin, { q: sent.reference!, payment: state })).total).toBe(1);
      }
      const told = (await toldAbout(t, sent.reference!)).filter((note) => note.type === 'visaPaymentChanged');
      expect(told).toHaveLength(4);
      for (const note of told) {
        expect(note).toMatchObject({
          recipient_id: applicantId,
          actor_id: adminId,
          params: { reference: sent.reference },
        });
        expect(note.emails.map((mail) => mail.to)).toEqual(['applicant@example.com']);
      }
      const payment = await t.db.execute<{ updated_by: string }>(
        sql`select updated_by from visa_payments where application_id = ${sent.id}`,
      );
      expect(payment.rows[0]!.updated_by).toBe(adminId);
      // A payment change is the application's last change (the list's "updated" order).
      const last = await staffView(t, admin, sent.id);
      expect(last.updatedAt).toBe(last.events.at(-1)!.createdAt);

      // The state it already has: nothing written, nobody told.
      const before = await visaSnapshot(t);
      expect((await pay(admin, sent.id, 'awaiting-payment')).statusCode).toBe(200);
      expect(await visaSnapshot(t)).toBe(before);
      await refused(t, () => pay(admin, sent.id, 'pending'), 400, 'VALIDATION_FAILED');
    });
  });

  describe('the price in Settings', () => {
    const putPrice = (body: unknown, headers?: Record<string, string>) =>
      t.send('PUT', SETTINGS, { cookie: admin, body, ...(headers ? { headers } : {}) });

    it("reads and changes the price; refuses a negative, fractional or too high one in the caller's language", async () => {
      await setPrice(t, admin, 120);
      expect((await t.get(SETTINGS, { cookie: admin })).json()).toEqual({ processingPriceUsd: 120 });
      const mine = (await t.get('/api/visa-applications', { cookie: applicant })).json() as MyVisaApplicationsResponse;
      expect(mine.processingPriceUsd).toBe(120);
      for (const processingPriceUsd of [-1, 12.5, VISA_PROCESSING_PRICE_MAX + 1, '50', null]) {
        const response = await putPrice({ processingPriceUsd }, MONGOLIAN);
        expect(response.statusCode, String(processingPriceUsd)).toBe(400);
        const error = errorOf(response);
        expect(error.code).toBe('VALIDATION_FAILED');
        expect(error.message).toBe('Оруулсан мэдээллийн зарим нь буруу байна. Шалгаад дахин оролдоно уу.');
        expect(error.details).toEqual([expect.objectContaining({ path: 'body.processingPriceUsd' })]);
      }
      expect((await putPrice({})).statusCode).toBe(400);
      expect((await t.get(SETTINGS, { cookie: admin })).json()).toEqual({ processingPriceUsd: 120 });
      await setPrice(t, admin, VISA_PROCESSING_PRICE_MAX);
      await setPrice(t, admin, 0);
      expect((await t.get(SETTINGS, { cookie: admin })).json()).toEqual({ processingPriceUsd: 0 });
    });

    it('0 takes the add-on off: choosing it is refused, while payments already made keep their price', async () => {
      await setPrice(t, admin, 60);
      const paying = await sendApplication(t, applicant, completeVisaForm({ processing: true }));
      expect(paying.payment).toMatchObject({ state: 'awaiting-payment', amountUsd: 60 });

      // A new price leaves the payment made at the old one.
      await setPrice(t, admin, 80);
      expect((await staffView(t, admin, paying.id)).payment?.amountUsd).toBe(60);
      expect((await applicantView(t, applicant, paying.id)).payment?.amountUsd).toBe(60);

      await setPrice(t, admin, 0);
      const mine = (await t.get('/api/visa-applications', { cookie: applicant })).json() as MyVisaApplicationsResponse;
      expect(mine.processingPriceUsd).toBe(0);
      const choosing = await draftWith(t, applicant, completeVisaForm({ processing: true }));
      await refused(
        t,
        () => t.send('POST', `/api/visa-applications/${choosing}/submit`, { cookie: applicant, body: visaConsent() }),
        409,
        'VISA_PROCESSING_UNAVAILABLE',
      );
      expect((await t.send('DELETE', `/api/visa-applications/${choosing}`, { cookie: applicant })).statusCode).toBe(
        204,
      );

      // Sent again after a change request, it keeps the payment it has.
      await acted(t, admin, paying.id, actionBody('request-action'));
      const again = await t.send('POST', `/api/visa-applications/${paying.id}/submit`, {
        cookie: applicant,
        body: visaConsent(),
      });
      expect(again.statusCode, again.body).toBe(200);
      expect((again.json() as VisaApplication).payment).toMatchObject({ state: 'awaiting-payment', amountUsd: 60 });
      expect((await staffView(t, admin, paying.id)).payment?.amountUsd).toBe(60);

      // Unchosen before sending again: the payment not yet made goes.
      await acted(t, admin, paying.id, actionBody('request-action'));
      const current = await applicantView(t, applicant, paying.id);
      const unchosen = await t.send('PUT', `/api/visa-applications/${paying.id}`, {
        cookie: applicant,
        body: { form: { ...current.form, processing: false } },
        headers: { 'if-match': `"${current.version}"` },
      });
      expect(unchosen.statusCode, unchosen.body).toBe(200);
      const dropped = await t.send('POST', `/api/visa-applications/${paying.id}/submit`, {
        cookie: applicant,
        body: visaConsent(),
      });
      expect((dropped.json() as VisaApplication).payment).toBeNull();
      expect((await staffView(t, admin, paying.id)).payment).toBeNull();
    });
  });

  describe('files', () => {
    it("opens an application's file for staff as an attachment, never cached; another application's file is not found", async () => {
      const mine = await sendApplication(t, applicant, completeVisaForm(), { documents: ['passport'] });
      const theirs = await sendApplication(t, outsider, completeVisaForm(), { documents: ['passport'] });
      const document = mine.documents[0]!;

      const response = await t.get(`${STAFF}/${mine.id}/documents/${document.id}`, { cookie: admin });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="passport scan.pdf"; filename*=UTF-8''passport%20scan.pdf`,
      );
      const own = await t.get(`/api/visa-applications/${mine.id}/documents/${document.id}`, { cookie: applicant });
      expect(response.rawPayload.equals(own.rawPayload)).toBe(true);
      expect(response.rawPayload.length).toBe(document.size);

      await refused(
        t,
        () => t.get(`${STAFF}/${mine.id}/documents/${theirs.documents[0]!.id}`, { cookie: admin }),
        404,
        'DOCUMENT_NOT_FOUND',
      );
      await refused(
        t,
        () => t.get(`${STAFF}/${mine.id}/documents/not-a-uuid`, { cookie: admin }),
        404,
        'DOCUMENT_NOT_FOUND',
      );
      await refused(
        t,
        () => t.get(`${STAFF}/not-a-uuid/documents/${document.id}`, { cookie: admin }),
        404,
        'VISA_NOT_FOUND',
      );
      const mongolian = await t.get(`${STAFF}/${mine.id}/documents/${theirs.documents[0]!.id}`, {
        cookie: admin,
        headers: MONGOLIAN,
      });
      expect(errorOf(mongolian).message).toBe('Баримт бичиг олдсонгүй');
    });
  });
});
