import { useSyncExternalStore } from 'react';
import type { SessionUser } from '@aylal/shared/schemas/auth';
import { apiRequest, ApiRequestError } from './api-client.ts';

/** Set by the server beside its HttpOnly session cookie; without it there is no session to ask about. */
const SESSION_HINT = /(?:^|;\s*)aylal_signed_in=1/;

/** The signed-in user, or null when signed out. The server's session cookie is the authority. */
export async function getMe(): Promise<SessionUser | null> {
  if (!SESSION_HINT.test(document.cookie)) return null;
  try {
    return await apiRequest<SessionUser>('/api/me');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

export type Session =
  | { status: 'pending'; user: null }
  | { status: 'ready'; user: SessionUser | null }
  | { status: 'error'; user: null; error: unknown };

// The session is global state read by the header and the guards on every page; a tiny store keeps
// it off the data-fetching library so the landing route stays light.
let session: Session = { status: 'pending', user: null };
const listeners = new Set<() => void>();

function setSession(next: Session) {
  session = next;
  for (const listener of listeners) listener();
}

export function setSessionUser(user: SessionUser | null) {
  setSession({ status: 'ready', user });
}

/**
 * The person has left (signed out, or deleted their account): nobody is signed in, and nothing
 * cached for them may show to whoever uses this tab next.
 */
export function forgetSignedIn() {
  setSessionUser(null);
  void import('./query-client.ts').then(({ queryClient }) => queryClient.clear());
}

/** Asks the server who is signed in (no request at all for visitors without a session). */
export async function refreshSession(): Promise<SessionUser | null> {
  try {
    const user = await getMe();
    setSessionUser(user);
    return user;
  } catch (error) {
    setSession({ status: 'error', user: null, error });
    return null;
  }
}

export function subscribeToSession(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const PENDING: Session = { status: 'pending', user: null };

/**
 * The session for a component. Pages drawn by the server show the session as not yet known (the
 * header's placeholder), and so does their hydration, whatever the browser has learnt meanwhile.
 */
export function useSession(): Session {
  return useSyncExternalStore(
    subscribeToSession,
    () => session,
    () => PENDING,
  );
}
