import { expect, it } from 'vitest';
import { errorOf, type TestApp } from './helpers.ts';

type Route = readonly [Parameters<TestApp['send']>[0], string];

/**
 * A test per back-office route: signed out it answers 401 UNAUTHENTICATED, to a signed-in user who
 * is not staff (`userCookie`) 403 FORBIDDEN.
 */
export function itIsStaffOnly(t: TestApp, userCookie: () => string, routes: readonly Route[]) {
  it.each(routes)('%s %s: 401 signed out, 403 for a user', async (method, url) => {
    const anonymous = await t.send(method, url);
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).code).toBe('UNAUTHENTICATED');
    const asUser = await t.send(method, url, { cookie: userCookie() });
    expect(asUser.statusCode).toBe(403);
    expect(errorOf(asUser).code).toBe('FORBIDDEN');
  });
}
