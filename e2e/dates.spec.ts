import enForms from '@aylal/locales/en/forms.json' with { type: 'json' };
import enProfile from '@aylal/locales/en/profile.json' with { type: 'json' };
import mnForms from '@aylal/locales/mn/forms.json' with { type: 'json' };
import mnProfile from '@aylal/locales/mn/profile.json' with { type: 'json' };
import mnTrips from '@aylal/locales/mn/tripsList.json' with { type: 'json' };
import { DEMO_TRIPS } from '../server/src/db/seeds/demo-data.ts';
import { formatDate, formatDayLong } from '../shared/src/dates.ts';
import { latestBirthDate } from '../shared/src/schemas/profile.ts';
import { Api, expect, fill, test, toast } from './fixtures.ts';

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

// The trip filters' light variant of the field: the same typing and words, drawn without Mantine
// until its calendar is opened (decisions 006 and 029).
test.describe('the trip filters’ dates @phone-only', () => {
  test('in Mongolian on a phone: typed or picked from a Mongolian calendar, refused in Mongolian', async ({ page }) => {
    await page.goto('/trips?lang=mn');
    await page.getByText(mnTrips.showFilters, { exact: true }).click();
    const from = page.getByRole('textbox', { name: mnTrips.from, exact: true });
    const to = page.getByRole('textbox', { name: mnTrips.to, exact: true });
    // The forms' hint, in the page's language.
    await expect(from).toHaveAttribute('placeholder', mnForms.date.hint);
    await expect(to).toHaveAttribute('placeholder', mnForms.date.hint);

    // Typed in another usual way, the day is shown as the URL keeps it.
    await from.fill('2027.3.1');
    await from.blur();
    await expect(from).toHaveValue('2027-03-01');

    // What is not a day is said once the field is left; an end before the start at once.
    await to.fill('2027-02-30');
    await to.press('Tab');
    const today = new Date().toISOString().slice(0, 10);
    const example = today < '2027-03-01' ? '2027-03-01' : today;
    await expect(to).toHaveAccessibleDescription(fill(mnTrips.invalid.date, { example }));
    await to.fill('2027-02-01');
    await expect(to).toHaveAccessibleDescription(mnTrips.invalid.toBeforeFrom);
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: mnTrips.search, exact: true }).click();
    await expect(to).toBeFocused();
    await expect(page).not.toHaveURL(/[?&]from=/);

    // The calendar: opened from the keyboard, Mongolian names, starting on the first day allowed.
    await to.fill('');
    const open = page.getByRole('button', { name: mnTrips.date.open, exact: true }).nth(1);
    await open.focus();
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog', { name: fill(mnTrips.date.calendar, { label: mnTrips.to }) });
    await expect(calendar).toBeVisible();
    await expect(calendar.getByRole('button', { name: '2027 оны 3-р сар', exact: true })).toBeVisible();
    await expect(calendar.getByText('Да', { exact: true })).toBeVisible();
    await expect(calendar.getByRole('button', { name: formatDayLong('2027-03-01', 'mn', 'UTC') })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(calendar.getByRole('button', { name: formatDayLong('2027-03-08', 'mn', 'UTC') })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(calendar).toBeHidden();
    await expect(to).toHaveValue('2027-03-08');
    await expect(to).not.toHaveAttribute('aria-invalid', 'true');
    await expect(open).toBeFocused();
    // Escape closes it and gives the focus back.
    await page.keyboard.press('Enter');
    await expect(calendar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
    await expect(open).toBeFocused();

    // The search: the days in the URL as before, the trips leaving between them.
    await page.getByRole('button', { name: mnTrips.search, exact: true }).click();
    await expect(page).toHaveURL(/[?&]from=2027-03-01&to=2027-03-08(&|$)/);
    const leaving = DEMO_TRIPS.filter((trip) =>
      trip.departureDates.some((day) => day >= '2027-03-01' && day <= '2027-03-08'),
    );
    const titles = page.getByRole('article').getByRole('heading', { level: 2 });
    await expect(titles).toHaveCount(leaving.length);
    expect((await titles.allTextContents()).sort()).toEqual(leaving.map((trip) => trip.title.mn).sort());
  });
});
