/**
 * Screens (issue 23): the profile asks before unsaved changes are lost; a sent visa application and
 * a trip search on a phone take the reader (and the focus) to what changed; the tab names the page
 * however the reader got there; staff's application page follows the applicant live; the
 * dashboard's charts count in whole numbers on one grid.
 */
import enForms from '@aylal/locales/en/forms.json' with { type: 'json' };
import enProfile from '@aylal/locales/en/profile.json' with { type: 'json' };
import { Api, BASE_URL, en, expect, test } from './fixtures.ts';

test.describe('screens on a desktop', () => {
  test('the profile asks before a change not yet saved is left behind', async ({ page }) => {
    await new Api(page.request).signUp({ name: 'Leave Guard' });
    await page.goto('/profile?lang=en');
    const emails = page.getByRole('switch', { name: enProfile.fields.emailNotifications });
    const before = await emails.isChecked();
    await emails.setChecked(!before, { force: true });

    const trips = page.getByRole('banner').getByRole('link', { name: en.publicNav.trips, exact: true });
    await trips.click();
    const leave = page.getByRole('dialog', { name: enForms.leave.title });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: enForms.leave.stay }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(/\/profile(\?|$)/);
    await expect(emails).toBeChecked({ checked: !before });

    // Saved, the way out is free.
    await page.getByRole('button', { name: enProfile.save }).click();
    await expect(page.getByText(enProfile.messages.saved)).toBeVisible();
    await trips.click();
    await expect(page).toHaveURL(`${BASE_URL}/trips`);
    await expect(leave).toHaveCount(0);
  });
});
