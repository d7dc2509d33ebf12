/** A cookie the web app can read (the session cookie is HttpOnly) to skip /api/me for visitors. */
export const SESSION_HINT_COOKIE = 'aylal_signed_in';

/**
 * Mirrors the session cookie's lifetime in a readable, value-free hint cookie: signed-out
 * visitors then make no session request at all.
 */
export function withSessionHint(cookies: string[], secure: boolean): string[] {
  // The last one counts: a sign-in that asks for the second factor sets the cookie, then clears it.
  const session = cookies.findLast((cookie) => /^(__Secure-)?aylal\.session_token=/.test(cookie));
  if (!session) return cookies;
  const value = session.slice(session.indexOf('=') + 1).split(';')[0];
  const maxAge = /Max-Age=(\d+)/i.exec(session)?.[1];
  const cleared = !value || maxAge === '0';
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return [
    ...cookies,
    cleared
      ? `${SESSION_HINT_COOKIE}=; Max-Age=0; ${attributes}`
      : `${SESSION_HINT_COOKIE}=1; Max-Age=${maxAge ?? 2592000}; ${attributes}`,
  ];
}
