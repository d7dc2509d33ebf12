import { describe, expect, it } from 'vitest';
import { cookieHeader, errorOf, useTestApp } from '../../../test/helpers.ts';

describe('GET /api/me', () => {
  const t = useTestApp();

  it('answers 401 UNAUTHENTICATED in the error shape when signed out', async () => {
    for (const cookie of [undefined, 'aylal.session_token=forged.value']) {
      const response = await t.get('/api/me', { cookie });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toEqual({ code: 'UNAUTHENTICATED', message: 'Please login to continue.' });
    }
  });

  it('returns exactly the session user after sign-up', async () => {
    const signUp = await t.authPost('/sign-up/email', {
      email: 'dulma@example.com',
      password: 'a-good-password',
      name: 'Dulma Bat',
    });
    expect(signUp.statusCode).toBe(200);
    const { user } = signUp.json() as { user: { id: string } };

    const response = await t.get('/api/me', { cookie: cookieHeader(signUp) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toStrictEqual({
      id: user.id,
      name: 'Dulma Bat',
      email: 'dulma@example.com',
      emailVerified: false,
      picture: null,
      phoneNumber: null,
      role: 'user',
      hasCV: false,
      hasVisa: false,
      hasProfile: false,
    });
  });

  it('makes an ADMIN_EMAILS address an admin once verified through its link, whatever its case', async () => {
    const cookie = await t.signUp('Admin@Example.COM', undefined, undefined, { verify: false });
    expect((await t.get('/api/me', { cookie })).json()).toMatchObject({ role: 'user', emailVerified: false });
    await t.verifyEmail('admin@example.com');
    const response = await t.get('/api/me', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: 'admin@example.com', role: 'admin', emailVerified: true });

    // Someone else is not.
    const other = await t.get('/api/me', { cookie: await t.signUp('administrator@example.com') });
    expect(other.json()).toMatchObject({ role: 'user' });
  });

  it('answers 401 again after sign-out, even to the old cookie', async () => {
    const cookie = await t.signUp('leaving@example.com');
    expect((await t.get('/api/me', { cookie })).statusCode).toBe(200);

    const signOut = await t.authPost('/sign-out', {}, { cookie });
    expect(signOut.statusCode).toBe(200);

    const response = await t.get('/api/me', { cookie });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('UNAUTHENTICATED');
  });
});
