/** localStorage that never throws (private mode, disabled storage). */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the choice lasts for this visit only.
  }
}

/**
 * A choice the server needs to draw a page as the reader will see it (language, currency), kept
 * in a cookie beside local storage for a year.
 */
export function writeChoiceCookie(key: string, value: string): void {
  try {
    document.cookie = `${key}=${encodeURIComponent(value)}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // No cookies: the server draws the defaults and the page redraws itself.
  }
}
