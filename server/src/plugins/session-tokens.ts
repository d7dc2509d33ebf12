import { readSessionToken, type SessionCookieKey } from './session-cookie.ts';

/**
 * Session tokens never reach the browser's scripts (docs/decisions/022): the session cookie is
 * HttpOnly, yet Better Auth also answers the token in JSON (sign-in, sign-up, get-session) and
 * every device's token in `/list-sessions`, where one script injected into a page could read them
 * all. Those answers keep their shape without it; devices are told apart by `id`, the caller's own
 * marked `current`, and signed out by id (`DELETE /api/account/sessions/:id`).
 *
 * Returns the answer to send instead, or undefined to leave it as it is.
 */
export function withoutSessionTokens(
  returned: unknown,
  cookieHeader: string | null | undefined,
  key: SessionCookieKey,
): unknown {
  if (Array.isArray(returned)) {
    if (!returned.every((item) => isRecord(item) && typeof item.token === 'string' && typeof item.id === 'string')) {
      return undefined;
    }
    const own = readSessionToken(cookieHeader ?? undefined, key);
    return returned.map(({ token, ...session }: Record<string, unknown>) => ({ ...session, current: token === own }));
  }
  if (!isRecord(returned)) return undefined;
  let changed = false;
  let answer: Record<string, unknown> = returned;
  if ('token' in answer && 'user' in answer) {
    const { token: _token, ...rest } = answer;
    answer = rest;
    changed = true;
  }
  if (isRecord(answer.session) && 'token' in answer.session) {
    const { token: _token, ...session } = answer.session;
    answer = { ...answer, session };
    changed = true;
  }
  return changed ? answer : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
