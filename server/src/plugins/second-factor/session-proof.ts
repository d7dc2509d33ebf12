// How fresh a session is and whether it may act as staff (docs/decisions/023).

/** How long a sign-in (or a confirmation with the password or a code) counts as fresh. */
export const FRESH_SIGN_IN_SECONDS = 15 * 60;

/** What a session records of how it was made (columns of `sessions`). */
export interface SessionProof {
  createdAt: Date;
  secondFactorAt: Date | null;
  confirmedAt: Date | null;
}

/** Until when the session counts as freshly signed in: 15 minutes after its sign-in or last confirmation. */
export function freshUntil(session: Pick<SessionProof, 'createdAt' | 'confirmedAt'>): Date {
  const last = Math.max(session.createdAt.getTime(), session.confirmedAt?.getTime() ?? 0);
  return new Date(last + FRESH_SIGN_IN_SECONDS * 1000);
}

export function isFresh(session: Pick<SessionProof, 'createdAt' | 'confirmedAt'>, now = new Date()): boolean {
  return freshUntil(session).getTime() > now.getTime();
}

export type StaffTwoFactor = 'required' | 'optional';
/** Whether an admin's session may act as staff: yes, or first enrol a second factor, or first give it. */
export type StaffAccess = 'granted' | 'enrol' | 'verify';

/**
 * The staff rule: where STAFF_TWO_FACTOR is `required` an admin needs a second factor; wherever an
 * admin has one, their session counts as staff only once it was given in that session.
 */
export function staffAccess(
  mode: StaffTwoFactor,
  account: { hasSecondFactor: boolean; secondFactorAt: Date | null },
): StaffAccess {
  if (!account.hasSecondFactor) return mode === 'required' ? 'enrol' : 'granted';
  return account.secondFactorAt ? 'granted' : 'verify';
}

/** A Better Auth session's sign-in and last confirmation, as the checks read it (dates may come as strings). */
export function proofOf(session: { createdAt: Date | string; confirmedAt?: Date | string | null }) {
  return {
    createdAt: new Date(session.createdAt),
    confirmedAt: session.confirmedAt ? new Date(session.confirmedAt) : null,
  };
}
