/**
 * Paying the visa processing by QPay (issue 25, docs/decisions/033): the application's page shows
 * the price in tögrög, a QR code for a bank app and the bank apps' links; when the payer pays at the
 * bank (the local QPay pays and calls back), the page follows it to paid by itself. The records are
 * set up through the API: the screen is what is checked.
 */
import AxeBuilder from '@axe-core/playwright';
import enVisa from '@aylal/locales/en/visaApplicationForm.json' with { type: 'json' };
import mnVisa from '@aylal/locales/mn/visaApplicationForm.json' with { type: 'json' };
import { BASE_URL, expect, fill, ok, QPAY_URL, signInAsAdmin, test } from './fixtures.ts';
import { visaApplicationOf } from './support/visa.ts';

const headers = { origin: BASE_URL };

for (const { language, words, amount, phone } of [
  { language: 'en', words: enVisa, amount: '₮169,050', phone: false },
  { language: 'mn', words: mnVisa, amount: '₮\u00a0169,050', phone: true },
] as const) {
  test(`a traveller pays the visa processing with QPay and the page follows it to paid (${language})${phone ? ' @phone-only' : ''}`, async ({
    browser,
    page,
    api,
    uniqueEmail,
  }) => {
    // Staff price the processing at $49 (₮169,050 at the product's rate).
    const staff = await browser.newContext();
    const staffPage = await staff.newPage();
    await signInAsAdmin(staffPage);
    await ok(
      await staffPage.request.put(`${BASE_URL}/api/admin/settings/visa`, { headers, data: { processingPriceUsd: 49 } }),
    );
    await staff.close();

    const email = uniqueEmail('pays');
    await api.signUp({ email, name: 'Bat Dorj' });
    const { id, reference } = await visaApplicationOf(
      page.request,
      { firstName: 'Bat', lastName: 'Dorj', email },
      { submit: true, processing: true },
    );

    await page.goto(`/visa/${id}?lang=${language}`);
    await page.getByRole('button', { name: fill(words.pay.button, { amount }) }).click();
    const qr = page.getByRole('img', { name: fill(words.pay.qrLabel, { amount }) });
    await expect(qr).toBeVisible();
    await expect(page.getByText(words.pay.scan)).toBeVisible();
    await expect(page.getByText(words.pay.waiting)).toBeVisible();
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
    await expect(page.getByRole('status').getByText(fill(words.pay.paid, { amount }))).toBeVisible({ timeout: 15_000 });
    await expect(qr).toBeHidden();
    // The application says so too, after a reload.
    await page.reload();
    // The badge beside "Visa processing:" (the history below says it too).
    await expect(page.getByText(words.paymentStates.paid, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: fill(words.pay.button, { amount }) })).toHaveCount(0);
  });
}
