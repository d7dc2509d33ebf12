import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { changed, queryKeys } from '@aylal/shared/query-keys';
import { forget } from './forget.ts';

function cacheWith(keys: readonly (readonly unknown[])[]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { some: 'data' });
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
  return { client, stale };
}

describe('what an admin change forgets', () => {
  it("a trip's edit: that trip's public page and every trip list, not another trip's page nor the jobs", async () => {
    const { client, stale } = cacheWith([
      queryKeys.trips.detail('a'),
      queryKeys.trips.detail('b'),
      queryKeys.trips.list(''),
      queryKeys.trips.list('continent=asia'),
      queryKeys.admin.trips.list({ page: 1, pageSize: 20 }),
      queryKeys.admin.trips.detail('a'),
      queryKeys.jobs.detail('a'),
      queryKeys.jobs.list(''),
    ]);
    await forget(client, changed.trip('a'));
    expect(stale(queryKeys.trips.detail('a'))).toBe(true);
    expect(stale(queryKeys.trips.list(''))).toBe(true);
    expect(stale(queryKeys.trips.list('continent=asia'))).toBe(true);
    expect(stale(queryKeys.admin.trips.list({ page: 1, pageSize: 20 }))).toBe(true);
    expect(stale(queryKeys.admin.trips.detail('a'))).toBe(true);
    expect(stale(queryKeys.trips.detail('b'))).toBe(false);
    expect(stale(queryKeys.jobs.detail('a'))).toBe(false);
    expect(stale(queryKeys.jobs.list(''))).toBe(false);
  });

  it("a job's edit: that job's public page and every job list, not another job's page nor the trips", async () => {
    const { client, stale } = cacheWith([
      queryKeys.jobs.detail('a'),
      queryKeys.jobs.detail('b'),
      queryKeys.jobs.list('q=cook'),
      queryKeys.admin.jobs.list({ page: 1, pageSize: 20 }),
      queryKeys.trips.detail('a'),
    ]);
    await forget(client, changed.job('a'));
    expect(stale(queryKeys.jobs.detail('a'))).toBe(true);
    expect(stale(queryKeys.jobs.list('q=cook'))).toBe(true);
    expect(stale(queryKeys.admin.jobs.list({ page: 1, pageSize: 20 }))).toBe(true);
    expect(stale(queryKeys.jobs.detail('b'))).toBe(false);
    expect(stale(queryKeys.trips.detail('a'))).toBe(false);
  });

  it('new working hours: the open slots, not the traveller’s own consultations', async () => {
    const { client, stale } = cacheWith([queryKeys.consultations.slots, queryKeys.consultations.mine]);
    await forget(client, changed.workingHours());
    expect(stale(queryKeys.consultations.slots)).toBe(true);
    expect(stale(queryKeys.consultations.mine)).toBe(false);
  });
});
