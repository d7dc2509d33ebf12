/**
 * Paying the visa processing by QPay (issue 25, docs/decisions/033): the application's page shows
 * the price in tögrög, a QR code for a bank app and the bank apps' links; when the payer pays at the
 * bank (the local QPay pays and calls back), the page follows it to paid by itself. The records are
 * set up through the API: the screen is what is checked.
 */
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import enAdmin from '@aylal/locales/en/admin.json' with { type: 'json' };
import enCommon from '@aylal/locales/en/common.json' with { type: 'json' };
import mnCommon from '@aylal/locales/mn/common.json' with { type: 'json' };
import enVisa from '@aylal/locales/en/visaApplicationForm.json' with { type: 'json' };
import mnVisa from '@aylal/locales/mn/visaApplicationForm.json' with { type: 'json' };
import { BASE_URL, expect, fill, ok, QPAY_URL, signInAsAdmin, STRIPE_URL, test } from './fixtures.ts';
import { visaApplicationOf } from './support/visa.ts';

const headers = { origin: BASE_URL };

/** Staff price the processing at $49 (₮169,050 at the product's rate); a new traveller, signed in on
 * `page`, has sent an application with it chosen. */
async function applicationAwaitingPayment(
  browser: Browser,
  page: Page,
  api: { signUp: (person: { email: string; name: string }) => Promise<unknown> },
  email: string,
) {
  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await signInAsAdmin(staffPage);
  await ok(
    await staffPage.request.put(`${BASE_URL}/api/admin/settings/visa`, { headers, data: { processingPriceUsd: 49 } }),
  );
  await staff.close();
  await api.signUp({ email, name: 'Bat Dorj' });
  return visaApplicationOf(
    page.request,
    { firstName: 'Bat', lastName: 'Dorj', email },
    { submit: true, processing: true },
  );
}

for (const { language, words, pay, amount, phone } of [
  { language: 'en', words: enVisa, pay: enCommon.pay, amount: '₮169,050', phone: false },
  { language: 'mn', words: mnVisa, pay: mnCommon.pay, amount: '₮\u00a0169,050', phone: true },
] as const) {
  test(`a traveller pays the visa processing with QPay and the page follows it to paid (${language})${phone ? ' @phone-only' : ''}`, async ({
    browser,
    page,
    api,
    uniqueEmail,
  }) => {
    const { id, reference } = await applicationAwaitingPayment(browser, page, api, uniqueEmail('pays'));

    await page.goto(`/visa/${id}?lang=${language}`);
    await page.getByRole('button', { name: fill(pay.button, { amount }) }).click();
    const qr = page.getByRole('img', { name: fill(pay.qrLabel, { amount }) });
    await expect(qr).toBeVisible();
    await expect(page.getByText(pay.scan)).toBeVisible();
    await expect(page.getByText(pay.waiting)).toBeVisible();
    // A bank app's link, for paying from this phone.
    await expect(page.getByRole('link', { name: language === 'mn' ? 'Хаан банк' : 'Khan bank' })).toHaveAttribute(
      'href',
      /^khanbank:/,
    );
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag22aa']).analyze();
    expect(violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual([]);

    // The payer pays at their bank; QPay calls back (twice, as it may).
    const paid = await page.request.post(`${QPAY_URL}/test/pay?description=${encodeURIComponent(reference!)}`);
    expect(paid.status()).toBe(200);
    expect((await paid.json()).callback).toBe(200);
    await expect(page.getByRole('status').getByText(fill(pay.paid, { amount }))).toBeVisible({ timeout: 15_000 });
    await expect(qr).toBeHidden();
    // The application says so too, after a reload.
    await page.reload();
    // The badge beside "Visa processing:" (the history below says it too).
    await expect(page.getByText(words.paymentStates.paid, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: fill(pay.button, { amount }) })).toHaveCount(0);
  });
}

test('a traveller pays the visa processing by card on Stripe’s page and comes back to it paid, once', async ({
  browser,
  page,
  api,
  uniqueEmail,
}) => {
  const { id } = await applicationAwaitingPayment(browser, page, api, uniqueEmail('card'));
  await page.goto(`/visa/${id}?lang=en`);
  await page.getByRole('button', { name: fill(enCommon.pay.card, { amount: '$49' }) }).click();

  // Stripe's Checkout page (the local one), then back to the application.
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/pay/cs_`));
  await page.getByRole('button', { name: 'Pay $49.00' }).click();
  await expect(page).toHaveURL(new RegExp(`/visa/${id}\\?payment=`));
  // A whole page load on the way back: slow on a loaded machine.
  await expect(page.getByRole('status').getByText(fill(enCommon.pay.paid, { amount: '$49' }))).toBeVisible({
    timeout: 30_000,
  });

  // Stripe sends its webhook again, twice: answered, and nothing changes.
  const paymentId = new URL(page.url()).searchParams.get('payment')!;
  for (const _ of [1, 2]) {
    const again = await page.request.post(`${STRIPE_URL}/test/resend?payment=${paymentId}`);
    expect((await again.json()).status).toBe(200);
  }
  const payment = await ok<{ state: string; method: string; amount: number; currency: string }>(
    await page.request.get(`${BASE_URL}/api/payments/${paymentId}`),
  );
  expect(payment).toMatchObject({ state: 'paid', method: 'card', amount: 4900, currency: 'USD' });
  const notifications = await ok<{ items: { type: string; link: string | null }[] }>(
    await page.request.get(`${BASE_URL}/api/notifications`),
  );
  expect(notifications.items.filter((item) => item.type === 'visaPaymentChanged')).toHaveLength(1);
  await page.reload();
  await expect(page.getByText(enVisa.paymentStates.paid, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: fill(enCommon.pay.card, { amount: '$49' }) })).toHaveCount(0);
});

test('staff give back part of a card payment, then the rest, from the application’s page', async ({
  browser,
  page,
  api,
  uniqueEmail,
}) => {
  const { id } = await applicationAwaitingPayment(browser, page, api, uniqueEmail('refund'));
  // Paid by card through the API and Stripe's page (the screen above is checked by the test before).
  const opened = await ok<{ id: string; instructions: { checkoutUrl: string } }>(
    await page.request.post(`${BASE_URL}/api/payments`, {
      headers,
      data: { for: { visaApplicationId: id }, method: 'card' },
    }),
  );
  await page.request.post(opened.instructions.checkoutUrl, { maxRedirects: 0 });
  await expect
    .poll(
      async () => (await ok<{ state: string }>(await page.request.get(`${BASE_URL}/api/payments/${opened.id}`))).state,
    )
    .toBe('paid');

  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await signInAsAdmin(staffPage);
  await staffPage.goto(`/admin/visa/${id}?lang=en`);
  const words = enAdmin.payments;
  const payments = staffPage.getByRole('list').filter({ hasText: words.methods.card });
  await expect(payments.getByText(words.states.paid, { exact: true })).toBeVisible();

  // Part of it: $20 of $49, with a reason.
  await payments.getByRole('button', { name: words.refund }).click();
  const dialog = staffPage.getByRole('dialog', {
    name: fill(words.refundTitle, { amount: '$49', method: words.methods.card }),
  });
  await expect(dialog.getByLabel(words.refundAmount)).toHaveValue('$49');
  await dialog.getByLabel(words.refundAmount).fill('20');
  await dialog.getByRole('button', { name: words.refund }).click();
  // The reason is asked for.
  await expect(dialog.getByLabel(words.refundReason)).toBeFocused();
  await dialog.getByLabel(words.refundReason).fill('Consular fee lowered');
  const { violations } = await new AxeBuilder({ page: staffPage }).include('[role="dialog"]').analyze();
  expect(violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual([]);
  await dialog.getByRole('button', { name: words.refund }).click();
  await expect(staffPage.getByText(fill(words.refundDone, { amount: '$20' }))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(payments.getByText(words.states.partially_refunded, { exact: true })).toBeVisible();
  await expect(payments.getByText(fill(words.givenBack, { amount: '$20' }))).toBeVisible();

  // The rest: what is left is offered.
  await payments.getByRole('button', { name: words.refund }).click();
  await expect(dialog.getByLabel(words.refundAmount)).toHaveValue('$29');
  await dialog.getByLabel(words.refundReason).fill('Application withdrawn');
  await dialog.getByRole('button', { name: words.refund }).click();
  await expect(payments.getByText(words.states.refunded, { exact: true })).toBeVisible();
  await expect(payments.getByRole('button', { name: words.refund })).toHaveCount(0);
  const payment = await ok<{ state: string; refunded: number }>(
    await staffPage.request.get(`${BASE_URL}/api/payments/${opened.id}`),
  );
  expect(payment).toMatchObject({ state: 'refunded', refunded: 4900 });
  await staff.close();
});

test('staff record the processing paid in cash at the office, in dollars', async ({
  browser,
  page,
  api,
  uniqueEmail,
}) => {
  const { id } = await applicationAwaitingPayment(browser, page, api, uniqueEmail('cash'));
  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await signInAsAdmin(staffPage);
  await staffPage.goto(`/admin/visa/${id}?lang=en`);
  const words = enAdmin.payments;
  await staffPage.getByRole('button', { name: words.recordCash }).click();
  const dialog = staffPage.getByRole('dialog', { name: words.recordCashTitle });
  await dialog.getByRole('radio', { name: fill(words.recordCashUsd, { amount: '$49' }) }).check();
  await dialog.getByRole('button', { name: words.recordCash }).click();
  await expect(staffPage.getByText(fill(words.recordCashDone, { amount: '$49' }))).toBeVisible();
  const payments = staffPage.getByRole('list').filter({ hasText: words.methods.manual });
  await expect(payments.getByText(words.states.paid, { exact: true })).toBeVisible();
  await expect(staffPage.getByRole('button', { name: words.recordCash })).toHaveCount(0);
  // The applicant's page says it is paid.
  await page.goto(`/visa/${id}?lang=en`);
  await expect(page.getByText(enVisa.paymentStates.paid, { exact: true }).first()).toBeVisible();
  await staff.close();
});

test('a payment whose QPay callback was lost is found by the payer’s page; one of the wrong amount is not paid', async ({
  browser,
  page,
  api,
  uniqueEmail,
}) => {
  const { id, reference } = await applicationAwaitingPayment(browser, page, api, uniqueEmail('lost'));
  const amount = '₮169,050';
  await page.goto(`/visa/${id}?lang=en`);
  await page.getByRole('button', { name: fill(enCommon.pay.button, { amount }) }).click();
  await expect(page.getByRole('img', { name: fill(enCommon.pay.qrLabel, { amount }) })).toBeVisible();

  // Paid ₮1,000 instead of the invoice's amount, and QPay calls back: not a payment of this.
  const wrong = await page.request.post(
    `${QPAY_URL}/test/pay?description=${encodeURIComponent(reference!)}&amount=1000`,
  );
  expect((await wrong.json()).callback).toBe(200);
  // The page asks again on its own (every few seconds; the server asks QPay every ten): still waiting.
  await page.waitForTimeout(4_000);
  await expect(page.getByText(enCommon.pay.waiting)).toBeVisible();
  await expect(page.getByText(fill(enCommon.pay.paid, { amount }))).toHaveCount(0);

  // Then paid in full at the bank, and QPay's callback is lost on the way: the page finds it paid.
  const lost = await page.request.post(`${QPAY_URL}/test/pay?description=${encodeURIComponent(reference!)}&callback=0`);
  expect((await lost.json()).callback).toBeNull();
  await expect(page.getByRole('status').getByText(fill(enCommon.pay.paid, { amount }))).toBeVisible({
    timeout: 30_000,
  });
});

test('staff find a QPay payment in the payments list, give it back whole, and export the list', async ({
  browser,
  page,
  api,
  uniqueEmail,
}) => {
  const email = uniqueEmail('qpay-refund');
  const { id, reference } = await applicationAwaitingPayment(browser, page, api, email);
  const opened = await ok<{ id: string }>(
    await page.request.post(`${BASE_URL}/api/payments`, {
      headers,
      data: { for: { visaApplicationId: id }, method: 'qpay' },
    }),
  );
  const paid = await page.request.post(`${QPAY_URL}/test/pay?description=${encodeURIComponent(reference!)}`);
  expect((await paid.json()).callback).toBe(200);

  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await signInAsAdmin(staffPage);
  const words = enAdmin.payments;
  await staffPage.goto('/admin/payments?lang=en');
  await staffPage.getByRole('link', { name: enAdmin.nav.payments }).first().waitFor();
  // Filters live in the URL: QPay, then the payer's email.
  await staffPage.getByRole('combobox', { name: words.columns.method }).click();
  await staffPage.getByRole('option', { name: words.methods.qpay }).click();
  await expect(staffPage).toHaveURL(/method=qpay/);
  await staffPage.getByPlaceholder(words.searchPlaceholder).fill(email);
  await expect(staffPage).toHaveURL(new RegExp(`q=${encodeURIComponent(email).replace(/\./g, '\\.')}`));
  const row = staffPage.getByRole('row').filter({ hasText: reference! });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(words.states.paid, { exact: true })).toBeVisible();
  await expect(row.getByText('₮169,050')).toBeVisible();
  const { violations } = await new AxeBuilder({ page: staffPage })
    .withTags(['wcag2a', 'wcag2aa', 'wcag22aa'])
    .analyze();
  expect(violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual([]);

  // QPay gives back whole payments: the amount is fixed.
  await row.getByRole('button', { name: words.refund }).click();
  const dialog = staffPage.getByRole('dialog', {
    name: fill(words.refundTitle, { amount: '₮169,050', method: words.methods.qpay }),
  });
  await expect(dialog.getByLabel(words.refundAmount)).toBeDisabled();
  await dialog.getByLabel(words.refundReason).fill('Applicant changed plans');
  await dialog.getByRole('button', { name: words.refund }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText(words.states.refunded, { exact: true })).toBeVisible();
  expect(
    await ok<{ state: string }>(await staffPage.request.get(`${BASE_URL}/api/payments/${opened.id}`)),
  ).toMatchObject({ state: 'refunded' });

  // The list as CSV, with the filters on screen.
  const download = staffPage.waitForEvent('download');
  await staffPage.getByRole('link', { name: words.exportCsv }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv).toContain(reference!);
  expect(csv.trim().split('\r\n')).toHaveLength(2);
  await staff.close();
});
