import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, AdminUsersResponse } from '@aylal/shared/schemas/admin-users';
import { ADMIN_EMAIL, errorOf, useAccounts, useTestApp } from '../../../test/helpers.ts';

describe('/api/admin/users', () => {
  const t = useTestApp();
  const accounts = useAccounts(t, {
    adminCookie: { email: ADMIN_EMAIL, name: 'The Admin' },
    userCookie: { email: 'plain@example.com', name: 'Plain User' },
  });
  let admin: AdminUser;
  const people = [
    { name: 'Alice Smith', email: 'alice@example.com' },
    { name: 'Bob Jones', email: 'bob@example.com' },
    { name: 'Discount 50% off', email: 'discount@example.com' },
    { name: '500 Club', email: 'club@example.com' },
    { name: 'Underscore', email: 'ab_c@example.com' },
    { name: 'No Underscore', email: 'abxc@example.com' },
    { name: 'Болормаа Сүхбаатар', email: 'bolormaa@example.com' },
  ];
  const cookies = new Map<string, string>();

  const list = (query = '', cookie = accounts.adminCookie) => t.get(`/api/admin/users${query}`, { cookie });
  const listOk = async (query = '', cookie = accounts.adminCookie) => {
    const response = await list(query, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AdminUsersResponse;
  };
  const setRole = (id: string, body: unknown, cookie = accounts.adminCookie) =>
    t.send('PATCH', `/api/admin/users/${id}/role`, { cookie, body });
  const userByEmail = async (email: string) => {
    const { items } = await listOk(`?q=${encodeURIComponent(email)}`);
    const found = items.find((item) => item.email === email);
    if (!found) throw new Error(`${email} not listed`);
    return found;
  };

  beforeAll(async () => {
    for (const person of people) cookies.set(person.email, await t.signUp(person.email, undefined, person.name));
    admin = await userByEmail(ADMIN_EMAIL);
  });

  describe('access', () => {
    it('answers 401 to anonymous callers on both routes', async () => {
      const listing = await list('', '');
      expect(listing.statusCode).toBe(401);
      expect(errorOf(listing).code).toBe('UNAUTHENTICATED');
      const patch = await setRole(admin.id, { role: 'user' }, '');
      expect(patch.statusCode).toBe(401);
      expect(errorOf(patch).code).toBe('UNAUTHENTICATED');
    });

    it('answers 403 to role user on both routes, and changes nothing', async () => {
      const listing = await list('', accounts.userCookie);
      expect(listing.statusCode).toBe(403);
      expect(errorOf(listing)).toEqual({ code: 'FORBIDDEN', message: 'You do not have permission to do this.' });

      const plain = await userByEmail('plain@example.com');
      const patch = await setRole(plain.id, { role: 'admin' }, accounts.userCookie);
      expect(patch.statusCode).toBe(403);
      expect(errorOf(patch).code).toBe('FORBIDDEN');
      expect((await userByEmail('plain@example.com')).role).toBe('user');
    });
  });

  describe('listing', () => {
    it('lists every user newest first with the total, and only the public fields', async () => {
      const page = await listOk();
      expect(page.total).toBe(people.length + 2);
      expect(page.items).toHaveLength(people.length + 2);
      expect(page.items[0]!.email).toBe(people.at(-1)!.email);
      expect(page.items.at(-1)!.email).toBe(ADMIN_EMAIL);
      for (const item of page.items) {
        expect(Object.keys(item).sort()).toEqual(['createdAt', 'email', 'id', 'lastLoginAt', 'name', 'role']);
      }
      // Signing up signs in, which is recorded.
      expect(page.items.every((item) => item.lastLoginAt !== null)).toBe(true);
    });

    it('pages with pageSize, the total staying that of the whole list', async () => {
      const all = await listOk('?pageSize=100');
      expect(all.total).toBe(people.length + 2);
      const seen: string[] = [];
      for (const [page, size] of [
        [1, 3],
        [2, 3],
        [3, 3],
      ] as const) {
        const result = await listOk(`?page=${page}&pageSize=3`);
        expect(result.total).toBe(all.total);
        expect(result.items).toHaveLength(size);
        seen.push(...result.items.map((item) => item.id));
      }
      // Every user exactly once, in the order of the whole list.
      expect(seen).toEqual(all.items.map((item) => item.id));
      expect(await listOk('?page=4&pageSize=3')).toEqual({ items: [], total: all.total });
    });

    it('searches name and email, ignoring case', async () => {
      const byName = await listOk('?q=JONES');
      expect(byName.items.map((item) => item.email)).toEqual(['bob@example.com']);
      expect(byName.total).toBe(1);

      const byEmail = await listOk('?q=Alice%40Example');
      expect(byEmail.items.map((item) => item.name)).toEqual(['Alice Smith']);

      // Cyrillic too, under the embedded database's C locale (the test databases have it).
      for (const q of ['болормаа', 'СҮХБААТАР', 'Болормаа Сүх'])
        expect(
          (await listOk(`?q=${encodeURIComponent(q)}`)).items.map((item) => item.email),
          q,
        ).toEqual(['bolormaa@example.com']);
    });

    it('takes % and _ in a search literally', async () => {
      const percent = await listOk(`?q=${encodeURIComponent('50%')}`);
      expect(percent.items.map((item) => item.name)).toEqual(['Discount 50% off']);

      const underscore = await listOk('?q=ab_c');
      expect(underscore.items.map((item) => item.email)).toEqual(['ab_c@example.com']);

      expect((await listOk(`?q=${encodeURIComponent('%')}`)).total).toBe(1);
      expect((await listOk('?q=_')).total).toBe(1);
    });

    it('filters by role, alone and with a search', async () => {
      const admins = await listOk('?role=admin');
      expect(admins.items.map((item) => item.email)).toEqual([ADMIN_EMAIL]);
      expect(admins.total).toBe(1);

      const users = await listOk('?role=user');
      expect(users.total).toBe(people.length + 1);
      expect(users.items.every((item) => item.role === 'user')).toBe(true);

      expect((await listOk('?role=admin&q=alice')).items).toEqual([]);
    });
  });

  describe('changing roles', () => {
    it('promotes a user, who may then use the back office, and demotes them again at once', async () => {
      const bob = await userByEmail('bob@example.com');
      const bobCookie = cookies.get('bob@example.com')!;
      expect((await list('', bobCookie)).statusCode).toBe(403);

      const promoted = await setRole(bob.id, { role: 'admin' });
      expect(promoted.statusCode).toBe(200);
      expect(promoted.json()).toMatchObject({ id: bob.id, email: 'bob@example.com', role: 'admin' });
      expect((await list('', bobCookie)).statusCode).toBe(200);
      expect((await t.get('/api/me', { cookie: bobCookie })).json()).toMatchObject({ role: 'admin' });
      expect((await listOk('?role=admin')).total).toBe(2);

      const demoted = await setRole(bob.id, { role: 'user' });
      expect(demoted.statusCode).toBe(200);
      expect(demoted.json()).toMatchObject({ id: bob.id, role: 'user' });
      // Demotion signs them out everywhere, Better Auth's own routes included, the very next request.
      const refused = await list('', bobCookie);
      expect(refused.statusCode).toBe(401);
      expect(errorOf(refused).code).toBe('UNAUTHENTICATED');
      expect((await t.get('/api/auth/get-session', { cookie: bobCookie })).json()).toBeNull();
      // Signing in again gives a session with the new role.
      const again = await t.signIn('bob@example.com');
      expect((await t.get('/api/me', { cookie: again })).json()).toMatchObject({ role: 'user' });
      expect((await list('', again)).statusCode).toBe(403);
    });

    it('keeps the sessions of a promoted user, and of a user set to the role they had', async () => {
      const alice = await userByEmail('alice@example.com');
      const aliceCookie = cookies.get('alice@example.com')!;
      expect((await setRole(alice.id, { role: 'user' })).statusCode).toBe(200);
      expect((await t.get('/api/me', { cookie: aliceCookie })).statusCode).toBe(200);
      expect((await setRole(alice.id, { role: 'admin' })).statusCode).toBe(200);
      expect((await list('', aliceCookie)).statusCode).toBe(200);
      // Back to user: that is a demotion.
      expect((await setRole(alice.id, { role: 'user' })).statusCode).toBe(200);
      expect((await t.get('/api/me', { cookie: aliceCookie })).statusCode).toBe(401);
      cookies.set('alice@example.com', await t.signIn('alice@example.com'));
    });

    it("refuses to change one's own role with 409 CANNOT_CHANGE_OWN_ROLE", async () => {
      const response = await setRole(admin.id, { role: 'user' });
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toEqual({
        code: 'CANNOT_CHANGE_OWN_ROLE',
        message: 'You cannot change your own role.',
      });
      expect((await t.get('/api/me', { cookie: accounts.adminCookie })).json()).toMatchObject({ role: 'admin' });
    });

    it('answers 404 NOT_FOUND for an unknown id', async () => {
      const response = await setRole('00000000-0000-0000-0000-000000000000', { role: 'admin' });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    });
  });

  describe('signing a user out everywhere', () => {
    const revoke = (id: string, cookie = accounts.adminCookie) =>
      t.send('POST', `/api/admin/users/${id}/sessions/revoke`, { cookie });

    it("ends every session of that user, on every route, and no one else's", async () => {
      const club = await userByEmail('club@example.com');
      const first = cookies.get('club@example.com')!;
      const second = await t.signIn('club@example.com');
      const bystander = cookies.get('discount@example.com')!;

      const response = await revoke(club.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ revoked: 2 });
      for (const cookie of [first, second]) {
        expect((await t.get('/api/me', { cookie })).statusCode).toBe(401);
        expect((await t.get('/api/auth/get-session', { cookie })).json()).toBeNull();
      }
      expect((await t.get('/api/me', { cookie: bystander })).statusCode).toBe(200);
      expect((await t.get('/api/me', { cookie: accounts.adminCookie })).statusCode).toBe(200);
      expect((await revoke(club.id)).json()).toEqual({ revoked: 0 });
    });

    it('answers 404 NOT_FOUND for an unknown id', async () => {
      const response = await revoke('00000000-0000-0000-0000-000000000000');
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    });

    it('is for admins only: 401 anonymous, 403 role user, and nothing ends', async () => {
      const plain = await userByEmail('plain@example.com');
      expect((await revoke(admin.id, '')).statusCode).toBe(401);
      const refused = await revoke(admin.id, accounts.userCookie);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe('FORBIDDEN');
      expect((await revoke(plain.id, accounts.userCookie)).statusCode).toBe(403);
      expect((await t.get('/api/me', { cookie: accounts.adminCookie })).statusCode).toBe(200);
      expect((await t.get('/api/me', { cookie: accounts.userCookie })).statusCode).toBe(200);
    });
  });

  describe('validation', () => {
    it.each([
      ['an unknown role', { role: 'superuser' }, 'body.role'],
      ['no role', {}, 'body.role'],
      ['a role of the wrong type', { role: 1 }, 'body.role'],
    ])('answers 400 VALIDATION_FAILED with details to %s, and changes nothing', async (_label, body, path) => {
      const alice = await userByEmail('alice@example.com');
      const response = await setRole(alice.id, body);
      expect(response.statusCode).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.message).toBe('Some of the information is not valid. Please check it and try again.');
      expect(error.details).toEqual(
        expect.arrayContaining([expect.objectContaining({ path, message: expect.any(String) })]),
      );
      expect((await userByEmail('alice@example.com')).role).toBe('user');
    });

    it.each([
      ['pageSize over 100', '?pageSize=101', 'querystring.pageSize'],
      ['pageSize 0', '?pageSize=0', 'querystring.pageSize'],
      ['page 0', '?page=0', 'querystring.page'],
      ['page not a number', '?page=two', 'querystring.page'],
      ['an unknown role', '?role=owner', 'querystring.role'],
    ])('answers 400 VALIDATION_FAILED with details to %s', async (_label, query, path) => {
      const response = await list(query);
      expect(response.statusCode).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    });

    it('accepts pageSize 100', async () => {
      expect((await list('?pageSize=100')).statusCode).toBe(200);
    });
  });
});
