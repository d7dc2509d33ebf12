import { beforeAll, describe, expect, it } from 'vitest';
import { TRIPS_TOTAL_CAP, type TripsResponse } from '@aylal/shared/schemas/trips';
import { useTestApp } from '../../../test/helpers.ts';
import { syntheticTrips } from '../../db/seeds/synthetic-trips.ts';
import { insertTrips } from './service.ts';

describe('GET /api/trips over a large catalogue', () => {
  const t = useTestApp();
  beforeAll(async () => {
    await insertTrips(t.db, syntheticTrips(TRIPS_TOTAL_CAP + 20));
  });

  it('counts matches up to the cap and says when there are more', async () => {
    const all = (await t.get('/api/trips?pageSize=5')).json() as TripsResponse;
    expect(all).toMatchObject({ total: TRIPS_TOTAL_CAP, totalCapped: true });
    expect(all.items).toHaveLength(5);

    const few = (await t.get('/api/trips?destination=gobi&type=single&maxPrice=800')).json() as TripsResponse;
    expect(few.totalCapped).toBe(false);
    expect(few.total).toBeLessThan(TRIPS_TOTAL_CAP);
    expect(few.items.length).toBe(Math.min(few.total, 12));
    for (const item of few.items) {
      expect(item).toMatchObject({ destination: { en: 'Gobi Desert', mn: 'Говь' }, type: 'single' });
      expect(item.fare).toBeLessThanOrEqual(800);
    }
  });

  it('pages past the first thousand', async () => {
    const page = (await t.get('/api/trips?pageSize=50&page=21')).json() as TripsResponse;
    expect(page.items).toHaveLength(20);
  });
});
