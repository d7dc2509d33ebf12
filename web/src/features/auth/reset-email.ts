const KEY = 'resetEmail';

/**
 * The address a password reset was asked for, kept in this browser until the reset is done, so the
 * login panel that opens afterwards has it filled in (a link opened on another device finds none).
 */
export function rememberResetEmail(email: string): void {
  try {
    window.localStorage.setItem(KEY, email);
  } catch {
    // Storage unavailable: the panel opens with the email empty.
  }
}

/** The remembered address, once: it is forgotten as it is read. */
export function takeResetEmail(): string | undefined {
  try {
    const email = window.localStorage.getItem(KEY) ?? undefined;
    window.localStorage.removeItem(KEY);
    return email;
  } catch {
    return undefined;
  }
}
