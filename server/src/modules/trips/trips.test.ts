import { beforeAll, describe, expect, it } from 'vitest';
import type { TripDetail, TripInput, TripsResponse } from '@aylal/shared/schemas/trips';
import { ADMIN_EMAIL, errorOf, useAccounts, useTestApp } from '../../../test/helpers.ts';
import { tripInput } from '../../../test/trips.ts';
import { itIsStaffOnly } from '../../../test/staff-only.ts';

describe('trips', () => {
  const t = useTestApp();
  const accounts = useAccounts(t, { admin: ADMIN_EMAIL, user: 'traveller@example.com' });

  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, cookie = accounts.admin) =>
    t.send(method, url, { cookie, body });
  const create = async (overrides: Partial<TripInput> = {}) => {
    const response = await send('POST', '/api/admin/trips', tripInput(overrides));
    expect(response.statusCode).toBe(201);
    return response.json() as TripDetail;
  };
  const search = async (query: string) => {
    const response = await t.get(`/api/trips${query}`);
    expect(response.statusCode).toBe(200);
    return response.json() as TripsResponse;
  };
  const titles = (response: TripsResponse) => response.items.map((item) => item.title.en).sort();

  describe('the back office only for admins', () => {
    itIsStaffOnly(t, () => accounts.user, [
      ['GET', '/api/admin/trips'],
      ['POST', '/api/admin/trips'],
      ['GET', '/api/admin/trips/00000000-0000-0000-0000-000000000000'],
      ['PUT', '/api/admin/trips/00000000-0000-0000-0000-000000000000'],
      ['PATCH', '/api/admin/trips/00000000-0000-0000-0000-000000000000/status'],
      ['DELETE', '/api/admin/trips/00000000-0000-0000-0000-000000000000'],
    ]);
  });

  describe('a trip from draft to published to deleted', () => {
    it('a draft is not public; publishing shows it; deleting removes it', async () => {
      const draft = await create({ status: 'draft', title: { en: 'Secret Draft', mn: 'Ноорог' } });
      expect(draft).toMatchObject({ status: 'draft', fare: 1200, departureDates: ['2027-05-10', '2027-06-14'] });

      const hidden = await t.get(`/api/trips/${draft.id}`);
      expect(hidden.statusCode).toBe(404);
      expect(errorOf(hidden)).toMatchObject({ code: 'TRIP_NOT_FOUND', message: 'Trip not found' });
      expect(titles(await search('?destination=secret'))).toEqual([]);

      const published = await send('PATCH', `/api/admin/trips/${draft.id}/status`, { status: 'published' });
      expect(published.json()).toMatchObject({ status: 'published' });
      const shown = await t.get(`/api/trips/${draft.id}`);
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toMatchObject({ id: draft.id, title: { en: 'Secret Draft', mn: 'Ноорог' } });
      // The catalogue shows it at once, though it caches answers.
      expect(titles(await search('?destination=secret'))).toEqual(['Secret Draft']);

      expect((await send('DELETE', `/api/admin/trips/${draft.id}`)).statusCode).toBe(204);
      expect((await t.get(`/api/trips/${draft.id}`)).statusCode).toBe(404);
      expect((await send('DELETE', `/api/admin/trips/${draft.id}`)).statusCode).toBe(404);
      expect(titles(await search('?destination=secret'))).toEqual([]);
    });

    it('says Trip not found, in Mongolian too, for a mistyped id', async () => {
      const response = await t.get('/api/trips/not-a-uuid', { headers: { 'accept-language': 'mn' } });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'TRIP_NOT_FOUND', message: 'Аялал олдсонгүй' });
    });

    it('an edit replaces every field, reorders stops and dates', async () => {
      const trip = await create({ title: { en: 'Editable', mn: 'Засах' } });
      const changed = tripInput({
        title: { en: 'Edited', mn: 'Засварласан' },
        stops: [...tripInput().stops].reverse(),
        departureDates: ['2027-09-01'],
        fare: 0,
        status: 'draft',
      });
      const response = await send('PUT', `/api/admin/trips/${trip.id}`, changed);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        title: { en: 'Edited', mn: 'Засварласан' },
        stops: changed.stops,
        departureDates: ['2027-09-01'],
        fare: 0,
        status: 'draft',
      });
    });

    it('refuses bad input with field details and changes nothing', async () => {
      const before = (await t.get('/api/admin/trips?pageSize=100', { cookie: accounts.admin })).json().total as number;
      const response = await send('POST', '/api/admin/trips', {
        ...tripInput(),
        type: 'solo',
        fare: -5,
        tags: ['nature', 'not-a-tag'],
        departureDates: ['2027-02-30x'],
        stops: [{ place: { en: '', mn: '' }, transport: 'rocket' }],
      });
      expect(response.statusCode).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('VALIDATION_FAILED');
      const paths = (error.details as { path: string }[]).map((detail) => detail.path);
      expect(paths).toEqual(expect.arrayContaining(['body.type', 'body.fare']));
      expect((await t.get('/api/admin/trips?pageSize=100', { cookie: accounts.admin })).json().total).toBe(before);

      const unknown = await send('PUT', '/api/admin/trips/00000000-0000-0000-0000-000000000000', tripInput());
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('GET /api/trips', () => {
    beforeAll(async () => {
      await create({
        title: { en: 'Seoul Lights', mn: 'Сөүлийн гэрэл' },
        continent: 'asia',
        country: { en: 'South Korea', mn: 'Улс' },
        destination: { en: 'Seoul', mn: 'Газар' },
        type: 'couple',
        tags: ['city', 'food'],
        fare: 900,
        capacity: 2,
        departureDates: ['2027-04-03'],
      });
      await create({
        title: { en: 'Alps by Train', mn: 'Альпийн галт тэрэг' },
        continent: 'europe',
        country: { en: 'Switzerland', mn: 'Улс' },
        destination: { en: 'Swiss Alps', mn: 'Газар' },
        type: 'group',
        tags: ['mountains', 'nature'],
        fare: 3900,
        capacity: 16,
        departureDates: ['2027-07-01', '2027-08-15'],
      });
      await create({
        title: { en: 'Khövsgöl Ice', mn: 'Хөвсгөлийн мөс' },
        destination: { en: 'Lake Khövsgöl', mn: 'Газар' },
        type: 'single',
        tags: ['winter', 'lakes', 'nature'],
        fare: 0,
        capacity: 1,
        departureDates: ['2027-03-02'],
      });
    });

    it('filters by continent, type, tags (all of them) and destination, in either language', async () => {
      expect(titles(await search('?continent=europe'))).toEqual(['Alps by Train']);
      expect(titles(await search('?type=couple'))).toEqual(['Seoul Lights']);
      expect(titles(await search('?tags=nature,lakes'))).toEqual(['Khövsgöl Ice']);
      expect(titles(await search('?tags=nature&tags=mountains'))).toEqual(['Alps by Train']);
      expect(titles(await search('?destination=SEOUL'))).toEqual(['Seoul Lights']);
      expect(titles(await search(`?destination=${encodeURIComponent('Хөвсгөл')}`))).toEqual(['Khövsgöl Ice']);
      expect(titles(await search(`?destination=${encodeURIComponent('100%')}`))).toEqual([]);
      // A character PostgreSQL cannot hold is the caller's bad input, not a server error.
      const nul = await t.get('/api/trips?destination=%00');
      expect(nul.statusCode).toBe(400);
      expect(errorOf(nul).code).toBe('BAD_REQUEST');
      // Left empty, as a form sends them: not given.
      expect(titles(await search('?continent=&destination=&tags=&type=couple&page='))).toEqual(['Seoul Lights']);
    });

    it('filters by departure dates, guests and price range', async () => {
      expect(titles(await search('?from=2027-07-01&to=2027-07-31'))).toEqual(['Alps by Train']);
      expect(titles(await search('?from=2027-03-01&to=2027-04-05'))).toEqual(['Khövsgöl Ice', 'Seoul Lights']);
      expect(titles(await search('?guests=3&continent=europe'))).toEqual(['Alps by Train']);
      expect(titles(await search('?guests=2&type=couple'))).toEqual(['Seoul Lights']);
      expect(titles(await search('?guests=3&type=couple'))).toEqual([]);
      expect(titles(await search('?minPrice=800&maxPrice=1000'))).toEqual(['Seoul Lights']);
      expect(titles(await search('?maxPrice=0'))).toEqual(['Khövsgöl Ice']);
    });

    it('answers each item with id, title, type, fare in USD and cover, and a total for paging', async () => {
      const all = await search('?pageSize=2');
      expect(all.items).toHaveLength(2);
      expect(all.total).toBe(3);
      expect(all.items[0]).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          title: expect.objectContaining({ en: expect.any(String) }),
          type: expect.any(String),
          fare: expect.any(Number),
          cover: null,
        }),
      );
      const second = await search('?pageSize=2&page=2');
      expect(second.items.map((item) => item.id)).not.toEqual(all.items.map((item) => item.id));
      expect(second.total).toBe(all.total);
    });

    it.each([
      '?continent=mars',
      '?type=solo',
      '?tags=unknown',
      '?from=2027-13-01',
      '?from=0000-01-01',
      '?from=2027-05-01&to=2027-04-01',
      '?minPrice=500&maxPrice=100',
      '?guests=0',
      '?page=0',
      '?pageSize=51',
      '?minPrice=abc',
    ])('answers 400 VALIDATION_FAILED to %s', async (query) => {
      const response = await t.get(`/api/trips${query}`);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    });
  });

  describe('GET /api/admin/trips', () => {
    it('lists drafts too, searches, filters by status and sorts', async () => {
      await create({ status: 'draft', title: { en: 'Zebra Draft', mn: 'Ноорог 2' }, fare: 50 });
      const drafts = (await t.get('/api/admin/trips?status=draft', { cookie: accounts.admin })).json();
      expect(drafts.items.map((item: { title: { en: string } }) => item.title.en)).toContain('Zebra Draft');
      expect(drafts.items.every((item: { status: string }) => item.status === 'draft')).toBe(true);

      const cheapest = (await t.get('/api/admin/trips?sort=fare-asc&pageSize=1', { cookie: accounts.admin })).json();
      expect(cheapest.items[0].fare).toBe(0);
      const dearest = (await t.get('/api/admin/trips?sort=fare-desc&pageSize=1', { cookie: accounts.admin })).json();
      expect(dearest.items[0].fare).toBe(3900);
      const found = (await t.get('/api/admin/trips?q=zebra', { cookie: accounts.admin })).json();
      expect(found.total).toBe(1);
      expect((await t.get('/api/admin/trips?sort=random', { cookie: accounts.admin })).statusCode).toBe(400);
    });
  });
});
