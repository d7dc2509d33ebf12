/**
 * The visa form tells the truth (issue 23, docs/decisions/031): a wrong answer is said at its
 * field at once while the draft keeps it, the review lists what is missing before the submit
 * button (each a link to where it is mended), missing documents warn but never stop submitting,
 * and what staff record of the embassy (the receipt, the day lodged, the visa's validity) reaches
 * the applicant's page.
 */
import enVisa from '@aylal/locales/en/visaApplicationForm.json' with { type: 'json' };
import { formatDate } from '../shared/src/dates.ts';
import { BASE_URL, en, expect, fill, ok, signedInContext, signInAsAdmin, test, toast } from './fixtures.ts';
import { visaApplicationOf } from './support/visa.ts';

test.describe('the visa form tells the truth', () => {
  test('says wrong answers at their fields at once, lists what is missing before submit, and shows the applicant the validity staff record', async ({
    browser,
    page,
    createUser,
  }) => {
    test.setTimeout(150_000);
    const t = enVisa;
    const applicant = await createUser({ name: 'Saraa Truth' });
    const { context, page: mine } = await signedInContext(browser, applicant.email, applicant.password);
    // A draft with every required answer: the phone and birth are then mistyped on the form.
    const draft = await visaApplicationOf(mine.request, {
      firstName: 'Saraa',
      lastName: 'Truth',
      email: applicant.email,
    });

    // Wrong answers: said at the field as they are typed, before any submit, and kept in the draft.
    await mine.goto(`/visa/${draft.id}?section=personal`);
    const field = (name: string) => mine.getByRole('textbox', { name, exact: true });
    await field(t.fields.phone).fill('abc');
    await expect(field(t.fields.phone)).toHaveAttribute('aria-invalid', 'true');
    await expect(mine.getByText(t.validation.phoneInvalid, { exact: true })).toBeVisible();
    await field(t.fields.dateOfBirth).fill('2030-01-01');
    await expect(mine.getByText(t.validation.birthInFuture, { exact: true })).toBeVisible();
    await field(t.fields.latinFirstName).fill('Сараа');
    await expect(mine.getByText(t.validation.latinOnly, { exact: true })).toBeVisible();
    await field(t.fields.latinFirstName).blur();
    await expect(mine.getByText(new RegExp(t.editor.savedAt.split('{{time}}')[0]!))).toBeVisible();
    const kept = await ok<{ form: { phone: string; dateOfBirth: string } }>(
      await mine.request.get(`${BASE_URL}/api/visa-applications/${draft.id}`),
    );
    expect(kept.form).toMatchObject({ phone: 'abc', dateOfBirth: '2030-01-01' });

    // The review lists each problem and each missing document before the submit button.
    await mine.goto(`/visa/${draft.id}/review`);
    const problems = mine.getByRole('alert').filter({ hasText: fill(t.review.problemsLeft_other, { count: 3 }) });
    await expect(problems).toBeVisible();
    await expect(problems.getByRole('link', { name: t.fields.phone, exact: true })).toBeVisible();
    const documents = mine.getByRole('alert').filter({ hasText: fill(t.review.documentsMissing_other, { count: 3 }) });
    await expect(documents).toContainText(t.review.documentsMissingBody);
    for (const kind of ['passport', 'photo', 'bank-statement'] as const) {
      await expect(
        documents.getByRole('link', { name: `${t.documentKinds[kind]} · ${t.review.applicant}`, exact: true }),
      ).toBeVisible();
    }
    const submit = mine.getByRole('button', { name: t.review.submit, exact: true });
    // Listed above the button.
    const listBottom = (await documents.boundingBox())!;
    expect(listBottom.y).toBeLessThan((await submit.boundingBox())!.y);

    // A problem's link opens its field; mended, the way back leads to the review.
    await problems.getByRole('link', { name: t.fields.phone, exact: true }).click();
    await expect(mine).toHaveURL(/section=personal/);
    await expect(field(t.fields.phone)).toBeFocused();
    await field(t.fields.phone).fill('+976 9911 2233');
    await field(t.fields.dateOfBirth).fill('1990-05-01');
    await field(t.fields.latinFirstName).fill('SARAA');
    await expect(mine.getByText(t.validation.phoneInvalid, { exact: true })).toHaveCount(0);
    await mine.getByRole('button', { name: t.editor.backToReview, exact: true }).click();
    await expect(mine).toHaveURL(`${BASE_URL}/visa/${draft.id}/review`);
    await expect(mine.getByText(fill(t.review.problemsLeft_other, { count: 3 }))).toHaveCount(0);
    // A document's link opens the documents section.
    await documents.getByRole('link', { name: `${t.documentKinds.photo} · ${t.review.applicant}` }).click();
    await expect(mine.getByRole('heading', { level: 2, name: t.sections.documents, exact: true })).toBeVisible();
    await expect(mine.getByText(fill(t.documents.progress, { count: 0, total: 3 }))).toBeVisible();
    await mine.getByRole('button', { name: t.editor.backToReview, exact: true }).click();

    // Missing documents never stop submitting (decision 031).
    await mine.getByRole('checkbox', { name: t.consent.agree }).check();
    await mine.getByRole('button', { name: t.review.submit, exact: true }).click();
    await expect(mine.getByRole('alert').filter({ hasText: t.confirmation.title })).toBeVisible();

    // Staff record the embassy's receipt and lodging day, then the visa's validity.
    await signInAsAdmin(page);
    await page.goto(`/admin/visa/${draft.id}`);
    const detail = en.admin.visa.detail;
    await page.getByRole('button', { name: detail.actions['start-review'], exact: true }).click();
    await page
      .getByRole('dialog', { name: detail.confirm['start-review'].title })
      .getByRole('button', { name: detail.actions['start-review'], exact: true })
      .click();
    await expect(toast(page, detail.done['start-review'])).toBeVisible();
    await page.getByRole('button', { name: detail.actions.lodge, exact: true }).click();
    const lodge = page.getByRole('dialog', { name: detail.confirm.lodge.title });
    // The checklist's missing documents are weighed before lodging.
    await expect(lodge.getByText(fill(en.admin.visa.detail.missingDocuments_other, { count: 3 }))).toBeVisible();
    await lodge.getByRole('textbox', { name: t.embassy.receipt }).fill('JP-2027-118');
    await lodge.getByRole('textbox', { name: t.embassy.lodgedOn }).fill('2027-04-02');
    await lodge.getByRole('button', { name: detail.actions.lodge, exact: true }).dblclick();
    await expect(toast(page, detail.done.lodge)).toBeVisible();
    await expect(page.getByText('JP-2027-118')).toBeVisible();

    await page.getByRole('button', { name: detail.actions.approve, exact: true }).click();
    const approve = page.getByRole('dialog', { name: detail.confirm.approve.title });
    await approve.getByRole('textbox', { name: t.embassy.validFrom }).fill('2027-04-20');
    await approve.getByRole('textbox', { name: t.embassy.validTo }).fill('2027-04-10');
    await approve.getByRole('button', { name: detail.actions.approve, exact: true }).click();
    await expect(approve.getByText(t.validation.validToBeforeFrom)).toBeVisible();
    await approve.getByRole('textbox', { name: t.embassy.validTo }).fill('2027-07-19');
    await approve.getByRole('button', { name: detail.actions.approve, exact: true }).click();
    await expect(toast(page, detail.done.approve)).toBeVisible();

    // The applicant sees the validity, in their language's dates, and the lodging.
    await mine.goto(`/visa/${draft.id}`);
    const day = (value: string) => formatDate(`${value}T12:00:00`, 'en');
    await expect(
      mine.getByText(fill(t.embassy.validity, { from: day('2027-04-20'), to: day('2027-07-19') }), { exact: true }),
    ).toBeVisible();
    await expect(
      mine.getByText(fill(t.embassy.lodgedLine, { date: day('2027-04-02'), receipt: 'JP-2027-118' }), { exact: true }),
    ).toBeVisible();
    await context.close();
  });
});
