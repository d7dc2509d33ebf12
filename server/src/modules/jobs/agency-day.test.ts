import { beforeAll, describe, expect, it } from 'vitest';
import { dateInZone } from '@aylal/shared/consultation-rules';
import type { AdminJobsResponse, JobDetail, JobsResponse, PublicJobDetail } from '@aylal/shared/schemas/jobs';
import { ADMIN_EMAIL, expectError, useAccounts, useTestApp } from '../../../test/helpers.ts';
import { jobInput } from '../../../test/jobs.ts';

// Two zones a whole calendar day apart at every moment (UTC−11 and UTC+14): a job whose deadline is
// today in Pago Pago has always passed in Kiritimati.
const BEHIND = 'Pacific/Pago_Pago';
const AHEAD = 'Pacific/Kiritimati';

describe("a job's last day is the agency's, in the zone Settings hold", () => {
  const t = useTestApp();
  const accounts = useAccounts(t, { admin: ADMIN_EMAIL, seeker: 'seeker@example.com' });
  let job: JobDetail;

  const setZone = async (timeZone: string) => {
    const hours = (await t.get('/api/admin/settings/consultation-hours', { cookie: accounts.admin })).json();
    const saved = await t.send('PUT', '/api/admin/settings/consultation-hours', {
      cookie: accounts.admin,
      body: { ...hours, timeZone },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  /** What a visitor, staff and the sitemap say of the job now. */
  const seen = async () => {
    const page = (await t.get(`/api/jobs/${job.id}`)).json() as PublicJobDetail;
    const list = (await t.get('/api/jobs')).json() as JobsResponse;
    const staff = (await t.get('/api/admin/jobs?open=1', { cookie: accounts.admin })).json() as AdminJobsResponse;
    const sitemap = (await t.app.inject('/sitemap.xml')).body;
    return {
      page: page.takingApplications,
      list: list.items.some((item) => item.id === job.id),
      staff: staff.items.some((item) => item.id === job.id),
      sitemap: sitemap.includes(`/jobs/${job.id}`),
    };
  };

  beforeAll(async () => {
    await setZone(BEHIND);
    const created = await t.send('POST', '/api/admin/jobs', {
      cookie: accounts.admin,
      body: jobInput({ status: 'published', deadline: dateInZone(new Date(), BEHIND) }),
    });
    expect(created.statusCode, created.body).toBe(201);
    job = created.json();
  });

  it('follows a change of zone in Settings at once: the page, the lists, the sitemap and applying', async () => {
    expect(await seen()).toEqual({ page: true, list: true, staff: true, sitemap: true });
    // Open there today: applying gets as far as asking for a CV.
    await expectError(
      await t.send('POST', `/api/jobs/${job.id}/applications`, { cookie: accounts.seeker }),
      409,
      'CV_REQUIRED',
    );

    await setZone(AHEAD);
    expect(await seen()).toEqual({ page: false, list: false, staff: false, sitemap: false });
    await expectError(
      await t.send('POST', `/api/jobs/${job.id}/applications`, { cookie: accounts.seeker }),
      409,
      'JOB_CLOSED',
    );

    await setZone(BEHIND);
    expect(await seen()).toEqual({ page: true, list: true, staff: true, sitemap: true });
  });

  it('forgets the zone it kept when another process changes Settings (the triggers tell every process)', async () => {
    expect((await seen()).page).toBe(true);
    // As another process would: straight in the database, past this app's routes.
    await t.db.execute(`update consultation_hours set time_zone = '${AHEAD}'`);
    await expect.poll(async () => (await seen()).page, { timeout: 10_000 }).toBe(false);
    await t.db.execute(`update consultation_hours set time_zone = '${BEHIND}'`);
    await expect.poll(async () => (await seen()).page, { timeout: 10_000 }).toBe(true);
  });
});
