/**
 * Contact messages (issues 14 and 21) as people use them: a signed-in traveller on a phone, in
 * Mongolian, asks about a trip from its page (type and subject filled in), sees the reference, gets
 * the confirmation, and is told in-app of the reply; a visitor whose browser filled in the hidden
 * field is told it was not sent and why, keeps what they wrote and sends it again; staff on a
 * desktop, in English, find an anonymous message in the inbox (opening it marks it read) and answer
 * it with a saved reply, the reply arriving in the same email thread as the confirmation (which
 * quotes nothing the sender typed), merge two people's messages only after a dialog naming both,
 * filter the inbox by any admin by name, and resolve several messages at once.
 */
import enContact from '@aylal/locales/en/contactUs.json' with { type: 'json' };
import mnContact from '@aylal/locales/mn/contactUs.json' with { type: 'json' };
import mnNotifications from '@aylal/locales/mn/notifications.json' with { type: 'json' };
import mnTrip from '@aylal/locales/mn/tripDetails.json' with { type: 'json' };
import type { Response } from '@playwright/test';
import type { AdminContactDetail } from '@aylal/shared/schemas/contact';
import {
  ADMIN_EMAIL,
  ADMIN_NAME,
  ADMIN_PASSWORD,
  Api,
  BASE_URL,
  en,
  expect,
  fill,
  signInAsAdmin,
  test,
  toast,
  waitForLiveApp,
} from './fixtures.ts';
import { sendAllSignedOut, sendSignedOut } from './support/contact.ts';
import { formatDateTimeInZone } from '../shared/src/zone-name.ts';

const REFERENCE = /C-\d{4}-\d{5}/;

test.describe('a traveller, in Mongolian on a phone @phone-only', () => {
  test('asks about a trip from its page, sees the reference and the confirmation, and is told of the reply', async ({
    page,
    api,
    createUser,
    mail,
    playwright,
  }) => {
    test.setTimeout(90_000);
    const person = await createUser({ name: 'Сараа Болд' });
    await api.signIn(person.email, person.password);
    const trips = (await (await page.request.get(`${BASE_URL}/api/trips?pageSize=1`)).json()) as {
      items: { id: string; title: { mn: string; en: string } }[];
    };
    const trip = trips.items[0]!;

    await page.goto(`/trips/${trip.id}?lang=mn`);
    await page.getByRole('link', { name: mnTrip.askQuestion }).click();
    await expect(page).toHaveURL(/\/contact\?type=trips&about=/);
    const form = page.getByRole('form', { name: mnContact.title });
    await expect(form.getByRole('textbox', { name: mnContact.form.title })).toHaveValue(
      fill(mnContact.form.about, { title: trip.title.mn || trip.title.en }),
    );
    await expect(form.getByRole('combobox', { name: mnContact.form.type })).toHaveValue(mnContact.types.trips);
    await expect(form.getByRole('textbox', { name: mnContact.form.name })).toHaveValue(person.name);
    await expect(form.getByRole('textbox', { name: mnContact.form.email })).toHaveValue(person.email);
    await form
      .getByRole('textbox', { name: mnContact.form.message })
      .fill('Зургадугаар сард хоёр хүний суудал байна уу?');
    // People take a few seconds to write; the server sets aside what is sent faster.
    await page.waitForTimeout(3_000);
    await form.getByRole('button', { name: mnContact.form.send }).click();
    const reference = (await page.getByTestId('contact-reference').textContent()) ?? '';
    expect(reference).toMatch(REFERENCE);

    const confirmation = await mail.waitForMail(person.email, { subjectIncludes: reference });
    expect(confirmation.subject).toContain('зурвас');
    expect(confirmation.messageId).toMatch(/^<contact-.+@aylal>$/);

    // Staff answer (through the API: the staff's screens are the desktop test's).
    const staff = await playwright.request.newContext({ baseURL: BASE_URL });
    await new Api(staff).signUpOrIn({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, name: ADMIN_NAME });
    const list = (await (await staff.get(`/api/admin/contact-messages?q=${reference}`)).json()) as {
      items: { id: string }[];
    };
    const replied = await staff.post(`/api/admin/contact-messages/${list.items[0]!.id}/reply`, {
      headers: { origin: BASE_URL },
      data: { body: 'Тийм, суудал байна.' },
    });
    expect(replied.status()).toBe(200);
    await staff.dispose();

    const reply = await mail.waitForMail(person.email, { subjectIncludes: `Re: ${confirmation.subject}` });
    expect(reply.inReplyTo).toBe(confirmation.messageId);
    // The notification names the message and opens its own page, with the reply.
    await page.goto('/notifications');
    const told = page
      .locator('main')
      .getByRole('link', { name: new RegExp(mnNotifications.types.contactReplied.title) });
    await expect(told).toContainText(reference);
    await told.click();
    await expect(page).toHaveURL(`${BASE_URL}/contact/${reference}`);
    await expect(page.getByText('Тийм, суудал байна.')).toBeVisible();
    await expect(page.getByText(new RegExp(`^${reference} ·`))).toBeVisible();
    await page.getByRole('link', { name: mnContact.mine.all }).click();
    await expect(page).toHaveURL(`${BASE_URL}/contact#mine`);
    await expect(
      page.getByRole('link', { name: fill(mnContact.form.about, { title: trip.title.mn || trip.title.en }) }),
    ).toBeVisible();
  });
});

test.describe('a message sent before signing up', () => {
  test('becomes the account’s once its address is verified, with staff’s reply on its page', async ({
    page,
    api,
    playwright,
    uniqueEmail,
    mail,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('early');
    const reference = await sendSignedOut(playwright, {
      title: 'Work in Korea',
      type: 'jobs',
      name: 'Early Asker',
      email,
      message: 'Do you have factory jobs in Korea?',
    });
    const user = await api.signUp({ email, name: 'Early Asker' });
    await page.goto('/contact?lang=en');
    // Not yet verified: not theirs yet.
    await expect(page.getByText(enContact.mine.empty)).toBeVisible();
    await api.verifyEmail(user.email, mail);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Work in Korea' })).toBeVisible();
    await page.getByRole('link', { name: 'Work in Korea' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/contact/${reference}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Work in Korea' })).toBeVisible();
    await expect(page.getByText('Do you have factory jobs in Korea?')).toBeVisible();
    // Someone else's reference is not found for them.
    await page.goto('/contact/C-2000-99999');
    await expect(page.getByText(enContact.mine.notFound)).toBeVisible();
  });
});

test.describe('a visitor whose browser filled in the hidden field', () => {
  test('is told the message was not sent and why, keeps what they wrote, and sends it again', async ({
    page,
    uniqueEmail,
  }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: enContact.title });
    const email = uniqueEmail('autofill');
    await form.getByRole('textbox', { name: enContact.form.title }).fill('Airport pickup');
    await form.getByRole('textbox', { name: enContact.form.name }).fill('Bold Bat');
    await form.getByRole('textbox', { name: enContact.form.email }).fill(email);
    await form.getByRole('textbox', { name: enContact.form.message }).fill('Do you arrange airport pickup?');
    // Automatic form filling reaches the field people never see, as a bot would.
    await page.locator('input[name="website"]').fill('https://bold.example', { force: true });
    await form.getByRole('button', { name: enContact.form.send }).click();
    const alert = form.getByRole('alert');
    await expect(alert).toContainText(enContact.notSent.title);
    await expect(alert).toContainText(en.error.CONTACT_HIDDEN_FIELD);
    await expect(alert).toContainText(enContact.notSent.kept);
    await expect(form.getByRole('textbox', { name: enContact.form.message })).toHaveValue(
      'Do you arrange airport pickup?',
    );
    await expect(form.getByRole('textbox', { name: enContact.form.email })).toHaveValue(email);

    // The form emptied the hidden field; sent again (the form open long enough by now), it goes.
    await page.waitForTimeout(3_000);
    await form.getByRole('button', { name: enContact.form.send }).click();
    expect((await page.getByTestId('contact-reference').textContent()) ?? '').toMatch(REFERENCE);
  });
});

test.describe('staff, in English on a desktop', () => {
  test('find a new message in the inbox and answer it with a saved reply, in one email thread', async ({
    page,
    playwright,
    uniqueEmail,
    mail,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('asker');
    const reference = await sendSignedOut(playwright, {
      title: 'Visa for Japan',
      type: 'visa',
      name: 'Oyun Tsetseg',
      email,
      message: 'Can you help with a tourist visa for Japan?',
    });
    const confirmation = await mail.waitForMail(email, { subjectIncludes: reference });

    await signInAsAdmin(page);
    await page.goto('/admin/dashboard');
    await page
      .getByRole('navigation', { name: en.admin.nav.label })
      .getByRole('link', { name: en.admin.nav.contactUs })
      .click();
    await expect(page).toHaveURL(`${BASE_URL}/admin/contact-us`);
    const row = page.getByRole('row').filter({ hasText: reference });
    await expect(row.getByText(en.admin.contact.unread)).toBeVisible();
    await page.getByRole('textbox', { name: en.common.search, exact: true }).fill(reference);
    await expect(page.getByRole('row')).toHaveCount(2);
    // Opening the conversation marks it read (the page's own POST; reading it alone changes nothing).
    const marked = page.waitForResponse((response) => response.url().endsWith('/read'));
    await row.getByRole('link', { name: reference, exact: true }).click();
    expect((await marked).request().method()).toBe('POST');

    await expect(page.getByRole('heading', { level: 1, name: 'Visa for Japan' })).toBeVisible();
    await expect(page.getByText('Can you help with a tourist visa for Japan?')).toBeVisible();
    await page.getByRole('combobox', { name: en.admin.contact.reply.saved }).click();
    await page.getByRole('option', { name: en.admin.contact.saved.moreDetails }).click();
    const body = page.getByRole('textbox', { name: en.admin.contact.reply.label });
    await expect(body).toHaveValue(/^Hello Oyun Tsetseg,/);
    // Sent with a double click, as people do: it happens once (decision 028).
    const answers: Response[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/reply')) answers.push(response);
    });
    await page.getByRole('button', { name: en.admin.contact.reply.send }).dblclick();
    await expect(page.getByText(en.admin.contact.states.waiting).first()).toBeVisible();
    await expect(toast(page, en.admin.contact.reply.sent)).toHaveCount(1);
    await expect.poll(() => answers.length).toBeGreaterThan(0);
    const detail = (await answers[0]!.json()) as AdminContactDetail;
    expect(detail.state).toBe('waiting');
    expect(detail.events.filter((event) => event.kind === 'reply')).toHaveLength(1);
    for (const answer of answers) expect(answer.status()).toBe(200);

    const reply = await mail.waitForMail(email, { subjectIncludes: `Re: ${confirmation.subject}` });
    // One email: a second would have arrived with the first.
    await page.waitForTimeout(1500);
    expect((await mail.messages(email)).filter((sent) => sent.subject.startsWith('Re: '))).toHaveLength(1);
    expect(reply.text).toContain('Hello Oyun Tsetseg,');
    expect(reply.inReplyTo).toBe(confirmation.messageId);
    expect(reply.references).toBe(confirmation.messageId);
    expect(reply.messageId).not.toBe(confirmation.messageId);
    expect(confirmation.subject).not.toContain('Oyun');
    // The confirmation said nothing they typed: the reference and a link.
    expect(confirmation.text).not.toContain('tourist visa');
    expect(confirmation.text).not.toContain('Oyun');
    expect(confirmation.text).toContain(`${BASE_URL}/contact`);

    await page.getByRole('link', { name: en.admin.contact.detail.back }).click();
    await page.getByRole('textbox', { name: en.common.search, exact: true }).fill(reference);
    await expect(page.getByRole('row').filter({ hasText: reference })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: reference }).getByText(en.admin.contact.unread)).toBeHidden();
  });

  test("the inbox's Received column is on the agency's clock, named, whatever the browser's zone", async ({
    browser,
    playwright,
    uniqueEmail,
  }) => {
    const reference = await sendSignedOut(playwright, {
      title: 'What time is it there?',
      type: 'general',
      name: 'Tom Zone',
      email: uniqueEmail('zone'),
      message: 'Asked from New York.',
    });
    // A staff member whose browser is in New York: the list still speaks Ulaanbaatar time, and says so.
    const context = await browser.newContext({ baseURL: BASE_URL, timezoneId: 'America/New_York' });
    const page = waitForLiveApp(await context.newPage());
    await signInAsAdmin(page);
    const list = (await (await page.request.get(`${BASE_URL}/api/admin/contact-messages?q=${reference}`)).json()) as {
      items: { createdAt: string }[];
    };
    const received = formatDateTimeInZone(list.items[0]!.createdAt, 'en', 'Asia/Ulaanbaatar');
    expect(received).toContain('(Ulaanbaatar time)');
    await page.goto('/admin/contact-us?lang=en');
    const row = page.getByRole('row').filter({ hasText: reference });
    await expect(row.getByRole('cell', { name: received, exact: true })).toBeVisible();
    await context.close();
  });

  test("merge two people's messages only after a dialog naming both", async ({ page, playwright, uniqueEmail }) => {
    test.setTimeout(90_000);
    const word = `Twin${Date.now()}`;
    const [first, second] = (await sendAllSignedOut(playwright, [
      {
        title: `${word} first`,
        type: 'general',
        name: 'Tuya Bat',
        email: uniqueEmail('tuya'),
        message: 'Tuya asks about Lake Khuvsgul.',
      },
      {
        title: `${word} second`,
        type: 'general',
        name: 'Naraa Dorj',
        email: uniqueEmail('naraa'),
        message: 'Naraa asks about Lake Khuvsgul too.',
      },
    ])) as [string, string];
    await signInAsAdmin(page);
    await page.goto(`/admin/contact-us?q=${word}`);
    await page.getByRole('row').filter({ hasText: second }).getByRole('link', { name: second, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${word} second` })).toBeVisible();
    await page.getByRole('textbox', { name: en.admin.contact.merge.label }).fill(first);
    await page.getByRole('button', { name: en.admin.contact.merge.action, exact: true }).click();

    const dialog = page.getByRole('dialog', { name: en.admin.contact.merge.otherTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Naraa Dorj');
    await expect(dialog).toContainText('Tuya Bat');
    await expect(dialog).toContainText(second);
    await expect(dialog).toContainText(first);
    // Cancelled, nothing is merged.
    await dialog.getByRole('button', { name: en.common.cancel }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: `${word} second` })).toBeVisible();

    // Confirmed by keyboard: the dialog's own button.
    await page.getByRole('button', { name: en.admin.contact.merge.action, exact: true }).click();
    await dialog.getByRole('button', { name: en.admin.contact.merge.otherAction }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: `${word} first` })).toBeVisible();
    await expect(
      page.getByText(fill(en.admin.contact.events.receivedMerged, { name: 'Naraa Dorj', reference: second })),
    ).toBeVisible();
  });

  test("filter the inbox by any admin's name, not only their own", async ({
    page,
    playwright,
    uniqueEmail,
    createUser,
  }) => {
    await signInAsAdmin(page);
    const staff = new Api(page.request);
    const colleague = await createUser({ name: `Tuya Colleague ${Date.now()}` });
    const promoted = await page.request.patch(`${BASE_URL}/api/admin/users/${colleague.id}/role`, {
      headers: { origin: BASE_URL },
      data: { role: 'admin' },
    });
    expect(promoted.status()).toBe(200);
    const reference = await sendSignedOut(playwright, {
      title: 'Group booking',
      type: 'trips',
      name: 'Bold Bat',
      email: uniqueEmail('group'),
      message: 'Can eight of us travel together?',
    });
    const found = (await (await page.request.get(`${BASE_URL}/api/admin/contact-messages?q=${reference}`)).json()) as {
      items: { id: string }[];
    };
    const assigned = await staff.post(`/api/admin/contact-messages/${found.items[0]!.id}/assign`, {
      assigneeId: colleague.id,
    });
    expect(assigned.status()).toBe(200);

    await page.goto('/admin/contact-us');
    await page.getByRole('combobox', { name: en.admin.contact.filters.assignee }).click();
    await page.getByRole('option', { name: colleague.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`assignee=${colleague.id}`));
    await expect(page.getByRole('combobox', { name: en.admin.contact.filters.assignee })).toHaveValue(colleague.name);
    // Only the colleague's conversation: the header row and its own.
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('row').filter({ hasText: reference })).toContainText(colleague.name);
  });

  test('tick messages and resolve them at once; Clear unticks them', async ({ page, playwright, uniqueEmail }) => {
    const word = `Batch${Date.now()}`;
    const references = await sendAllSignedOut(
      playwright,
      ['one', 'two'].map((which) => ({
        title: `${word} ${which}`,
        type: 'general' as const,
        name: 'Enkh Bat',
        email: uniqueEmail('batch'),
        message: `Question ${which}.`,
      })),
    );
    await signInAsAdmin(page);
    await page.goto(`/admin/contact-us?q=${word}`);
    await expect(page.getByRole('row')).toHaveCount(3);
    const bulk = en.admin.contact.bulk;
    const selectAll = page.getByRole('checkbox', { name: bulk.selectAll });

    await page.getByRole('checkbox', { name: bulk.select.replace('{{reference}}', references[0]!) }).check();
    await expect(page.getByText(bulk.selected_one.replace('{{count}}', '1'))).toBeVisible();
    await page.getByRole('button', { name: bulk.clear }).click();
    await expect(
      page.getByRole('checkbox', { name: bulk.select.replace('{{reference}}', references[0]!) }),
    ).not.toBeChecked();
    await expect(page.getByRole('button', { name: bulk.apply })).toBeHidden();

    await selectAll.check();
    await expect(page.getByText(bulk.selected_other.replace('{{count}}', '2'))).toBeVisible();
    await page.getByRole('combobox', { name: bulk.setState }).click();
    await page.getByRole('option', { name: en.admin.contact.states.resolved }).click();
    await page.getByRole('button', { name: bulk.apply }).click();
    await expect(page.getByText(bulk.done_other.replace('{{count}}', '2'))).toBeVisible();
    for (const reference of references) {
      await expect(page.getByRole('row').filter({ hasText: reference })).toContainText(
        en.admin.contact.states.resolved,
      );
    }
    await expect(selectAll).not.toBeChecked();
  });
});
