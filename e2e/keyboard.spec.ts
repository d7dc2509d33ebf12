/**
 * Keyboard alone (WCAG 2.1.1, 2.4.3, 2.4.7, 2.4.11): the login panel, the booking dialog, the visa
 * editor with a dependant and an upload, the inbox's reply and its bulk bar are reached, worked and
 * left with Tab, Shift+Tab, Enter, Space and Escape only. Focus is always visible, stays inside an
 * open dialog and comes back to what opened it when it closes.
 */
import enBooking from '@aylal/locales/en/consultationBooking.json' with { type: 'json' };
import enTripDetails from '@aylal/locales/en/tripDetails.json' with { type: 'json' };
import enVisa from '@aylal/locales/en/visaApplicationForm.json' with { type: 'json' };
import type { Locator, Page } from '@playwright/test';
import { accountMenuButton, en, expect, fill, loginPanel, signInAsAdmin, test, toast } from './fixtures.ts';
import { sendAllSignedOut } from './support/contact.ts';
import { samplePdf } from './support/pdf.ts';
import { visaApplicationOf } from './support/visa.ts';

/** Whether the element that has focus is the one a locator finds. */
function focused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement).catch(() => false);
}

/** Presses Tab (or Shift+Tab) until the target has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  for (let presses = 0; presses <= max; presses += 1) {
    if (await focused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`focus did not reach ${String(target)} in ${max} presses`);
}

/**
 * The focused element shows that it has focus: an outline or a ring where it is :focus-visible,
 * and a form field's border in another colour than without focus (Mantine's inputs).
 */
async function expectFocusVisible(page: Page): Promise<void> {
  const ring = await page.evaluate(async () => {
    const settle = () => new Promise((resolve) => setTimeout(resolve, 250));
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'nothing has focus';
    const style = getComputedStyle(element);
    if (['INPUT', 'SELECT', 'TEXTAREA'].includes(element.tagName)) {
      await settle();
      const focusedBorder = style.borderColor;
      element.blur();
      // Mantine's inputs change their border's colour over 100 ms.
      await settle();
      const restingBorder = getComputedStyle(element).borderColor;
      element.focus();
      await settle();
      if (focusedBorder !== restingBorder) return 'visible';
    }
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    if (!element.matches(':focus-visible')) return `${element.tagName} is not :focus-visible`;
    return outline || shadow ? 'visible' : `${element.tagName} draws no focus ring`;
  });
  expect(ring).toBe('visible');
}

/** Tab and Shift+Tab go round inside the dialog, never out of it. */
async function expectFocusTrapped(page: Page, dialog: Locator, presses = 20): Promise<void> {
  const inside = () => dialog.evaluate((element) => element.contains(document.activeElement));
  expect(await inside()).toBe(true);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press < presses; press += 1) {
      await page.keyboard.press(key);
      expect(await inside(), `${key} ×${press + 1} left the dialog`).toBe(true);
    }
  }
}

/** A signed-out visitor's general question, as the contact form sends it. */
const message = (title: string, email: string) =>
  ({ title, type: 'general', name: 'Enkh Bat', email, message: 'A question.' }) as const;

test.describe('by keyboard alone', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the login panel: reached from the header, trapped while open, left with Escape, then signed in', async ({
    page,
    createUser,
  }) => {
    const user = await createUser();
    await page.goto('/');
    // The first Tab offers the skip link, which is seen when it has focus.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: en.publicNav.skipToContent });
    expect(await focused(skip)).toBe(true);
    await expectFocusVisible(page);

    const login = page.getByRole('banner').getByRole('button', { name: en.publicNav.login, exact: true });
    await tabTo(page, login);
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    const panel = loginPanel(page);
    await expect(panel).toBeVisible();
    await expectFocusTrapped(page, panel);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect.poll(() => focused(login)).toBe(true);

    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    const email = panel.getByRole('textbox', { name: en.auth.email, exact: true });
    await tabTo(page, email);
    await page.keyboard.type(user.email);
    await tabTo(page, panel.getByRole('textbox', { name: en.auth.password, exact: true }));
    await expectFocusVisible(page);
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await expect(accountMenuButton(page)).toBeVisible();
    await expect(panel).toBeHidden();
  });

  test('the booking dialog: a day and a time chosen, the policy ticked and the booking sent by keyboard', async ({
    page,
    api,
  }) => {
    await api.signUp();
    const trips = (await (await page.request.get('/api/trips?pageSize=12')).json()) as { items: { id: string }[] };
    await page.goto(`/trips/${trips.items[5]!.id}`);
    const book = page.getByRole('button', { name: enTripDetails.booking.action }).first();
    await tabTo(page, book, { max: 80 });
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: enBooking.title });
    await expect(dialog).toBeVisible();
    await expectFocusTrapped(page, dialog);

    // A day from the fourth on, then a time, each with Space.
    const days = dialog.getByRole('list', { name: enBooking.days, exact: true }).getByRole('button');
    await expect(days.first()).toBeVisible();
    const day = days.nth(Math.min(3 + Math.floor(Math.random() * 5), (await days.count()) - 1));
    await tabTo(page, day, { max: 40 });
    await expectFocusVisible(page);
    await page.keyboard.press('Space');
    const times = dialog.getByRole('list', { name: enBooking.times, exact: true }).getByRole('button');
    await expect(times.first()).toBeVisible();
    const time = times.nth(Math.floor(Math.random() * (await times.count())));
    await tabTo(page, time, { max: 60 });
    await page.keyboard.press('Space');
    await expect(time).toHaveAttribute('aria-pressed', 'true');
    await tabTo(page, dialog.getByRole('checkbox', { name: enBooking.acknowledge }), { max: 60 });
    await expectFocusVisible(page);
    await page.keyboard.press('Space');
    await tabTo(page, dialog.getByRole('button', { name: enBooking.confirm }), { max: 20 });
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('status')).toContainText(enBooking.done.title);

    // Escape closes it, and focus is back where the person was.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect
      .poll(() => page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null))
      .toBe(true);
  });

  test('the visa editor: a dependant added, a document uploaded and a removal turned down, by keyboard', async ({
    page,
    api,
  }) => {
    test.setTimeout(90_000);
    const user = await api.signUp({ name: 'Oyun Bat' });
    const { id } = await visaApplicationOf(page.request, { firstName: 'Oyun', lastName: 'Bat', email: user.email });

    await page.goto(`/visa/${id}?section=dependants`);
    const add = page.getByRole('button', { name: enVisa.dependants.add });
    await tabTo(page, add, { max: 80 });
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    const adding = page.getByRole('group', { name: enVisa.dependants.addTitle });
    await tabTo(page, adding.getByRole('textbox', { name: enVisa.fields.firstName, exact: true }));
    await page.keyboard.type('Saraa');
    await tabTo(page, adding.getByRole('textbox', { name: enVisa.fields.lastName, exact: true }));
    await page.keyboard.type('Bat');
    await tabTo(page, adding.getByRole('combobox', { name: enVisa.fields.relationship }));
    await expectFocusVisible(page);
    await page.keyboard.type(enVisa.relationships.child);
    await tabTo(page, adding.getByRole('button', { name: enVisa.dependants.addConfirm, exact: true }));
    await page.keyboard.press('Enter');
    const dependants = page.getByRole('list', { name: enVisa.sections.dependants });
    await expect(dependants.getByText('Saraa Bat', { exact: true })).toBeVisible();

    // A removal asked for and turned down with Escape: focus returns to its button.
    const remove = page.getByRole('button', { name: fill(enVisa.dependants.removeNamed, { name: 'Saraa Bat' }) });
    await tabTo(page, remove, { back: true, max: 40 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: fill(enVisa.dependants.removeTitle, { name: 'Saraa Bat' }) });
    await expect(dialog).toBeVisible();
    await expectFocusTrapped(page, dialog, 8);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect.poll(() => focused(remove)).toBe(true);
    await expect(dependants.getByText('Saraa Bat', { exact: true })).toBeVisible();

    // The dependant's passport, chosen from the button with Enter.
    await page.goto(`/visa/${id}?section=documents`);
    const upload = page.getByRole('button', {
      name: fill(enVisa.documents.uploadNamed, { kind: enVisa.documentKinds.passport, name: 'Saraa Bat' }),
    });
    await tabTo(page, upload, { max: 80 });
    await expectFocusVisible(page);
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (
      await chooser
    ).setFiles({ name: 'saraa-passport.pdf', mimeType: 'application/pdf', buffer: samplePdf('Passport') });
    await expect(
      page.getByText(fill(enVisa.documents.uploaded, { kind: enVisa.documentKinds.passport, name: 'Saraa Bat' })),
    ).toBeVisible();
  });

  test('the inbox: a conversation opened, answered, and two messages resolved from the bulk bar', async ({
    page,
    playwright,
    uniqueEmail,
  }) => {
    test.setTimeout(90_000);
    const word = `Keys${Date.now()}`;
    const references = await sendAllSignedOut(playwright, [
      message(`${word} one`, uniqueEmail('keys')),
      message(`${word} two`, uniqueEmail('keys')),
    ]);
    await signInAsAdmin(page);
    await page.goto(`/admin/contact-us?q=${word}`);
    await expect(page.getByRole('row')).toHaveCount(3);

    const open = page
      .getByRole('row')
      .filter({ hasText: references[0]! })
      .getByRole('link', { name: references[0]!, exact: true });
    await tabTo(page, open, { max: 80 });
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: `${word} one` })).toBeVisible();
    const body = page.getByRole('textbox', { name: en.admin.contact.reply.label });
    await tabTo(page, body, { max: 80 });
    await expectFocusVisible(page);
    await page.keyboard.type('Thank you, we will call you tomorrow.');
    await tabTo(page, page.getByRole('button', { name: en.admin.contact.reply.send }), { max: 20 });
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await expect(toast(page, en.admin.contact.reply.sent)).toBeVisible();

    await page.goto(`/admin/contact-us?q=${word}`);
    const bulk = en.admin.contact.bulk;
    await tabTo(page, page.getByRole('checkbox', { name: bulk.selectAll }), { max: 80 });
    await expectFocusVisible(page);
    await page.keyboard.press('Space');
    await expect(page.getByText(fill(bulk.selected_other, { count: 2 }))).toBeVisible();
    const state = page.getByRole('combobox', { name: bulk.setState });
    await tabTo(page, state, { back: true, max: 30 });
    await expectFocusVisible(page);
    await page.keyboard.press('ArrowDown');
    const resolved = page.getByRole('option', { name: en.admin.contact.states.resolved });
    await expect(resolved).toBeVisible();
    for (let press = 0; press < 8 && (await resolved.getAttribute('data-combobox-selected')) === null; press += 1) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await expect(state).toHaveValue(en.admin.contact.states.resolved);
    await tabTo(page, page.getByRole('button', { name: bulk.apply }), { max: 10 });
    await page.keyboard.press('Enter');
    await expect(page.getByText(fill(bulk.done_other, { count: 2 }))).toBeVisible();
    for (const reference of references) {
      await expect(page.getByRole('row').filter({ hasText: reference })).toContainText(
        en.admin.contact.states.resolved,
      );
    }
  });
});
