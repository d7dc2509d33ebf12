import enForms from '@aylal/locales/en/forms.json' with { type: 'json' };
import enProfile from '@aylal/locales/en/profile.json' with { type: 'json' };
import mnForms from '@aylal/locales/mn/forms.json' with { type: 'json' };
import mnProfile from '@aylal/locales/mn/profile.json' with { type: 'json' };
import { formatDate, formatDayLong } from '../shared/src/dates.ts';
import { latestBirthDate } from '../shared/src/schemas/profile.ts';
import { Api, expect, test, toast } from './fixtures.ts';

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

// Decision 029: a date field follows the page's language, not the browser's (en-US here).
test.describe('date fields', () => {
  test('in Mongolian: the hint, the limits and the calendar are Mongolian, and the keyboard does it all', async ({
    page,
  }) => {
    await new Api(page.request).signUp({ name: 'Огноо Шалгагч' });
    await page.goto('/profile?lang=mn');
    const field = page.getByRole('textbox', { name: mnProfile.fields.dateOfBirth, exact: true });
    await expect(field).toHaveAttribute('placeholder', mnForms.date.hint);

    // A day after the latest allowed one is refused at once, in Mongolian, on the field itself.
    await field.fill('2099-01-01');
    const tooLate = fill(mnForms.date.tooLate, { date: formatDate(latestBirthDate(), 'mn', { timeZone: 'UTC' }) });
    await expect(field).toHaveAccessibleDescription(tooLate);
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    // What is not a day is said once the field is left.
    await field.fill('1991-02-30');
    await field.press('Tab');
    await expect(field).toHaveAccessibleDescription(fill(mnForms.date.format, { example: latestBirthDate() }));

    // Typed in another usual way, the day is kept as the API keeps it.
    await field.fill('1991.5.20');
    await field.blur();
    await expect(field).toHaveValue('1991-05-20');
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');

    // The calendar: opened from the keyboard, in Mongolian, starting on the chosen day.
    const open = page.getByRole('button', { name: mnForms.date.open, exact: true }).first();
    await open.focus();
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog', {
      name: fill(mnForms.date.calendar, { label: mnProfile.fields.dateOfBirth }),
    });
    await expect(calendar).toBeVisible();
    await expect(calendar.getByRole('button', { name: '1991 оны 5-р сар', exact: true })).toBeVisible();
    await expect(calendar.getByText('Да', { exact: true })).toBeVisible();
    await expect(calendar.getByRole('button', { name: formatDayLong('1991-05-20', 'mn', 'UTC') })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(calendar.getByRole('button', { name: formatDayLong('1991-05-27', 'mn', 'UTC') })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(calendar).toBeHidden();
    await expect(field).toHaveValue('1991-05-27');
    await expect(open).toBeFocused();

    // The months of the year, by their Mongolian names; Escape closes and gives the focus back.
    await page.keyboard.press('Enter');
    await calendar.getByRole('button', { name: '1991 оны 5-р сар', exact: true }).click();
    await expect(calendar.getByRole('button', { name: '11-р сар', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
    await expect(open).toBeFocused();

    await page.getByRole('button', { name: mnProfile.save }).click();
    await expect(toast(page, mnProfile.messages.saved)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: mnProfile.fields.dateOfBirth, exact: true })).toHaveValue(
      '1991-05-27',
    );
  });

  test('in English: English names and messages, on the same field', async ({ page }) => {
    await new Api(page.request).signUp({ name: 'Date Tester' });
    await page.goto('/profile?lang=en');
    const field = page.getByRole('textbox', { name: enProfile.fields.dateOfBirth, exact: true });
    await expect(field).toHaveAttribute('placeholder', enForms.date.hint);
    await field.fill('1899-12-31');
    await expect(field).toHaveAccessibleDescription(
      fill(enForms.date.tooEarly, { date: formatDate('1900-01-01', 'en', { timeZone: 'UTC' }) }),
    );
    await field.fill('2001-03-04');
    await page.getByRole('button', { name: enForms.date.open, exact: true }).first().click();
    const calendar = page.getByRole('dialog', {
      name: fill(enForms.date.calendar, { label: enProfile.fields.dateOfBirth }),
    });
    await expect(calendar.getByRole('button', { name: 'Mar 2001', exact: true })).toBeVisible();
    await expect(calendar.getByText('Mon', { exact: true })).toBeVisible();
    await calendar.getByRole('button', { name: formatDayLong('2001-03-09', 'en', 'UTC') }).click();
    await expect(field).toHaveValue('2001-03-09');
  });
});
