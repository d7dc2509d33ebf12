import { readFile } from 'node:fs/promises';
import enCv from '@aylal/locales/en/cv.json' with { type: 'json' };
import enProfile from '@aylal/locales/en/profile.json' with { type: 'json' };
import mnProfile from '@aylal/locales/mn/profile.json' with { type: 'json' };
import { Api, BASE_URL, expect, signedInContext, test, toast, VERIFICATION_SUBJECT } from './fixtures.ts';
import { samplePdf } from './support/pdf.ts';
import { unzip } from '../server/test/zip.ts';

test.describe('profile and account', () => {
  test('a person fills in their profile in English, saves it, and finds it kept after a reload; their CV may start from it', async ({
    page,
  }) => {
    const api = new Api(page.request);
    const user = await api.signUp({ name: 'Test User' });
    await page.goto('/profile?lang=en');
    // No profile yet: a welcome that says what to do (not "Profile not found"), and the form,
    // prefilled from the account; the welcome's button takes the keyboard to the form.
    await expect(page.getByRole('heading', { name: enProfile.welcome.title })).toBeVisible();
    await expect(page.getByText('Profile not found')).toHaveCount(0);
    await page.getByRole('button', { name: enProfile.welcome.start }).click();
    await expect(page.getByLabel(enProfile.fields.fullName)).toBeFocused();
    await expect(page.getByLabel(enProfile.fields.fullName)).toHaveValue('Test User');
    await expect(page.getByRole('textbox', { name: enProfile.fields.email })).toHaveValue(user.email);

    await page.getByLabel(enProfile.fields.fullName).fill('Saraa Bold');
    await page.getByLabel(enProfile.fields.dateOfBirth).fill('1991-05-20');
    await page.getByLabel(enProfile.fields.nationality).fill('Mongolian');
    await page.getByLabel(enProfile.fields.phone, { exact: true }).fill('+976 9911 2233');
    await page.getByLabel(enProfile.fields.address).fill('Peace Avenue 1, Ulaanbaatar');
    await page.getByLabel(enProfile.fields.bio).fill('Guide and traveller.');
    await page.getByLabel(enProfile.fields.linkedin).fill('https://www.linkedin.com/in/saraa');
    await page.getByLabel(enProfile.fields.twitter).fill('https://x.com/saraa');
    await page.getByRole('checkbox', { name: 'Visa by Email' }).uncheck();
    await page.getByRole('switch', { name: enProfile.fields.emailNotifications }).uncheck({ force: true });
    await page.getByRole('button', { name: enProfile.save }).click();
    await expect(toast(page, enProfile.messages.saved)).toBeVisible();

    // The account follows: the session's name is the profile's.
    await expect.poll(async () => (await api.me())?.name).toBe('Saraa Bold');
    expect(await api.me()).toMatchObject({ hasProfile: true, phoneNumber: '+976 9911 2233' });

    await page.reload();
    await expect(page.getByLabel(enProfile.fields.fullName)).toHaveValue('Saraa Bold');
    await expect(page.getByLabel(enProfile.fields.dateOfBirth)).toHaveValue('1991-05-20');
    await expect(page.getByLabel(enProfile.fields.phone, { exact: true })).toHaveValue('+976 9911 2233');
    await expect(page.getByLabel(enProfile.fields.linkedin)).toHaveValue('https://www.linkedin.com/in/saraa');
    await expect(page.getByRole('switch', { name: enProfile.fields.emailNotifications })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Visa by Email' })).not.toBeChecked();
    // The email switch is off, so its column waits greyed out; push is off until turned on.
    await expect(page.getByRole('checkbox', { name: 'Visa by Email' })).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: 'Consultations by Push' })).toBeDisabled();
    await expect(page.getByRole('heading', { name: enProfile.welcome.title })).toHaveCount(0);
    // This browser is listed among the signed-in devices.
    await expect(page.getByText(enProfile.devices.thisDevice, { exact: true })).toBeVisible();

    // A new CV is offered the profile's details, and takes them only when asked.
    await page.goto('/cv');
    await expect(page.getByLabel(enCv.fields.address)).toHaveValue('');
    await page.getByRole('button', { name: enCv.fromProfile.use }).click();
    await expect(page.getByLabel(enCv.fields.address)).toHaveValue('Peace Avenue 1, Ulaanbaatar');
    await expect(page.getByLabel(enCv.fields.fullName)).toHaveValue('Saraa Bold');
  });

  test('a bad phone and a bad LinkedIn address are explained in Mongolian', async ({ page }) => {
    await new Api(page.request).signUp({ name: 'Бат Болд' });
    await page.goto('/profile?lang=mn');
    await page.getByLabel(mnProfile.fields.phone, { exact: true }).fill('99-11');
    await page.getByLabel(mnProfile.fields.linkedin).fill('https://github.com/bat');
    await page.getByRole('button', { name: mnProfile.save }).click();
    await expect(page.getByText(mnProfile.errors.phone)).toBeVisible();
    await expect(page.getByText(mnProfile.errors.linkedin)).toBeVisible();
    await expect(page.getByLabel(mnProfile.fields.phone, { exact: true })).toBeFocused();
    // Mended, the messages go and the profile saves.
    await page.getByLabel(mnProfile.fields.phone, { exact: true }).fill('+976 8811 2233');
    await page.getByLabel(mnProfile.fields.linkedin).fill('https://www.linkedin.com/in/bat');
    await expect(page.getByText(mnProfile.errors.phone)).toHaveCount(0);
    await page.getByRole('button', { name: mnProfile.save }).click();
    await expect(toast(page, mnProfile.messages.saved)).toBeVisible();
  });

  test('the account says whether its address is verified and sends the link again (decision 022)', async ({
    page,
    mail,
  }) => {
    const api = new Api(page.request);
    const user = await api.signUp({ name: 'Vida Verify' });
    await page.goto('/profile?lang=en');
    await expect(page.getByRole('heading', { name: enProfile.email.title })).toBeVisible();
    await expect(page.getByText(user.email, { exact: true })).toBeVisible();
    await expect(page.getByText(enProfile.email.notVerified, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: enProfile.email.resend }).click();
    await expect(page.getByRole('status')).toHaveText(enProfile.email.sent.replace('{{email}}', user.email));
    await expect.poll(async () => (await mail.messages(user.email)).length).toBe(2);

    const message = await mail.waitForMail(user.email, { subjectIncludes: VERIFICATION_SUBJECT });
    await page.goto(mail.extractLink(message.text));
    await page.goto('/profile?lang=en');
    await expect(page.getByText(enProfile.email.verified, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: enProfile.email.resend })).toHaveCount(0);
  });

  test('another signed-in device is signed out from the list', async ({ page, browser }) => {
    const api = new Api(page.request);
    const user = await api.signUp({ name: 'Dana Devices' });
    const phone = await signedInContext(browser, user.email, user.password, {
      userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/120.0 Mobile',
    });
    await page.goto('/profile?lang=en');
    const signOut = page.getByRole('button', { name: new RegExp(`^${enProfile.devices.signOutOf.split('{{')[0]}`) });
    await expect(signOut).toHaveCount(1);
    await signOut.click();
    await expect(toast(page, enProfile.devices.signedOut)).toBeVisible();
    await expect(signOut).toHaveCount(0);
    expect(await new Api(phone.page.request).me()).toBeNull();
    expect(await api.me()).toMatchObject({ email: user.email });
    await phone.context.close();
  });

  test('a person downloads everything held about them as one JSON file', async ({ page }) => {
    const user = await new Api(page.request).signUp({ name: 'Nomin Tsend' });
    await page.goto('/profile?lang=en');
    await page.getByLabel(enProfile.fields.bio).fill('Hello from the export.');
    await page.getByRole('button', { name: enProfile.save }).click();
    await expect(toast(page, enProfile.messages.saved)).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: enProfile.download.button }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^aylal-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(data.account).toMatchObject({ name: 'Nomin Tsend', email: user.email });
    expect(data.profile).toMatchObject({ bio: 'Hello from the export.' });
    expect(data).toHaveProperty('consultations');
    expect(data).toHaveProperty('jobApplications');
  });

  test('a person downloads their uploaded files with their data as one ZIP', async ({ page }) => {
    await new Api(page.request).signUp({ name: 'Zaya Bold' });
    const headers = { origin: BASE_URL };
    const draft = (await (await page.request.post('/api/visa-applications', { headers, data: {} })).json()) as {
      id: string;
    };
    const scan = samplePdf('Passport of Zaya Bold');
    const uploaded = await page.request.post(`/api/visa-applications/${draft.id}/documents`, {
      headers,
      multipart: { kind: 'passport', file: { name: 'zaya passport.pdf', mimeType: 'application/pdf', buffer: scan } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    // As stored (an upload is checked and may be cleaned on the way in): what the ZIP must carry.
    const { id: documentId } = (await uploaded.json()) as { id: string };
    const stored = await (await page.request.get(`/api/visa-applications/${draft.id}/documents/${documentId}`)).body();

    await page.goto('/profile?lang=en');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: enProfile.download.zipButton }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^aylal-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = await unzip(await readFile((await download.path())!));
    const data = JSON.parse(entries.get('my-data.json')!.toString('utf8'));
    expect(data.account).toMatchObject({ name: 'Zaya Bold' });
    expect(data.visaApplications).toHaveLength(1);
    const files = [...entries.entries()].filter(([name]) => name.startsWith('visa/'));
    expect(files).toHaveLength(1);
    expect(files[0]![0]).toMatch(/passport-zaya passport\.pdf$/);
    expect(files[0]![1].equals(stored)).toBe(true);
  });

  test('a person deletes their account after being told what happens to open cases', async ({ page }) => {
    const api = new Api(page.request);
    const user = await api.signUp({ name: 'Leaving User' });
    await page.goto('/profile?lang=en');
    await page.getByRole('button', { name: enProfile.delete.button }).click();
    const dialog = page.getByRole('dialog', { name: enProfile.delete.confirmTitle });
    await expect(dialog.getByText(enProfile.delete.consultations)).toBeVisible();
    await expect(dialog.getByText(enProfile.delete.applications)).toBeVisible();
    // Changing one's mind keeps everything.
    await dialog.getByRole('button', { name: enProfile.delete.cancel }).click();
    await expect(dialog).toBeHidden();
    expect(await api.me()).toMatchObject({ email: user.email });

    await page.getByRole('button', { name: enProfile.delete.button }).click();
    await dialog.getByRole('button', { name: enProfile.delete.confirm }).click();
    await expect(toast(page, enProfile.delete.deleted)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await api.me()).toBeNull();
    expect((await api.signInRaw(user.email, user.password)).ok()).toBe(false);
  });
});
