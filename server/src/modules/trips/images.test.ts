import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TripDetail, TripImage, TripsResponse } from '@aylal/shared/schemas/trips';
import { ADMIN_EMAIL, errorOf, multipart, ORIGIN, useAccounts, useTestApp } from '../../../test/helpers.ts';
import { DEMO_TRIPS } from '../../db/seeds/demo-data.ts';

const photo = (width: number, height: number, color = '#0b5a8f') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

describe('trip pictures', () => {
  const t = useTestApp();
  const accounts = useAccounts(t, { admin: ADMIN_EMAIL });
  let trip: TripDetail;
  const upload = (body: ReturnType<typeof multipart>, cookie = accounts.admin, id = trip.id) =>
    t.send('POST', `/api/admin/trips/${id}/images`, { cookie, raw: body });

  beforeAll(async () => {
    const created = await t.send('POST', '/api/admin/trips', { cookie: accounts.admin, body: DEMO_TRIPS[0] });
    trip = created.json() as TripDetail;
  });

  it('stores a photo as WebP at three widths under a generated name, and the catalogue shows it', async () => {
    const response = await upload(
      multipart(
        { altEn: 'Dunes at sunset', altMn: 'Нар жаргах үеийн манхан' },
        { name: '../../evil.jpg', type: 'image/jpeg', data: await photo(2400, 1600) },
      ),
    );
    expect(response.statusCode).toBe(201);
    const image = response.json() as TripImage;
    expect(image).toMatchObject({
      width: 1600,
      height: 1067,
      alt: { en: 'Dunes at sunset', mn: 'Нар жаргах үеийн манхан' },
    });
    expect(image.url).toMatch(new RegExp(`^/uploads/trips/${trip.id}/[0-9a-f-]{36}$`));
    for (const [width, height] of [
      [480, 320],
      [960, 640],
      [1600, 1067],
    ] as const) {
      const file = await t.get(`${image.url}-${width}.webp`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
    }
    const list = (await t.get('/api/trips')).json() as TripsResponse;
    expect(list.items.find((item) => item.id === trip.id)?.cover?.url).toBe(image.url);
  });

  it('keeps nothing of the file name it was sent, so no bidi control reaches a page', async () => {
    const response = await upload(
      multipart(
        { altEn: 'Lake', altMn: 'Нуур' },
        { name: 'invoice\u202efdp.exe', type: 'image/jpeg', data: await photo(600, 400) },
      ),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.body).not.toMatch(/fdp|invoice|\u202e/);
    const detail = await t.get(`/api/admin/trips/${trip.id}`, { cookie: accounts.admin });
    expect(detail.body).not.toMatch(/fdp|invoice|\u202e/);
  });

  it('takes a full-size phone photo of several megabytes', async () => {
    const noise = Buffer.alloc(1500 * 1200 * 3);
    for (let index = 0; index < noise.length; index++) noise[index] = (index * 2654435761) >>> 24;
    const data = await sharp(noise, { raw: { width: 1500, height: 1200, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(data.length).toBeGreaterThan(4 * 1024 * 1024);
    const response = await upload(multipart({}, { name: 'IMG_0001.png', type: 'image/png', data }));
    expect(response.statusCode).toBe(201);
  });

  it('never enlarges a small picture', async () => {
    const image = (
      await upload(multipart({}, { name: 'small.png', type: 'image/png', data: await photo(600, 400) }))
    ).json() as TripImage;
    expect(image.width).toBe(600);
    const variant = await t.get(`${image.url}-1600.webp`);
    expect((await sharp(variant.rawPayload).metadata()).width).toBe(600);
  });

  it('judges by content: a text file called .jpg is refused and nothing is kept', async () => {
    const before = ((await t.get(`/api/admin/trips/${trip.id}`, { cookie: accounts.admin })).json() as TripDetail)
      .images.length;
    const response = await upload(
      multipart({}, { name: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('not really a picture') }),
    );
    expect(response.statusCode).toBe(415);
    expect(errorOf(response).code).toBe('UNSUPPORTED_IMAGE');
    const after = ((await t.get(`/api/admin/trips/${trip.id}`, { cookie: accounts.admin })).json() as TripDetail).images
      .length;
    expect(after).toBe(before);
  });

  it('refuses a file over 15 MB with 413, and a request without a file with 400', async () => {
    const huge = await upload(
      multipart({}, { name: 'big.jpg', type: 'image/jpeg', data: Buffer.alloc(16 * 1024 * 1024, 1) }),
    );
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).code).toBe('PAYLOAD_TOO_LARGE');
    const empty = await upload(multipart({ altEn: 'nothing' }));
    expect(empty.statusCode).toBe(400);
  });

  it('orders the pictures as told, and refuses an incomplete order', async () => {
    const images = ((await t.get(`/api/admin/trips/${trip.id}`, { cookie: accounts.admin })).json() as TripDetail)
      .images;
    const reversed = images.map((image) => image.id).reverse();
    const send = (ids: string[]) =>
      t.send('PUT', `/api/admin/trips/${trip.id}/images/order`, { cookie: accounts.admin, body: { ids } });
    const ordered = await send(reversed);
    expect(ordered.statusCode).toBe(200);
    expect((ordered.json() as TripImage[]).map((image) => image.id)).toEqual(reversed);
    expect((await send(reversed.slice(1))).statusCode).toBe(400);
  });

  it("changes a picture's description in both languages, and refuses one too long", async () => {
    const [image] = ((await t.get(`/api/admin/trips/${trip.id}`, { cookie: accounts.admin })).json() as TripDetail)
      .images;
    const send = (alt: unknown, imageId = image!.id) =>
      t.send('PATCH', `/api/admin/trips/${trip.id}/images/${imageId}`, { cookie: accounts.admin, body: { alt } });
    const changed = await send({ en: ' Camels at dusk ', mn: 'Үдшийн тэмээ' });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as TripImage).alt).toEqual({ en: 'Camels at dusk', mn: 'Үдшийн тэмээ' });
    const images = ((await t.get(`/api/admin/trips/${trip.id}`, { cookie: accounts.admin })).json() as TripDetail)
      .images;
    expect(images.find((one) => one.id === image!.id)!.alt.en).toBe('Camels at dusk');
    expect((await send({ en: 'x'.repeat(301), mn: '' })).statusCode).toBe(400);
    expect((await send({ en: '', mn: '' }, '00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
    // A trip id that is no id at all is no trip, for every picture route.
    const fake = '00000000-0000-0000-0000-000000000000';
    for (const [method, url, payload] of [
      ['PATCH', `/api/admin/trips/x/images/${fake}`, { alt: { en: '', mn: '' } }],
      ['PUT', '/api/admin/trips/x/images/order', { ids: [] }],
      ['DELETE', `/api/admin/trips/x/images/${fake}`, undefined],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { cookie: accounts.admin, origin: ORIGIN, ...(payload ? { 'content-type': 'application/json' } : {}) },
        ...(payload ? { payload: JSON.stringify(payload) } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(errorOf(response).code).toBe('TRIP_NOT_FOUND');
    }
  });

  it('deletes a picture with its files', async () => {
    const [image] = ((await t.get(`/api/admin/trips/${trip.id}`, { cookie: accounts.admin })).json() as TripDetail)
      .images;
    const url = `/api/admin/trips/${trip.id}/images/${image!.id}`;
    const remove = () => t.app.inject({ method: 'DELETE', url, headers: { cookie: accounts.admin, origin: ORIGIN } });
    expect((await remove()).statusCode).toBe(204);
    expect(
      existsSync(path.join(t.config.DATA_DIR, 'uploads', `${image!.url.slice('/uploads/'.length)}-480.webp`)),
    ).toBe(false);
    expect((await t.get(`${image!.url}-480.webp`)).statusCode).toBe(404);
    expect((await remove()).statusCode).toBe(404);
  });

  it("deletes a trip's pictures' files with the trip", async () => {
    const created = await t.send('POST', '/api/admin/trips', { cookie: accounts.admin, body: DEMO_TRIPS[1] });
    const doomed = created.json() as TripDetail;
    const added = await upload(
      multipart({}, { name: 'a.jpg', type: 'image/jpeg', data: await photo(1200, 800) }),
      accounts.admin,
      doomed.id,
    );
    expect(added.statusCode).toBe(201);
    const { url } = added.json() as TripImage;
    const file = (width: number) =>
      path.join(t.config.DATA_DIR, 'uploads', `${url.slice('/uploads/'.length)}-${width}.webp`);
    expect(existsSync(file(480))).toBe(true);
    expect((await t.send('DELETE', `/api/admin/trips/${doomed.id}`, { cookie: accounts.admin })).statusCode).toBe(204);
    for (const width of [480, 960, 1600]) expect(existsSync(file(width)), `${width}`).toBe(false);
  });

  it('is for admins only, and /uploads serves nothing outside its files', async () => {
    const user = await t.signUp('visitor@example.com');
    const body = multipart({}, { name: 'a.jpg', type: 'image/jpeg', data: await photo(100, 100) });
    expect((await upload(body, user)).statusCode).toBe(403);
    for (const url of [
      '/uploads/../secrets/auth-secret',
      '/uploads/%2e%2e/secrets/auth-secret',
      '/uploads/trips/x.txt',
    ]) {
      expect((await t.get(url)).statusCode).toBe(404);
    }
  });
});
